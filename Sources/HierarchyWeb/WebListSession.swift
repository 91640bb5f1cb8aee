import Foundation
import ListFloorplan

/// The list floorplan as the page draws it.
struct WebListSnapshot: Encodable, Sendable {
    /// One row: its position, its identity (for actions) and its bound content.
    struct Row: Encodable, Sendable {
        var section: Int
        var item: Int
        var key: String
        var headline: String
        var subheadline: String?
        var footnote: String?
        var status: String?
    }

    /// The footer: `loading` (an animated indicator), `end`, `empty` (a finished search found
    /// nothing; `text` is the empty-results view's), `noEntries`, `error` (retry possible) or
    /// `none`.
    struct Footer: Encodable, Sendable {
        var kind: String
        var text: String?
    }

    /// Whether the search bar shows.
    var searchEnabled: Bool
    var searchText: String
    var searchPlaceholder: String
    /// The grid header's column titles (none: no header).
    var header: [ListHeaderColumn]
    var rows: [Row]
    var footer: Footer
    /// Whether more rows can be asked for (the footer is empty and a page was finished).
    var canLoadMore: Bool
    /// Whether an add button shows.
    var canAdd: Bool
    /// Whether rows have delete buttons.
    var canDelete: Bool
}

/// A list floorplan in one browser tab: the floorplan's load step runs when the session opens,
/// every change of its view model is a new snapshot, and the page's actions go to the view
/// model (search, next page, refresh, retry) and to the floorplan's handlers (add, delete,
/// select).
@MainActor
final class WebListSession<Floorplan: ListFloorplanController>: WebScreenSession {
    let floorplan: Floorplan
    let title: String
    let changes = WebScreenChanges()
    private var observer: Int?
    private var message: String?
    /// The work the last actions started (loads, debounced searches), cancelled at close.
    private var work: [ListTask] = []

    init(floorplan: Floorplan, title: String) {
        self.floorplan = floorplan
        self.title = title
        let model = floorplan.listScreen.viewModel
        observer = model.addObserver { [weak self] _, _ in self?.changes.changed() }
        if model.isSearchEnabled { model.beginSearch() }
        track(floorplan.loadForFace())
    }

    private var screen: ListScreen<Floorplan.Entity, Floorplan.Section> { floorplan.listScreen }

    func snapshot() -> WebScreenSnapshot {
        let model = screen.viewModel
        let snapshot = screen.snapshot
        var rows: [WebListSnapshot.Row] = []
        for (section, items) in snapshot.items.enumerated() {
            for (index, entity) in items.enumerated() {
                let path = ListItemPath(section: section, item: index)
                let content = screen.content(at: path) ?? ListCellContent(headline: String(describing: entity))
                rows.append(
                    WebListSnapshot.Row(
                        section: section, item: index, key: WebScreenText.cut(String(describing: entity.id)) ?? "",
                        headline: WebScreenText.cut(content.headline) ?? "",
                        subheadline: WebScreenText.cut(content.subheadline),
                        footnote: WebScreenText.cut(content.footnote), status: WebScreenText.cut(content.status)))
            }
        }
        let footer: WebListSnapshot.Footer =
            switch model.footer {
            case .none: .init(kind: "none")
            case .loading: .init(kind: "loading", text: screen.footerText)
            case .noResults: .init(kind: "empty", text: screen.footerText)
            case .noEntries: .init(kind: "noEntries", text: screen.footerText)
            case .noMoreEntries: .init(kind: "end", text: screen.footerText)
            case .error: .init(kind: "error", text: screen.footerText)
            }
        let list = WebListSnapshot(
            searchEnabled: model.isSearchEnabled, searchText: model.searchText,
            searchPlaceholder: screen.searchPlaceholder,
            header: floorplan.headerColumns, rows: rows, footer: footer,
            canLoadMore: model.state == .finished && model.footer == .none,
            canAdd: screen.isAddButtonShown, canDelete: screen.isDeleteEnabled)
        defer { message = nil }
        return WebScreenSnapshot(kind: "list", version: changes.version, title: title, list: list, message: message)
    }

    func apply(_ action: WebScreenAction) async throws(WebError) {
        let model = screen.viewModel
        switch action.type {
        case "search":
            guard model.isSearchEnabled else { throw WebError.badRequest("this list has no search") }
            let text = action.text ?? ""
            guard text.count <= HierarchyWebServer.maximumQueryLength else {
                throw WebError.badRequest(
                    "the search text is longer than \(HierarchyWebServer.maximumQueryLength) characters")
            }
            if text != model.searchText { track(model.updateSearchText(text)) }
        case "more":
            if model.state == .finished, model.footer == .none { track(model.loadNextPage()) }
        case "refresh":
            track(model.refresh())
        case "retry":
            if case .error = model.footer { track(model.retry()) }
        case "add":
            guard screen.tapAdd() else { throw WebError.badRequest("this list has no add button") }
            changes.changed()
        case "select":
            let path = try row(for: action)
            screen.tapRow(at: path)
            changes.changed()
        case "delete":
            guard screen.isDeleteEnabled else { throw WebError.badRequest("rows of this list cannot be deleted") }
            let path = try row(for: action)
            screen.tapDelete(at: path)
            changes.changed()
        default:
            throw WebError.badRequest("unknown action \"\(WebScreenText.cut(action.type, to: 40) ?? "")\" for a list")
        }
    }

    /// The row an action names, checked against the key the page saw there.
    private func row(for action: WebScreenAction) throws(WebError) -> ListItemPath {
        let (section, item) = try action.position()
        let path = ListItemPath(section: section, item: item)
        guard let entity = screen.snapshot.item(at: path) else {
            throw WebError(409, "the list changed: there is no row \(item) in section \(section) any more")
        }
        if let key = action.key, key != WebScreenText.cut(String(describing: entity.id)) {
            throw WebError(409, "the list changed: another row is there now")
        }
        return path
    }

    func close() {
        if let observer { screen.viewModel.removeObserver(observer) }
        observer = nil
        for task in work { task.cancel() }
        work = []
        changes.wakeAll()
    }

    private func track(_ task: ListTask) {
        guard !task.isEmpty else { return }
        work.append(task)
        if work.count > 32 { work.removeFirst(work.count - 32) }
    }
}
