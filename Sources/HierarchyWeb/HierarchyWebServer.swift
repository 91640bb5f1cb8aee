import Foundation
import HierarchyKit
import HierarchySources
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The web face: a Hummingbird server with one page and the JSON endpoints the page
/// uses. Every browser tab gets a session that holds its own `HierarchyView`; the page
/// only draws the snapshots the server pushes and forwards gestures and keys.
///
/// The endpoints are those of ``HierarchyRoutes`` at the server's root (an application of its
/// own mounts them under a prefix instead). The server is read-only unless
/// `configuration.allowsEdits` is set.
///
/// Every request must name this server in one `Host` field, with its port unless it listens on
/// port 80 (an absolute-form target must name the same host); state-changing requests and event streams
/// from a browser must come from its own page (`Origin`); a server with an access token
/// (required off loopback) wants it on every request (see `WebAccessMiddleware`).
public struct HierarchyWebServer: Sendable {
    /// Where to listen, who may connect and how much to keep.
    public struct Configuration: Sendable {
        /// The address to bind (loopback by default).
        public var host: String
        /// The port; 0 picks a free one.
        public var port: Int
        /// Lay the columns out right to left unless the page asks otherwise.
        public var rightToLeft: Bool
        /// The page's colours (`serve --theme`), nil for the page's own.
        public var theme: Theme?
        /// At most this many sessions live at once; nil: as many as `memoryLimit` allows at
        /// `sessionMemoryBudget` each.
        public var maximumSessions: Int?
        /// The resident memory (bytes) above which new sessions are refused with 503, when
        /// `checksResidentMemory` is on; it also sets the session count when `maximumSessions` is nil.
        public var memoryLimit: Int
        /// Whether the process's resident memory is checked against `memoryLimit` before a session
        /// is made (`hierarchy serve` turns it on; off by default, for a server inside a larger process).
        public var checksResidentMemory = false
        /// A session with no request and no open event stream for this long is dropped.
        public var idleTimeout: Duration
        /// The longest a snapshot request with `after` waits for a change.
        public var pollTimeout: Duration
        /// How often an idle event stream sends a comment line (and finds a client that left).
        public var heartbeat: Duration
        /// The token every request must carry; required when `host` is not a loopback address.
        public var accessToken: String?
        /// A connection that sends no part of a request for this long is closed: a request head
        /// never finished (a slowloris client), a body that stalls, a kept-alive connection with
        /// no next request. One waiting for its answer (a long poll, an event stream) is not.
        public var readTimeout: Duration = .seconds(10)
        /// Whether the page may add and delete items of an editable store (an SQLite or PostgreSQL
        /// store). Off by default: the page shows no add and delete buttons, and such requests are
        /// answered with 403 (`hierarchy serve --allow-edits` turns it on).
        public var allowsEdits = false
        /// Receives one line per change made through the page, when edits are allowed: the time
        /// (ISO 8601), the client's address, the action and the ids
        /// (`2026-11-28T03:14:07Z 127.0.0.1:52144 delete id="a2" items=3`). Writes the line on
        /// standard error by default.
        public var editLog: @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }

        /// Makes a configuration; each parameter sets the property of the same name.
        public init(
            host: String = "127.0.0.1", port: Int = 8080, rightToLeft: Bool = false,
            maximumSessions: Int? = nil, memoryLimit: Int = 512 << 20,
            idleTimeout: Duration = .seconds(5 * 60), pollTimeout: Duration = .seconds(25),
            heartbeat: Duration = .seconds(15), accessToken: String? = nil, allowsEdits: Bool = false
        ) {
            self.host = host
            self.port = port
            self.rightToLeft = rightToLeft
            self.maximumSessions = maximumSessions
            self.memoryLimit = memoryLimit
            self.idleTimeout = idleTimeout
            self.pollTimeout = pollTimeout
            self.heartbeat = heartbeat
            self.accessToken = accessToken
            self.allowsEdits = allowsEdits
        }

        /// The memory set aside per session when `maximumSessions` is nil (bytes; a measured idle
        /// session takes less, see docs/performance.md, and an active one holds a few pages more).
        public static let sessionMemoryBudget = 1 << 20

        /// The number of sessions kept at most.
        public var sessionLimit: Int { max(1, maximumSessions ?? memoryLimit / Self.sessionMemoryBudget) }
    }

    /// A configuration the server refuses to run with.
    public struct ConfigurationError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The address could not be listened on.
    public struct ListenError: Error, CustomStringConvertible {
        /// Why, one line ("permission denied", "address already in use").
        public let description: String
        /// Whether the system refused the user (a port below 1024 without the privilege).
        public let isPermissionDenied: Bool
    }

    /// The largest request body accepted (bytes).
    public static let maximumBodySize = 16 * 1024
    /// The longest request target accepted (bytes).
    public static let maximumURISize = 4 * 1024
    /// The longest search query accepted (characters).
    public static let maximumQueryLength = 200
    /// Search results per page.
    public static let searchPageSize = 50

    /// The address, limits and access rules the server runs with.
    public let configuration: Configuration
    /// The page and the API this server serves.
    public let routes: HierarchyRoutes
    /// The list floorplan or linear hierarchy page and API, which take the root instead of
    /// ``routes`` (see `HierarchyWebServer+Screens.swift`).
    var screens: WebScreenRoutes?
    let access: WebAccessPolicy

    var store: WebSessionStore { routes.store }

    /// A server over one source; every session browses it.
    ///
    /// - Parameters:
    ///   - source: the hierarchy (shared by all sessions; sources are `Sendable`).
    ///   - sourceName: shown in the page's title bar.
    ///   - startID: the item to start at instead of the root.
    ///   - configuration: limits, direction, address and access token.
    ///   - now: the clock for session expiry and type-select (injected for tests).
    /// - Throws: when the page's files are missing from the bundle; `ConfigurationError` for a
    ///   non-loopback host without an access token.
    public init(
        source: any HierarchySource, sourceName: String, startID: String? = nil,
        configuration: Configuration = Configuration(),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) throws {
        try Self.check(configuration)
        self.configuration = configuration
        self.routes = try HierarchyRoutes(
            source: source, sourceName: sourceName, startID: startID, configuration: configuration, now: now)
        self.access = WebAccessPolicy(
            host: configuration.host, port: configuration.port, token: configuration.accessToken)
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
    /// - Throws: when the page's files are missing from the bundle; `ConfigurationError` for a
    ///   non-loopback host without an access token.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, title: String = "Hierarchy",
        configuration: Configuration = Configuration(),
        makeController: @escaping @MainActor @Sendable () -> HierarchyViewController,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) throws {
        var configuration = configuration
        configuration.host = host
        configuration.port = port
        try Self.check(configuration)
        self.configuration = configuration
        self.routes = try HierarchyRoutes(
            title: title, configuration: configuration, makeController: makeController, now: now)
        self.access = WebAccessPolicy(
            host: configuration.host, port: configuration.port, token: configuration.accessToken)
    }

    private static func check(_ configuration: Configuration) throws {
        if !WebAccessPolicy.isLoopback(configuration.host), (configuration.accessToken ?? "").isEmpty {
            throw ConfigurationError(
                description: "serving on \(configuration.host), a non-loopback address, needs an access token")
        }
    }

    /// Whether `host` is a loopback address (`127.0.0.0/8`, `::1`, `localhost`).
    public static func isLoopback(_ host: String) -> Bool { WebAccessPolicy.isLoopback(host) }

    /// A new random access token (64 hexadecimal digits).
    public static func makeAccessToken() -> String { WebAccessPolicy.makeToken() }

    /// The routes, for `run` and for tests: the access checks (`Host`, same-site requests, the
    /// token) and limits before every route, then ``HierarchyRoutes`` at the root.
    ///
    /// - Parameter context: the request context of the router (the basic one by default).
    public func makeRouter<Context: RequestContext>(context: Context.Type = BasicRequestContext.self) -> Router<Context>
    {
        let router = Router(context: Context.self)
        router.add(middleware: WebLimitsMiddleware())
        router.add(middleware: WebAccessMiddleware(policy: access))
        if let screens {
            screens.add(to: router)
        } else {
            routes.add(to: router)
        }
        return router
    }

    /// How often idle sessions are looked for without a request.
    var sweepInterval: Duration { routes.sweepInterval }

    /// The application, for `run` and for live tests.
    ///
    /// - Parameter onRunning: called with the address (`http://host:port/`, with `?token=` when
    ///   the server has an access token) once listening.
    public func makeApplication(onRunning: @escaping @Sendable (String) async -> Void = { _ in })
        -> some ApplicationProtocol
    {
        var logger = Logger(label: "hierarchy.serve")
        logger.logLevel = .warning
        let host = configuration.host
        let token = configuration.accessToken
        let access = self.access
        let limit = Self.maximumBodySize
        let (seconds, attoseconds) = configuration.readTimeout.components
        let readTimeout = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        return Application(
            router: makeRouter(context: WebRequestContext.self),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [
                        WebRequestTargetHandler.Installer(), WebBodyLimitHandler(limit: limit),
                    ],
                    idleTimeout: readTimeout)),
            configuration: .init(address: .hostname(host, port: configuration.port), serverName: "hierarchy"),
            services: [routes],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                access.bound(port: port)
                await onRunning(Self.address(host: host, port: port, token: token))
            },
            logger: logger)
    }

    /// The longest a signalled server waits for the answers it is writing before it stops.
    static let shutdownGrace: Duration = .seconds(3)

    /// Serves until SIGINT, SIGTERM or SIGHUP, then stops quietly: the sessions are dropped
    /// (their event streams and long polls end), idle connections are closed, and the answers
    /// being written get `shutdownGrace` to finish.
    ///
    /// - Parameter onRunning: called with the address once listening.
    /// - Returns: the number of the signal that stopped the server.
    /// - Throws: `ListenError` when the address cannot be bound.
    @discardableResult
    public func run(onRunning: @escaping @Sendable (String) async -> Void = Self.printAddress) async throws -> Int32? {
        let application = makeApplication(onRunning: onRunning)
        let store = self.store
        let screenStore = screens?.store
        var logger = Logger(label: "hierarchy.serve")
        logger.logLevel = .warning
        var groupConfiguration = ServiceGroupConfiguration(services: [application], logger: logger)
        groupConfiguration.maximumGracefulShutdownDuration = Self.shutdownGrace
        let group = ServiceGroup(configuration: groupConfiguration)
        // The handlers are in place before the server starts: a signal can never find the
        // default action replaced but nobody listening.
        let stopper = WebSignalStopper(signals: [SIGINT, SIGTERM, SIGHUP]) {
            store.removeAll()
            screenStore?.removeAll()
            Task { await group.triggerGracefulShutdown() }
        }
        defer { stopper.cancel() }
        do {
            try await group.run()
        } catch let error as IOError {
            guard stopper.received != nil else { throw Self.listenError(error) }
        } catch {
            guard stopper.received != nil else { throw error }
        }
        return stopper.received
    }

    /// A bind failure as one line.
    static func listenError(_ error: IOError) -> ListenError {
        let reason = String(cString: strerror(error.errnoCode)).lowercased()
        if error.errnoCode == EACCES || error.errnoCode == EPERM {
            return ListenError(description: reason + " (a port below 1024 needs privileges)", isPermissionDenied: true)
        }
        return ListenError(description: reason, isPermissionDenied: false)
    }

    /// Prints `Serving at ADDRESS` on standard output (the default of `run`).
    @Sendable
    public static func printAddress(_ address: String) async {
        FileHandle.standardOutput.write(Data("Serving at \(address)\n".utf8))
    }

    /// `http://host:port/`, with brackets around an IPv6 host and `?token=` when there is one.
    static func address(host: String, port: Int, token: String? = nil) -> String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)/" + (token.map { "?\(WebAccessPolicy.queryName)=\($0)" } ?? "")
    }
}

/// The server's request context: the basic one and the client's address (for the edit log).
struct WebRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
