import Foundation
import HierarchyKit
import HierarchySources
import Hummingbird
import Logging

/// The web face: a Hummingbird server with one page and the JSON endpoints the page
/// uses. Every browser tab gets a session that holds its own `HierarchyView`; the page
/// only draws the snapshots the server sends and forwards gestures and keys.
///
/// Endpoints (all JSON answers carry `{"error": "..."}` on failure):
/// - `GET /` the page, `GET /app.js`, `GET /app.css`
/// - `POST /api/sessions` `{"width", "height", "rtl"?}`: a new session and its first snapshot
/// - `GET /api/sessions/{id}`: the current snapshot
/// - `POST /api/sessions/{id}/actions` `{"type": ...}`: applies one action, returns the snapshot
/// - `GET /api/sessions/{id}/events?after=N`: waits (bounded) until the snapshot is newer than N
/// - `GET /api/sessions/{id}/search?q=...&offset=N`: a page of search results
/// - `DELETE /api/sessions/{id}`
public struct HierarchyWebServer: Sendable {
    /// Where to listen and how much to keep.
    public struct Configuration: Sendable {
        /// The address to bind (loopback by default).
        public var host: String
        /// The port; 0 picks a free one.
        public var port: Int
        /// Lay the columns out right to left unless the page asks otherwise.
        public var rightToLeft: Bool
        /// The page's colours (`serve --theme`), nil for the page's own.
        public var theme: Theme?
        /// At most this many sessions live at once.
        public var maximumSessions: Int
        /// A session without requests for this long is dropped.
        public var idleTimeout: Duration
        /// The longest an events request waits for a change.
        public var pollTimeout: Duration

        public init(host: String = "127.0.0.1", port: Int = 8080, rightToLeft: Bool = false,
                    maximumSessions: Int = 64, idleTimeout: Duration = .seconds(30 * 60),
                    pollTimeout: Duration = .seconds(25)) {
            self.host = host
            self.port = port
            self.rightToLeft = rightToLeft
            self.maximumSessions = maximumSessions
            self.idleTimeout = idleTimeout
            self.pollTimeout = pollTimeout
        }
    }

    /// The largest request body accepted (bytes).
    public static let maximumBodySize = 16 * 1024
    /// The longest request target accepted (bytes).
    public static let maximumURISize = 4 * 1024
    /// The longest search query accepted (characters).
    public static let maximumQueryLength = 200
    /// Search results per page.
    public static let searchPageSize = 50

    public let configuration: Configuration
    let store: WebSessionStore
    let page: WebPageResources

    /// A server over one source; every session browses it.
    ///
    /// - Parameters:
    ///   - source: the hierarchy (shared by all sessions; sources are `Sendable`).
    ///   - sourceName: shown in the page's title bar.
    ///   - startID: the item to start at instead of the root.
    ///   - now: the clock for session expiry and type-select (injected for tests).
    /// - Throws: when the page's files are missing from the bundle.
    public init(source: any HierarchySource, sourceName: String, startID: String? = nil,
                configuration: Configuration = Configuration(),
                now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) throws {
        self.configuration = configuration
        self.page = try WebPageResources.load(theme: configuration.theme)
        self.store = WebSessionStore(
            source: source, sourceName: sourceName, startID: startID,
            maximumSessions: configuration.maximumSessions, idleTimeout: configuration.idleTimeout,
            defaultRightToLeft: configuration.rightToLeft, now: now)
    }

    /// A server showing a new controller in every browser session: `viewDidLoad()` runs when
    /// the session opens, the page draws the cells configured in `cellForItemWith`, and taps
    /// and keys reach the controller's delegate methods.
    ///
    /// ```swift
    /// try await HierarchyWebServer(host: "127.0.0.1", port: 8080, makeController: { MyController() }).run()
    /// ```
    ///
    /// - Parameters:
    ///   - host: the address to bind (loopback by default).
    ///   - port: the port; 0 picks a free one.
    ///   - title: shown in the page's title bar.
    ///   - configuration: limits and direction (its host and port are replaced by `host` and `port`).
    ///   - makeController: called on the main actor once per browser session.
    ///   - now: the clock for session expiry and type-select (injected for tests).
    /// - Throws: when the page's files are missing from the bundle.
    public init(host: String = "127.0.0.1", port: Int = 8080, title: String = "Hierarchy",
                configuration: Configuration = Configuration(),
                makeController: @escaping @MainActor @Sendable () -> HierarchyViewController,
                now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) throws {
        var configuration = configuration
        configuration.host = host
        configuration.port = port
        self.configuration = configuration
        self.page = try WebPageResources.load(theme: configuration.theme)
        self.store = WebSessionStore(
            content: .controller(makeController), sourceName: title,
            maximumSessions: configuration.maximumSessions, idleTimeout: configuration.idleTimeout,
            defaultRightToLeft: configuration.rightToLeft, now: now)
    }

    /// The routes, for `run` and for tests.
    public func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: WebLimitsMiddleware())
        let page = self.page
        router.get("/") { _, _ in page.response(for: .html) }
        router.get("/index.html") { _, _ in page.response(for: .html) }
        router.get("/app.js") { _, _ in page.response(for: .script) }
        router.get("/app.css") { _, _ in page.response(for: .style) }
        router.get("/edit.js") { _, _ in page.response(for: .editing) }

        let api = WebAPI(store: store, pollTimeout: configuration.pollTimeout)
        router.post("/api/sessions") { request, context in
            await WebAPI.answer { try await api.createSession(request) }
        }
        router.get("/api/sessions/:id") { _, context in
            await WebAPI.answer { try await api.snapshot(id: context.parameters.get("id") ?? "") }
        }
        router.delete("/api/sessions/:id") { _, context in
            await WebAPI.answer { try await api.delete(id: context.parameters.get("id") ?? "") }
        }
        router.post("/api/sessions/:id/actions") { request, context in
            await WebAPI.answer {
                try await api.act(id: context.parameters.get("id") ?? "", request)
            }
        }
        router.get("/api/sessions/:id/events") { request, context in
            await WebAPI.answer {
                try await api.events(id: context.parameters.get("id") ?? "", after: request.uri.queryParameters["after"].map(String.init))
            }
        }
        router.get("/api/sessions/:id/search") { request, context in
            await WebAPI.answer {
                try await api.search(
                    id: context.parameters.get("id") ?? "",
                    query: request.uri.queryParameters["q"].map(String.init) ?? "",
                    offset: request.uri.queryParameters["offset"].map(String.init))
            }
        }
        router.get("/api/**") { _, _ in
            WebAPI.errorResponse(WebError.notFound("no such endpoint"))
        }
        return router
    }

    /// The application, for `run` and for live tests.
    ///
    /// - Parameter onRunning: called with the address (`http://host:port/`) once listening.
    public func makeApplication(onRunning: @escaping @Sendable (String) async -> Void = { _ in }) -> some ApplicationProtocol {
        var logger = Logger(label: "hierarchy.serve")
        logger.logLevel = .warning
        let host = configuration.host
        return Application(
            router: makeRouter(),
            configuration: .init(address: .hostname(host, port: configuration.port), serverName: "hierarchy"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                await onRunning(Self.address(host: host, port: port))
            },
            logger: logger)
    }

    /// Serves until SIGINT or SIGTERM.
    ///
    /// - Parameter onRunning: called with the address once listening.
    /// - Throws: when the address cannot be bound.
    public func run(onRunning: @escaping @Sendable (String) async -> Void = Self.printAddress) async throws {
        try await makeApplication(onRunning: onRunning).runService()
    }

    /// Prints `Serving at ADDRESS` on standard output (the default of `run`).
    @Sendable
    public static func printAddress(_ address: String) async {
        FileHandle.standardOutput.write(Data("Serving at \(address)\n".utf8))
    }

    /// `http://host:port/`, with brackets around an IPv6 host.
    static func address(host: String, port: Int) -> String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)/"
    }
}
