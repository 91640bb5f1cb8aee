import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchySources

/// Any source as a linear hierarchy in one browser tab (`serve --layout linear-horizontal` or
/// `linear-vertical`): the path from the first item down, and the children of the last expanded
/// item, read from the source when it is expanded (the page shows them loading meanwhile).
@MainActor
final class WebLinearSourceSession: WebScreenSession {
    let title: String
    let axis: String
    let changes = WebScreenChanges()
    private let adapter: LinearSourceAdapter
    private var hierarchy: LinearHierarchy
    private var step = 0
    private var update: LinearHierarchyUpdate?
    private var selected: String?
    private var message: String?
    private var loads: [Int: Task<Void, Never>] = [:]
    private var nextLoad = 0

    /// The size of a cell in CSS pixels, and the space between cells.
    static let cellSize = (width: 180.0, height: 44.0)
    static let spacing = 8.0

    init(source: any HierarchySource, title: String, horizontal: Bool) {
        adapter = LinearSourceAdapter(source: source)
        self.title = title
        axis = horizontal ? "horizontal" : "vertical"
        // Cannot fail: there are no items to validate.
        hierarchy = try! LinearHierarchy(items: [])
    }

    /// Reads the first item (the source's root, or `start`) and expands it.
    ///
    /// - Parameter start: The id of the item to start at instead of the root.
    /// - Throws: `WebError` 502 when the first item cannot be read, 404 for an unknown start.
    func start(at start: String?) async throws(WebError) {
        let first: HierarchyNode?
        do {
            if let start {
                guard let node = try await adapter.source.node(withID: start) else {
                    throw WebError.notFound("no item \(start) in \(adapter.source.displayName)")
                }
                first = node
            } else {
                first = try await adapter.source.root()
            }
        } catch let error as WebError {
            throw error
        } catch {
            throw WebError(502, "cannot read \(adapter.source.displayName): \(WebSession.describe(error))")
        }
        let roots = first.map { [adapter.item(for: $0)] } ?? []
        do {
            hierarchy = try LinearHierarchy(items: roots)
        } catch {
            throw WebError(502, error.description)
        }
        if let root = roots.first, root.kind == .dynamic {
            tap(root.id)
            while let (_, task) = loads.first { await task.value }
            update = nil
        }
    }

    func snapshot() -> WebScreenSnapshot {
        let active = Set(hierarchy.activeItemIDs)
        let sections = hierarchy.sections.map { section in
            section.items.map { item in
                WebLinearSnapshot.Cell(
                    title: WebScreenText.cut(item.name, to: 500) ?? "", active: active.contains(item.id),
                    expandable: item.isExpandable, color: nil,
                    width: Self.cellSize.width, height: Self.cellSize.height)
            }
        }
        let linear = WebLinearSnapshot(
            axis: axis, sections: sections, spacing: Self.spacing,
            update: update.map { WebLinearSnapshot.Update($0, step: step) }, loading: hierarchy.isLoading,
            selected: selected)
        defer { message = nil }
        return WebScreenSnapshot(
            kind: "linear", version: changes.version, title: title, linear: linear, message: message)
    }

    func apply(_ action: WebScreenAction) async throws(WebError) {
        guard action.type == "select" else {
            throw WebError.badRequest("unknown action \"\(String(action.type.prefix(40)))\" for a linear hierarchy")
        }
        let (section, item) = try action.position()
        guard let chosen = hierarchy.item(at: LinearIndexPath(section: section, item: item)) else {
            throw WebError(409, "the hierarchy changed: there is no cell \(item) in section \(section) any more")
        }
        tap(chosen.id)
        changes.changed()
    }

    private func tap(_ id: LinearHierarchyItem.ID) {
        let action = hierarchy.tap(itemID: id)
        if let change = action.update {
            step += 1
            update = change
        }
        switch action {
        case .needsChildren(let request, _): startLoading(request)
        case .selected(let id): selected = adapter.node(for: id)?.title
        case .rejected(let error): message = error.message
        default: break
        }
    }

    private func startLoading(_ request: LinearHierarchy.ChildrenRequest) {
        guard let sourceID = adapter.node(for: request.itemID)?.id else { return }
        let ticket = nextLoad
        nextLoad += 1
        loads[ticket] = Task { [weak self, adapter] in
            let result: Result<LinearSourceAdapter.Children, any Error>
            do { result = .success(try await adapter.children(ofSourceID: sourceID)) } catch {
                result = .failure(error)
            }
            self?.childrenArrived(result, for: request, ticket: ticket)
        }
    }

    private func childrenArrived(
        _ result: Result<LinearSourceAdapter.Children, any Error>, for request: LinearHierarchy.ChildrenRequest,
        ticket: Int
    ) {
        loads[ticket] = nil
        defer { changes.changed() }
        let title = adapter.node(for: request.itemID)?.title ?? "\(request.itemID)"
        switch result {
        case .success(let children):
            let action = hierarchy.provideChildren(children.items, for: request)
            if let change = action.update {
                step += 1
                update = change
            }
            if case .rejected(let error) = action {
                message = "Cannot show the children of \(title): \(error.message)"
                if hierarchy.activeItemIDs.last == request.itemID { tap(request.itemID) }
            } else if children.totalCount > children.items.count {
                message = "Showing the first \(children.items.count) of \(children.totalCount) items"
            }
        case .failure(let error):
            guard case .awaitingChildren(let waiting) = hierarchy.state, waiting == request else { return }
            message = "Cannot list the children of \(title): \(WebSession.describe(error))"
            tap(request.itemID)
        }
    }

    func close() {
        for task in loads.values { task.cancel() }
        loads = [:]
        changes.wakeAll()
    }
}
