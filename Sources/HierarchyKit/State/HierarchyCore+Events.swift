import Foundation

extension HierarchyCore {
    /// What the owner feeds the core through `handle(_:_:)`: the data source's answers to
    /// the actions, its updates, and the steps of a layout pass.
    enum Event: Equatable {
        /// The number of children of `parent` (`.askCount`).
        case count(Int, parent: String, ticket: Ticket)
        /// One row of `.askChildren`.
        case child(HierarchyChildRow, row: Int, ticket: Ticket)
        /// The number of children of `parent` after an update (`.checkCount`).
        case checkedCount(Int, parent: String, countBefore: Int?, ticket: Ticket)
        /// The number of children of `parent` read anew (`.recount`).
        case recount(Int, parent: String, ticket: Ticket)
        /// The parent of `child` (`.askParent`).
        case parent(String?, child: String, ticket: Ticket)
        /// The row found for a `.locateChild`, `.locatePinnedChild` or `.locateExpandedChild`.
        case located(Action, row: Int?)
        /// A data source's update (`insertChildren(of:at:)`, `invalidate…`); not `.reload`,
        /// which the owner performs.
        case update(HierarchyUpdateQueue.Update)
        /// Whether the item at a row of the column stamped `ticket` has children (`.askHasChildren`).
        case hasChildren(Bool, column: Int, row: Int, ticket: Ticket)
        /// A cell of `.configureCells` measured: its row's extent (height plus spacing).
        case measured(Double, column: Int, row: Int)
        /// The data source gave no cell for the item (or its column went before it got one):
        /// it holds none, and is asked again when shown.
        case noCell(String)
        /// The root item (`.askRoot`): everything starts again from it.
        case root(String?, expands: Bool)
        /// A step the core asked to be called back for (`Action.step`).
        case step(Step)
        /// An input of the user (or the renderer): see ``Input``.
        case input(Input)
    }

    /// The rows a layout pass shows or prefetches, kept between its steps.
    struct LayoutPass: Equatable {
        /// The items the pass planned a cell for.
        var onScreen: Set<String> = []
        /// The rows of each visible expanded parent the pass shows or prefetches.
        var windows: [String: Range<Int>] = [:]
    }

    /// Takes an event and returns what the owner is to do, in order. The owner performs the
    /// actions depth first: the actions an answer leads to come before the next one.
    ///
    /// - Complexity: that of the rule the event goes to.
    mutating func handle(_ event: Event, _ geometry: Geometry) -> [Action] {
        let extent = geometry.estimatedExtent
        switch event {
        case .count(let count, let parent, let ticket):
            _ = receiveCount(count, of: parent, ticket: ticket, extent: extent)
            return []
        case .child(let answer, let row, let ticket):
            return receiveChild(answer, at: row, ticket: ticket).errors.map(Action.report)
        case .checkedCount(let count, let parent, let countBefore, let ticket):
            switch receiveCheckedCount(count, of: parent, countBefore: countBefore, ticket: ticket) {
            case .agrees: return []
            case .askAgainLater: return [.relayout]
            case .disagrees(let error): return [.report(error)] + planInvalidateChildren(of: parent)
            }
        case .recount(let count, let parent, let ticket):
            return receiveRecount(count, of: parent, ticket: ticket, extent: extent, geometry)
        case .parent(let parent, let child, let ticket):
            return receiveParent(parent, of: child, ticket: ticket, extent: extent, geometry)
        case .located(let action, let row):
            switch action {
            case .locateChild(let child, _, _, _, let ticket):
                _ = receiveLocatedChild(child, at: row, ticket: ticket)
                return []
            case .locatePinnedChild(let child, _, _, _, let ticket):
                return receiveLocatedPinnedChild(child, at: row, ticket: ticket, geometry)
            case .locateExpandedChild(let child, _, _, _, let ticket):
                return receiveLocatedExpandedChild(child, at: row, ticket: ticket, geometry)
            default:
                return []
            }
        case .update(let update):
            return apply(update, geometry)
        case .hasChildren(let hasChildren, let c, let row, let ticket):
            guard column(of: ticket) == c, let uuid = columns[c].uuid(at: row) else { return [] }
            guard hasChildren else {
                let actions = closeColumns(after: c, geometry)
                revealColumn(c, geometry)
                return actions
            }
            return planExpand(column: c, row: row, uuid: uuid, geometry) + [.step(.reveal(c))]
        case .measured(let extent, let c, let row):
            guard c < columns.count, row < columns[c].count else { return [] }
            return setExtent(extent, column: c, row: row) ? [.relayout] : []
        case .noCell(let uuid):
            forgetCell(uuid)
            return []
        case .root(let root, let expands):
            reset(root: root, extent: extent)
            guard let root else { return [.relayout] }
            remember(root)
            return planExpand(column: 0, row: 0, uuid: root, geometry) + [
                .step(.focusFirstItem(expands: expands)), .relayout,
            ]
        case .step(let step):
            return take(step, geometry)
        case .input(let input):
            return handle(input, geometry)
        }
    }

    /// A data source's update, through the rule for it.
    private mutating func apply(_ update: HierarchyUpdateQueue.Update, _ geometry: Geometry) -> [Action] {
        switch update {
        case .reload: return []
        case .insert(let parent, let indexes):
            return insertChildren(of: parent, at: indexes, extent: geometry.estimatedExtent, geometry)
        case .remove(let parent, let indexes): return removeChildren(of: parent, at: indexes, geometry)
        case .invalidateParent(let child): return planInvalidateParent(of: child)
        case .invalidateChildren(let parent): return planInvalidateChildren(of: parent)
        case .invalidateRows(let parent, let indexes): return invalidateRows(of: parent, at: indexes)
        case .invalidateItems(let uuids): return invalidateCells(uuids) ? [.relayout] : []
        }
    }

    // MARK: The layout pass

    /// A layout pass: the counts an update put off are checked, then for each visible column
    /// the rows of its window that have no item yet are asked (`planRows`) and its step plans
    /// its prefetch and cells; a last step recycles and reports the row windows. Then the first
    /// column's parent is asked if it is due, and the focused item previews its children if
    /// it is to. The data source's updates made meanwhile apply between these parts.
    ///
    /// - Complexity: O(v log n + w) for v visible columns of n rows and w rows in their windows.
    mutating func planLayout(isEditing: Bool, expands: Bool) -> [Action] {
        planPendingCountChecks() + [
            .applyUpdates, .step(.layOutColumns(isEditing: isEditing)), .applyUpdates,
            .step(.askParentOfTopColumn), .applyUpdates, .step(.previewFocus(expands: expands)),
        ]
    }

    /// The part of a layout pass that asks what the visible columns show (see `planLayout(isEditing:expands:)`).
    mutating func planLayoutPass(isEditing: Bool, _ geometry: Geometry) -> [Action] {
        clampPositions(geometry)
        layoutPass = LayoutPass()
        let height = geometry.columnHeight
        let margin = height * geometry.prefetchScreens
        var actions: [Action] = []
        for c in geometry.visibleColumns(horizontalOffset: horizontalOffset(geometry), count: columns.count) {
            let top = columns[c].contentOffsetY
            let visible = geometry.rows(of: columns[c], inContentBand: top...(top + height))
            let window = geometry.rows(of: columns[c], inContentBand: max(0, top - margin)...(top + height + margin))
            if let parent = columns[c].parent { layoutPass.windows[parent] = window }
            stampIfNeeded(c)
            actions += planRows(ofColumn: c, window: window)
            let step = Step.layOutColumn(
                c, ticket: columns[c].ticket, visible: visible, window: window, isEditing: isEditing)
            actions.append(.step(step))
        }
        return actions + [.step(.finishLayout)]
    }

    /// A column's step of a layout pass, once its window's rows were asked: its prefetch, the
    /// cells of its visible rows, its cache trimmed to the window. Nothing if the column changed.
    mutating func layOutColumn(
        _ c: Int, ticket: Ticket, visible: Range<Int>, window: Range<Int>, isEditing: Bool, _ geometry: Geometry
    ) -> [Action] {
        guard column(of: ticket) == c else { return [] }
        var actions = planPrefetch(ofColumn: c, visible: visible, window: window)
        let cells = planCells(ofColumn: c, visible: visible, isEditing: isEditing)
        for case .configureCells(let requests, _) in cells { layoutPass.onScreen.formUnion(requests.map(\.uuid)) }
        actions += cells
        trimCache(ofColumn: c, keeping: window, limit: geometry.uuidCacheLimit)
        return actions
    }

    /// The last step of a layout pass: the cells that left the screen, the new row windows.
    mutating func finishLayout() -> [Action] {
        let pass = layoutPass
        layoutPass = LayoutPass()
        return planRecycling(keeping: pass.onScreen) + updateRowWindows(pass.windows)
    }
}
