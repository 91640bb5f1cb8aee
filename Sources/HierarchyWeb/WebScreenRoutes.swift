import Foundation
import HierarchyKit
import Hummingbird

/// The page and JSON endpoints of a list floorplan or linear hierarchy server, every path
/// relative to where they are added (a router, or a group under a prefix):
///
/// - `GET /` the page (`screen.html`), `GET /transport.js`, `/screen.js`, `/list.js`, `/linear.js`, `/screens.css`
/// - `POST /api/screens`: a new session and its first snapshot (503 when the server keeps as many
///   as it may)
/// - `GET /api/screens/{id}`: the current snapshot; `?after=N` waits (bounded) for a newer one
/// - `POST /api/screens/{id}/actions` `{"type": ...}` (see ``WebScreenAction``): applies one
///   action, returns the snapshot
/// - `DELETE /api/screens/{id}`
struct WebScreenRoutes: Sendable {
    let store: WebScreenStore
    let page: WebScreenPage
    /// The longest a snapshot request with `after` waits for a change.
    let pollTimeout: Duration

    /// Adds the routes.
    ///
    /// - Parameter router: A router or a router group.
    func add<Context: RequestContext>(to router: some RouterMethods<Context>) {
        let page = self.page
        router.get("/") { _, _ in page.response(for: .html) }
        router.get("/index.html") { _, _ in page.response(for: .html) }
        router.get("/transport.js") { _, _ in page.response(for: .transport) }
        router.get("/screen.js") { _, _ in page.response(for: .screen) }
        router.get("/list.js") { _, _ in page.response(for: .list) }
        router.get("/linear.js") { _, _ in page.response(for: .linear) }
        router.get("/screens.css") { _, _ in page.response(for: .style) }
        let store = self.store
        let pollTimeout = self.pollTimeout
        router.post("/api/screens") { _, _ in
            await WebAPI.answer { try WebAPI.json(try await store.create(), status: .created) }
        }
        router.get("/api/screens/:id") { request, context in
            await WebAPI.answer {
                let id = context.parameters.get("id") ?? ""
                let session = try store.session(id)
                let after = request.uri.queryParameters["after"].map(String.init)
                let snapshot = try await Self.snapshot(
                    session, id: id, after: after, timeout: pollTimeout, store: store)
                return try WebAPI.json(snapshot)
            }
        }
        router.post("/api/screens/:id/actions") { request, context in
            await WebAPI.answer {
                let id = context.parameters.get("id") ?? ""
                let session = try store.session(id)
                let action = try await WebAPI.decodeBody(request, as: WebScreenAction.self)
                let snapshot = try await Self.apply(action, to: session, id: id, store: store)
                return try WebAPI.json(snapshot)
            }
        }
        router.delete("/api/screens/:id") { _, context in
            await WebAPI.answer {
                let id = context.parameters.get("id") ?? ""
                _ = try store.session(id)
                store.remove(id)
                return Response(status: .noContent)
            }
        }
        router.get("/api/**") { _, _ in
            WebAPI.errorResponse(WebError.notFound("no such endpoint"))
        }
    }

    @MainActor
    private static func snapshot(
        _ session: any WebScreenSession, id: String, after: String?, timeout: Duration, store: WebScreenStore
    ) async throws(WebError) -> WebScreenSnapshot {
        if let after {
            guard let version = Int(after) else { throw WebError.badRequest("after must be a version number") }
            await session.changes.wait(after: version, timeout: timeout)
        }
        return store.snapshot(of: session, id: id)
    }

    @MainActor
    private static func apply(
        _ action: WebScreenAction, to session: any WebScreenSession, id: String, store: WebScreenStore
    ) async throws(WebError) -> WebScreenSnapshot {
        if let text = action.text, text.utf8.count > WebAction.maximumStringLength {
            throw WebError.badRequest("the field text is longer than \(WebAction.maximumStringLength) bytes")
        }
        try await session.apply(action)
        return store.snapshot(of: session, id: id)
    }
}

/// The files of the list and linear page, read once from the module's bundle; the theme's
/// colours and class paths are appended to the stylesheet.
struct WebScreenPage: Sendable {
    enum File: Sendable {
        case html, transport, screen, list, linear, style
    }

    let html: Data
    let transport: Data
    let screen: Data
    let list: Data
    let linear: Data
    let style: Data

    /// The page element of each list and linear class path: the same class paths as the
    /// terminal's list and linear screens.
    static let elementSelectors: [(ThemeElement, WebPageResources.Part, normal: String, selected: String?)] = [
        (.listFloorplan, .box(border: nil), "#list", nil),
        (.listSearchBar, .text, "#list-search", nil),
        (.listTitle, .text, "#list-rows .row .headline", "#list-rows .row.selected .headline"),
        (.listSubtitle, .text, "#list-rows .row .subheadline", "#list-rows .row.selected .subheadline"),
        (.listStatusLine, .text, "#list-footer", nil),
        (.pathLine, .box(border: "bottom"), "#bar", nil),
        (.pathLine, .text, "#bar #title", nil),
        (.linearView, .box(border: nil), "#linear", nil),
        (.linearCell, .box(border: "all"), "#linear .cell", "#linear .cell.active"),
    ]

    /// Reads the files.
    ///
    /// - Parameter theme: The colours of `serve --theme`, or nil for the page's own.
    /// - Throws: `WebError` 500 when a file is missing from the bundle.
    static func load(theme: Theme?) throws -> WebScreenPage {
        let read = WebPageResources.readFile
        var style = try read("app", "css")
        style.append(try read("screens", "css"))
        if let theme {
            style.append(
                Data(
                    ("\n/* theme " + WebPageResources.commentSafe(theme.name) + " */\n"
                        + WebPageResources.styleSheet(for: theme, selectors: elementSelectors)).utf8))
        }
        return WebScreenPage(
            html: try read("screen", "html"), transport: try read("transport", "js"),
            screen: try read("screen", "js"), list: try read("list", "js"),
            linear: try read("linear", "js"), style: style)
    }

    func response(for file: File) -> Response {
        let (data, type): (Data, String) =
            switch file {
            case .html: (html, "text/html; charset=utf-8")
            case .transport: (transport, "text/javascript; charset=utf-8")
            case .screen: (screen, "text/javascript; charset=utf-8")
            case .list: (list, "text/javascript; charset=utf-8")
            case .linear: (linear, "text/javascript; charset=utf-8")
            case .style: (style, "text/css; charset=utf-8")
            }
        return WebPageResources.response(data, type: type)
    }
}
