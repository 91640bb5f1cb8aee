import Foundation
import HierarchyKit
import HierarchySources
import Hummingbird
import ServiceLifecycle

/// The page and the JSON API of the web face as routes of an application's own router, under
/// a path of the application's choice and behind its own middleware (authentication, logging):
///
/// ```swift
/// let router = Router()
/// router.add(middleware: MyAuthenticator())
/// let plant = try HierarchyRoutes(source: plantSource, sourceName: "Plant")
/// plant.addRoutes(to: router.group("plant"))
/// let app = Application(router: router, services: [plant])
/// try await app.runService()
/// ```
///
/// The page is served at the group's path (`/plant/`; `/plant` redirects there) and fetches
/// everything relative to it, so any prefix works, and several hierarchies can be mounted on one
/// router. The routes are read-only unless `configuration.allowsEdits` is set: the page shows no
/// add and delete buttons, and such requests are answered with 403. Adding the value to the
/// application's services drops idle sessions on a timer (without it they are dropped only
/// when a request comes).
///
/// The application's middleware decides who may connect; the routes refuse state-changing
/// requests and event streams a browser sends from another site (`Origin`, `Sec-Fetch-Site`),
/// limit request targets and bodies, and set a content security policy on their answers.
/// `HierarchyWebServer` serves the same routes as a server of its own.
public struct HierarchyRoutes: Sendable {
    /// Limits, direction, colours and whether edits are allowed. The host, port, access token
    /// and read timeout apply only to `HierarchyWebServer`: a mounting application listens and
    /// authenticates itself.
    public let configuration: HierarchyWebServer.Configuration
    let store: WebSessionStore
    let page: WebPageResources

    /// Routes over one source; every session browses it.
    ///
    /// - Parameters:
    ///   - source: the hierarchy (shared by all sessions; sources are `Sendable`).
    ///   - sourceName: shown in the page's title bar.
    ///   - startID: the item to start at instead of the root.
    ///   - configuration: limits, direction, colours; `allowsEdits` (off by default) lets the page
    ///     add and delete items of an editable store.
    ///   - now: the clock for session expiry and type-select (injected for tests).
    /// - Throws: when the page's files are missing from the bundle.
    public init(
        source: any HierarchySource, sourceName: String, startID: String? = nil,
        configuration: HierarchyWebServer.Configuration = .init(),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) throws {
        self.configuration = configuration
        self.page = try WebPageResources.load(theme: configuration.theme)
        self.store = WebSessionStore(
            source: source, sourceName: sourceName, startID: startID,
            maximumSessions: configuration.sessionLimit, idleTimeout: configuration.idleTimeout,
            defaultRightToLeft: configuration.rightToLeft,
            memoryLimit: configuration.checksResidentMemory ? configuration.memoryLimit : nil,
            allowsEdits: configuration.allowsEdits, now: now)
    }

    /// Routes showing a new controller in every browser session (see
    /// ``HierarchyWebServer/init(host:port:title:configuration:makeController:now:)``).
    ///
    /// - Parameters:
    ///   - title: shown in the page's title bar.
    ///   - configuration: limits and direction.
    ///   - makeController: called on the main actor once per browser session.
    ///   - now: the clock for session expiry and type-select (injected for tests).
    /// - Throws: when the page's files are missing from the bundle.
    public init(
        title: String = "Hierarchy", configuration: HierarchyWebServer.Configuration = .init(),
        makeController: @escaping @MainActor @Sendable () -> HierarchyViewController,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) throws {
        self.configuration = configuration
        self.page = try WebPageResources.load(theme: configuration.theme)
        self.store = WebSessionStore(
            content: .controller(makeController), sourceName: title,
            maximumSessions: configuration.sessionLimit, idleTimeout: configuration.idleTimeout,
            defaultRightToLeft: configuration.rightToLeft,
            memoryLimit: configuration.checksResidentMemory ? configuration.memoryLimit : nil,
            allowsEdits: configuration.allowsEdits, now: now)
    }

    /// Adds the page and the API to `router`, usually a group: `addRoutes(to: router.group("tree"))`
    /// serves the page at `/tree/` and the API under `/tree/api/`. The group's middleware, and the
    /// router's, run before every route.
    ///
    /// - Endpoints (relative to the group; JSON answers carry `{"error": "..."}` on failure):
    ///   - `GET /` the page (a path without its final slash is redirected to one with it),
    ///     `GET /transport.js`, `/app.js`, `/edit.js`, `/app.css`
    ///   - `POST /api/sessions` `{"width", "height", "rtl"?, "restore"?: {"focus"}}`: a new session
    ///     and its first snapshot (503 when as many sessions are kept as memory allows)
    ///   - `GET /api/sessions/{id}`: the current snapshot; `?after=N` waits (bounded) for a newer one
    ///   - `GET /api/sessions/{id}/events`: a server-sent event stream of snapshots
    ///   - `POST /api/sessions/{id}/actions` `{"type": ...}`: applies one action, returns the
    ///     snapshot (`add` and `delete` answer 403 unless edits are allowed)
    ///   - `GET /api/sessions/{id}/search?q=...&offset=N`: a page of search results
    ///   - `DELETE /api/sessions/{id}`
    public func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>) {
        add(
            to: router.group()
                .add(middleware: WebLimitsMiddleware<Context>())
                .add(middleware: WebSameSiteMiddleware<Context>()))
    }

    /// Adds the routes without middleware of their own (the server adds it to its whole router).
    func add<Context: RequestContext>(to router: some RouterMethods<Context>) {
        let page = self.page
        router.get("/") { request, _ in Self.pageAtFolder(request) ?? page.response(for: .html) }
        router.get("/index.html") { _, _ in page.response(for: .html) }
        router.get("/transport.js") { _, _ in page.response(for: .transport) }
        router.get("/app.js") { _, _ in page.response(for: .script) }
        router.get("/app.css") { _, _ in page.response(for: .style) }
        router.get("/edit.js") { _, _ in page.response(for: .editing) }

        let api = WebAPI(
            store: store, pollTimeout: configuration.pollTimeout, heartbeat: configuration.heartbeat,
            editLog: configuration.editLog)
        router.post("/api/sessions") { request, _ in
            await WebAPI.answer { try await api.createSession(request) }
        }
        router.get("/api/sessions/:id") { request, context in
            await WebAPI.answer {
                try await api.snapshot(
                    id: context.parameters.get("id") ?? "", after: request.uri.queryParameters["after"].map(String.init)
                )
            }
        }
        router.delete("/api/sessions/:id") { _, context in
            await WebAPI.answer { try api.delete(id: context.parameters.get("id") ?? "") }
        }
        router.post("/api/sessions/:id/actions") { request, context in
            await WebAPI.answer {
                try await api.act(id: context.parameters.get("id") ?? "", request, client: Self.client(of: context))
            }
        }
        router.get("/api/sessions/:id/events") { _, context in
            await WebAPI.answer { try api.events(id: context.parameters.get("id") ?? "") }
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
    }

    /// A redirect to `path/` for the page asked for without its final slash (`/tree`), whose
    /// relative addresses would otherwise resolve outside the mount point; nil at `path/`.
    static func pageAtFolder(_ request: Request) -> Response? {
        let path = request.uri.path
        guard !path.hasSuffix("/") else { return nil }
        let query = request.uri.query.map { "?" + $0 } ?? ""
        return Response(status: .permanentRedirect, headers: [.location: path + "/" + query])
    }

    /// The client's address (`127.0.0.1:52144`, `[::1]:52144`), when the context knows it.
    static func client(of context: some RequestContext) -> String {
        guard let address = (context as? any RemoteAddressRequestContext)?.remoteAddress else { return "-" }
        guard let ip = address.ipAddress else { return address.pathname ?? "-" }
        let host = ip.contains(":") ? "[\(ip)]" : ip
        return address.port.map { "\(host):\($0)" } ?? host
    }

    /// How often idle sessions are looked for without a request: a quarter of the shortest
    /// timeout, between 1 and 15 seconds.
    var sweepInterval: Duration {
        let shortest = min(configuration.idleTimeout, store.unclaimedTimeout)
        return min(max(shortest / 4, .seconds(1)), .seconds(15))
    }

    /// Drops every session: their event streams and long polls end.
    public func removeAllSessions() {
        store.removeAll()
    }
}

extension HierarchyRoutes: Service {
    /// Drops idle sessions on a timer until the application shuts down gracefully; then drops
    /// them all, so their event streams end and the server can stop.
    public func run() async throws {
        let store = store
        let interval = sweepInterval
        await cancelWhenGracefulShutdown {
            await store.sweep(every: interval)
        }
        store.removeAll()
    }
}
