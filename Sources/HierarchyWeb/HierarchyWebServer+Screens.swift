import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchySources
import ListFloorplan

extension HierarchyWebServer {
    /// A server showing a new list floorplan in every browser tab: the floorplan's load step
    /// (`viewDidLoad()`, which sets a `FUIListFloorplan`'s search bar) runs when the tab opens;
    /// the page pages as the user scrolls, searches through the search bar, shows the
    /// empty-results view, the grid header, add and delete buttons where the floorplan has
    /// handlers, and an animated loading footer.
    ///
    /// ```swift
    /// try await HierarchyWebServer(host: "127.0.0.1", port: 8080, makeFloorplan: { makeProductList() }).run()
    /// ```
    ///
    /// - Parameters:
    ///   - host: The address to bind (loopback by default).
    ///   - port: The port; 0 picks a free one.
    ///   - title: Shown in the page's title bar.
    ///   - configuration: Limits and theme (its host and port are replaced by `host` and `port`).
    ///   - makeFloorplan: Called on the main actor once per browser tab.
    ///   - now: The clock for session expiry (injected for tests).
    /// - Throws: When the page's files are missing from the bundle; `ConfigurationError` for a
    ///   non-loopback host without an access token.
    public init<Floorplan: ListFloorplanController>(
        host: String = "127.0.0.1", port: Int = 8080, title: String = "List",
        configuration: Configuration = Configuration(),
        makeFloorplan: @escaping @MainActor @Sendable () -> Floorplan,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) throws {
        try self.init(host: host, port: port, title: title, configuration: configuration, now: now) {
            () throws(WebError) in
            WebListSession(floorplan: makeFloorplan(), title: title)
        }
    }

    /// A server showing a new linear hierarchy controller (`CBLinearHierarchyViewController`) in
    /// every browser tab: `viewDidLoad()` runs when the tab opens; the page draws the collection
    /// along its layout's scroll direction (a `tree`), and a click or Enter goes to the
    /// collection's delegate, which expands, collapses or selects; the page animates the
    /// engine's update list.
    ///
    /// ```swift
    /// try await HierarchyWebServer(host: "127.0.0.1", port: 8080, makeLinearController: { host.lhVC }).run()
    /// ```
    ///
    /// - Parameters:
    ///   - host: The address to bind (loopback by default).
    ///   - port: The port; 0 picks a free one.
    ///   - title: Shown in the page's title bar.
    ///   - configuration: Limits and theme (its host and port are replaced by `host` and `port`).
    ///   - makeLinearController: Called on the main actor once per browser tab; the session keeps
    ///     the controller (and through `retaining`, whatever else it needs) alive.
    ///   - now: The clock for session expiry (injected for tests).
    /// - Throws: When the page's files are missing from the bundle; `ConfigurationError` for a
    ///   non-loopback host without an access token.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, title: String = "Hierarchy",
        configuration: Configuration = Configuration(),
        makeLinearController: @escaping @MainActor @Sendable () -> LinearHierarchyViewController,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) throws {
        try self.init(host: host, port: port, title: title, configuration: configuration, now: now) {
            () throws(WebError) in
            WebLinearSession(controller: makeLinearController(), title: title)
        }
    }

    /// A server showing any source as a linear hierarchy (`hierarchy serve --layout
    /// linear-horizontal` or `linear-vertical`): the path from the root (or `startID`) as
    /// active cells, the children of the last one after them, read when it is expanded.
    ///
    /// - Parameters:
    ///   - source: The hierarchy (shared by all tabs).
    ///   - sourceName: Shown in the page's title bar.
    ///   - startID: The item to start at instead of the root.
    ///   - horizontal: A row (`true`) or a column of cells.
    ///   - configuration: Address, limits and theme.
    ///   - now: The clock for session expiry (injected for tests).
    /// - Throws: As the other initialisers.
    public init(
        linearSource source: any HierarchySource, sourceName: String, startID: String? = nil, horizontal: Bool,
        configuration: Configuration = Configuration(),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) throws {
        try self.init(
            host: configuration.host, port: configuration.port, title: sourceName, configuration: configuration,
            now: now
        ) { () throws(WebError) in
            let session = WebLinearSession(source: source, title: sourceName, horizontal: horizontal)
            try await session.start(at: startID)
            return session
        }
    }

    private init(
        host: String, port: Int, title: String, configuration: Configuration,
        now: @escaping @Sendable () -> ContinuousClock.Instant, make: @escaping WebScreenStore.Maker
    ) throws {
        // The hierarchy routes stay unused: the screen routes take the server's root.
        try self.init(
            host: host, port: port, title: title, configuration: configuration,
            makeController: { HierarchyViewController() }, now: now)
        let store = WebScreenStore(
            title: title, maximumSessions: self.configuration.sessionLimit, idleTimeout: self.configuration.idleTimeout,
            now: now, make: make)
        screens = WebScreenRoutes(
            store: store, page: try WebScreenPage.load(theme: self.configuration.theme),
            pollTimeout: self.configuration.pollTimeout)
    }
}
