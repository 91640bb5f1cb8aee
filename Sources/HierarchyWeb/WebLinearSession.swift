import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchySources

/// A linear hierarchy as the page draws it: the sections along one axis and the change the
/// last step made (the engine's update list), which the page animates.
struct WebLinearSnapshot: Encodable, Sendable {
    /// One cell.
    struct Cell: Encodable, Sendable {
        var title: String
        /// A row's second text, after its title (a document's value, a closed container's
        /// preview, an item's subtitle); rows of the vertical axis only.
        var detail: String?
        /// An active ancestor on the user's path (expanded).
        var active: Bool
        /// Whether choosing the cell opens a level (nil when the host drew a cell of its own).
        var expandable: Bool?
        /// The cell's background, `#rrggbb`, when the controller or host set one.
        var color: String?
        /// The size the layout gives the cell, in CSS pixels.
        var width: Double
        var height: Double
    }

    /// The change of the last step, in the terms of a collection view's batch update.
    struct Update: Encodable, Sendable {
        /// Grows with every step, so the page animates each one once.
        var step: Int
        var removedSections: [Int]
        var insertedSections: [Int]
        var removedItems: [[Int]]
        var insertedItems: [[Int]]
        var reloadedItems: [[Int]]
    }

    /// `horizontal` or `vertical`.
    var axis: String
    var sections: [[Cell]]
    /// The space between cells along the axis (CSS pixels).
    var spacing: Double
    var update: Update?
    /// The children of the last expanded item are being read.
    var loading: Bool
    /// The leaf chosen last, if any.
    var selected: String?
}

extension WebLinearSnapshot.Update {
    init(_ update: LinearHierarchyUpdate, step: Int) {
        self.init(
            step: step, removedSections: Array(update.removedSections),
            insertedSections: Array(update.insertedSections),
            removedItems: update.removedItems.map { [$0.section, $0.item] },
            insertedItems: update.insertedItems.map { [$0.section, $0.item] },
            reloadedItems: update.reloadedItems.map { [$0.section, $0.item] })
    }
}

/// A `LinearHierarchyViewController` (CBLinearHierarchy) in one browser tab: `viewDidLoad()`
/// runs when the session opens, cells come from the collection's data source (the controller,
/// or a host that set itself), sizes from its delegate, and a choice goes to the delegate's
/// `didSelectItemAt`, which expands, collapses or selects.
///
/// A source's controller (`serve --layout linear-horizontal` or `linear-vertical`) reads a
/// container's children when it is expanded: the page shows them loading meanwhile, and the
/// controller's load errors and notices as the message.
@MainActor
final class WebLinearSession: WebScreenSession {
    let controller: LinearHierarchyViewController
    let title: String
    let changes = WebScreenChanges()
    private var step = 0
    private var update: LinearHierarchyUpdate?
    private var shownUpdate: LinearHierarchyUpdate?

    /// The size of a source's cell in CSS pixels, and the space between cells.
    static let sourceCellSize = LinearSize(width: 180, height: 44)
    static let sourceSpacing = 8.0

    /// The page's units per layout unit: layouts written for the terminal (sizes in character
    /// cells) would be unreadably small in CSS pixels, so small sizes are scaled up.
    private var scale: Double {
        let size = controller.collectionView.collectionViewLayout.itemSize
        return size.width < 40 && size.height < 10 ? 10 : 1
    }

    init(controller: LinearHierarchyViewController, title: String) {
        self.controller = controller
        self.title = title
        controller.loadViewIfNeeded()
        shownUpdate = controller.lastUpdate
        controller.collectionView.setNeedsDisplayHandler = { [weak self] in self?.controllerChanged() }
    }

    /// A session over a source's controller; call ``start(at:)`` before showing it.
    ///
    /// - Parameters:
    ///   - source: The hierarchy.
    ///   - title: Shown in the page's title bar.
    ///   - horizontal: A row (`true`) or a column of cells.
    convenience init(source: any HierarchySource, title: String, horizontal: Bool) {
        let layout = LinearHierarchyFlowLayout()
        layout.scrollDirection = horizontal ? .horizontal : .vertical
        layout.itemSize = Self.sourceCellSize
        layout.minimumInteritemSpacing = Self.sourceSpacing
        let controller = LinearHierarchyViewController(source: source, collectionViewLayout: layout)
        controller.normalLHCellColor = nil
        controller.activeLHCellColor = nil
        self.init(controller: controller, title: title)
    }

    /// Reads a source's first item (its root, or `start`) and expands it.
    ///
    /// - Parameter start: The id of the item to start at instead of the root.
    /// - Throws: `WebError` 404 for an unknown start, 502 when the first item cannot be read.
    func start(at start: String?) async throws(WebError) {
        do {
            try await controller.load(startingAt: start)
        } catch let error as HierarchySourceError where error.code == .notFound && start != nil {
            throw WebError.notFound(error.message)
        } catch {
            throw WebError(502, "cannot read \(title): \(WebSession.describe(error))")
        }
        update = nil
        shownUpdate = controller.lastUpdate
    }

    /// Follows a change of the controller (a choice, children that arrived): a new update is a
    /// new step the page animates once.
    private func controllerChanged() {
        let after = controller.lastUpdate
        if after != shownUpdate {
            shownUpdate = after
            if let after {
                step += 1
                update = after
            }
        }
        changes.changed()
    }

    func snapshot() -> WebScreenSnapshot {
        let view = controller.collectionView
        let layout = view.collectionViewLayout
        let scale = self.scale
        let sections = view.sections()
        let adapter = layout.scrollDirection == .vertical ? controller.sourceAdapter : nil
        var shown: [[WebLinearSnapshot.Cell]] = []
        for (s, section) in sections.enumerated() {
            var cells: [WebLinearSnapshot.Cell] = []
            for (i, cell) in section.cells.enumerated() {
                let item = controller.item(at: IndexPath(indexes: [s, i]))
                let size = section.sizes.indices.contains(i) ? section.sizes[i] : layout.itemSize
                let node = item.flatMap { adapter?.node(for: $0.id) }
                cells.append(
                    WebLinearSnapshot.Cell(
                        title: WebScreenText.cut(cell.displayText, to: 500) ?? "",
                        detail: WebScreenText.cut(node?.subtitle ?? (cell.isActive ? nil : node?.preview), to: 500),
                        active: cell.isActive,
                        expandable: item.map(\.isExpandable),
                        color: cell.backgroundColor.flatMap { $0.alpha > 0 ? $0.hex : nil },
                        width: Self.clamp(size.width * scale), height: Self.clamp(size.height * scale)))
            }
            shown.append(cells)
            view.recycle(section.cells)
        }
        let linear = WebLinearSnapshot(
            axis: layout.scrollDirection == .horizontal ? "horizontal" : "vertical", sections: shown,
            spacing: Self.clamp(layout.minimumInteritemSpacing * scale, minimum: 0),
            update: update.map { WebLinearSnapshot.Update($0, step: step) },
            loading: controller.isLoading, selected: controller.selectedItem?.name)
        let message = controller.takeErrors().last?.message ?? controller.takeNotice()
        return WebScreenSnapshot(
            kind: "linear", version: changes.version, title: title, linear: linear, message: message)
    }

    func apply(_ action: WebScreenAction) async throws(WebError) {
        guard action.type == "select" else {
            throw WebError.badRequest("unknown action \"\(String(action.type.prefix(40)))\" for a linear hierarchy")
        }
        let (section, item) = try action.position()
        let view = controller.collectionView
        guard section < view.numberOfSections, item < view.numberOfItems(inSection: section) else {
            throw WebError(409, "the hierarchy changed: there is no cell \(item) in section \(section) any more")
        }
        update = nil
        view.selectItem(at: IndexPath(indexes: [section, item]))
        changes.changed()
    }

    func close() {
        controller.cancelLoads()
        controller.collectionView.setNeedsDisplayHandler = nil
        changes.wakeAll()
    }

    /// A size the page can draw: finite, from `minimum` to 10,000 pixels.
    static func clamp(_ value: Double, minimum: Double = 1) -> Double {
        guard value.isFinite else { return minimum }
        return min(max(minimum, value), 10_000)
    }
}
