import Foundation

extension HierarchyView {
    var layout: HierarchyCollectionViewLayout { collectionViewLayout }

    /// The horizontal scroll position: the leading column times the column width, plus a pan
    /// in progress.
    public var horizontalOffset: Double { core.horizontalOffset(coreGeometry) }

    /// The number of columns (levels) loaded.
    public var numberOfColumns: Int { core.columns.count }

    /// The index of the leading visible column.
    public var leadingColumnIndex: Int { core.leadingColumn }

    /// The uuids of the expanded items, from the first column to the last: the path the user
    /// drilled down.
    public var expandedPath: [String] { core.columns.compactMap(\.expandedUUID) }

    /// The number of rows of a column (0 for a column that does not exist).
    public func itemCount(ofColumn c: Int) -> Int { core.column(at: c)?.count ?? 0 }

    // MARK: Layout pass

    /// Brings everything up to date: loads if needed and asks the data source for what is on
    /// screen (child uuids and cells of visible rows, prefetch for the window around them).
    ///
    /// A pass may call for another (a measured height that differs from the estimate moves
    /// rows into view, an update the data source made from inside an answer): passes repeat
    /// until nothing changes.
    public func layoutIfNeeded() {
        guard !isPerformingActions else { return }
        run(requestsDisplay: false) {
            if needsReload { performReload() }
            repeat {
                needsLayout = false
                drain(core.handle(.input(.layOut(isEditing: isEditing, expands: expandsFocusedItem)), coreGeometry))
            } while needsLayout
            updateHeader()
        }
    }

    func layoutChanged() {
        drain(core.handle(.input(.layoutChanged(revealsFocus: false)), coreGeometry))
    }

    func performReload() {
        needsReload = false
        for cell in visibleCells.values { reuseQueue.enqueue(cell) }
        visibleCells = [:]
        drain([.askRoot(expands: expandsFocusedItem)])
    }

    /// Performs actions of the core depth first (the actions an answer leads to before the next
    /// one), in one loop; the data source's updates made meanwhile wait in ``updates``.
    func drain(_ actions: [HierarchyCore.Action]) {
        // Read once: a layout change made meanwhile (by a delegate) counts from the next drain.
        let geometry = coreGeometry
        performingActions {
            var pending = Array(actions.reversed())
            while let action = pending.popLast() { pending += perform(action, geometry).reversed() }
        }
    }

    /// Performs one action of the core: asks the data source, and returns what the core makes
    /// of the answer (it drops an answer whose ticket went stale meanwhile).
    private func perform(_ action: HierarchyCore.Action, _ geometry: HierarchyCore.Geometry)
        -> [HierarchyCore.Action]
    {
        switch action {
        case .askCount(let parent, let ticket):
            return core.handle(.count(childCount(of: parent), parent: parent, ticket: ticket), geometry)
        case .askChildren(let parent, let rows, let ticket):
            var next: [HierarchyCore.Action] = []
            for row in rows {
                guard core.column(of: ticket) != nil, let answer = ask({ $0.childRow(at: row, of: parent, in: self) })
                else { break }
                next += core.handle(.child(answer, row: row, ticket: ticket), geometry)
            }
            return next
        case .prefetch(_, let uuids, _):
            ask { $0.hierarchyView(self, prefetchDataForItemsWith: uuids) }
        case .rowWindowsChanged(let windows):
            ask { $0.hierarchyView(self, didChangeRowWindows: windows) }
        case .applyUpdates:
            let (update, error) = updates.next()
            if let error { reportError(error) }
            guard let update else { return [] }
            guard update != .reload else {
                performReload()
                return [.applyUpdates]
            }
            return core.handle(.update(update), geometry) + [.applyUpdates]
        case .askRoot(let expands):
            return core.handle(.root(ask({ $0.rootUUID(in: self) }) ?? nil, expands: expands), geometry)
        case .didSelect(let uuid):
            delegate?.hierarchyView(self, didSelectItemWith: uuid)
        case .hierarchyButtonTapped(let uuid):
            guard let delegate else { return core.handle(.input(.expand(uuid)), geometry) }
            delegate.hierarchyView(self, hierarchyButtonTappedForItemWith: uuid)
        case .askHasChildren(let uuid, let c, let row, let ticket):
            let hasChildren = visibleCells[uuid].map { !$0.hierarchyIndicator.isHidden } ?? (childCount(of: uuid) > 0)
            return core.handle(.hasChildren(hasChildren, column: c, row: row, ticket: ticket), geometry)
        case .checkCount(let parent, let countBefore, let ticket):
            let count = childCount(of: parent)
            return core.handle(.checkedCount(count, parent: parent, countBefore: countBefore, ticket: ticket), geometry)
        case .recount(let parent, let ticket):
            return core.handle(.recount(childCount(of: parent), parent: parent, ticket: ticket), geometry)
        case .askParent(let child, let ticket):
            let parent = ask({ $0.hierarchyView(self, parentForItemWith: child) }) ?? nil
            return core.handle(.parent(parent, child: child, ticket: ticket), geometry)
        case .locateChild(let child, let parent, let rows, let scan, _),
            .locatePinnedChild(let child, let parent, let rows, let scan, _),
            .locateExpandedChild(let child, let parent, let rows, let scan, _):
            let row = ask { $0.row(of: child, parent: parent, rows: rows, scan: scan, in: self) } ?? nil
            return core.handle(.located(action, row: row), geometry)
        case .configureCells(let requests, let ticket):
            for request in requests {
                if let c = core.column(of: ticket) {
                    configureCell(request, column: c)
                } else if visibleCells[request.uuid] == nil {
                    // The column went meanwhile: an item planned a cell it never got.
                    return core.handle(.noCell(request.uuid), geometry)
                }
            }
        case .recycleCells(let uuids):
            for uuid in uuids {
                if let cell = visibleCells.removeValue(forKey: uuid) { reuseQueue.enqueue(cell) }
            }
        case .report(let error):
            reportError(error)
        case .relayout:
            setNeedsLayout()
        case .step(let step):
            return core.handle(.step(step), geometry)
        }
        return []
    }

    /// The data source's number of children of an item (0 without a data source, never negative).
    func childCount(of parent: String) -> Int {
        max(0, ask({ $0.hierarchyView(self, numberOfChildrenForItemWith: parent) }) ?? 0)
    }

    /// The uuid of a row, asked for once and cached; checks for duplicates and cycles. A row
    /// a paging data source has no item for yet gets a loading (or failed) slot and `nil`.
    @discardableResult
    func ensureUUID(column c: Int, row: Int) -> String? {
        drain(core.handle(.input(.loadRow(row, column: c)), coreGeometry))
        return core.column(at: c)?.uuid(at: row)
    }

    /// Gives a visible row its cell as the core planned it: asked from the data source (and
    /// measured) when the request says so or no cell is held, then drawn in its selection state.
    func configureCell(_ request: HierarchyCore.CellRequest, column c: Int) {
        let uuid = request.uuid
        let cell: HierarchyCollectionItem
        if let existing = visibleCells[uuid], !request.ask {
            cell = existing
        } else {
            if let old = visibleCells.removeValue(forKey: uuid) { reuseQueue.enqueue(old) }
            guard let fresh = ask({ $0.hierarchyView(self, cellForItemWith: uuid) }) else {
                drain(core.handle(.noCell(uuid), coreGeometry))
                return
            }
            fresh.uuid = uuid
            cell = fresh
            visibleCells[uuid] = cell
            if let measure = itemHeightProvider {
                let extent = layout.extent(forHeight: measure(cell, layout.itemWidth))
                drain(core.handle(.measured(extent, column: c, row: request.row), coreGeometry))
            }
        }
        cell.showSelection(request.isSelected, checkmark: request.showsCheckmark)
    }

    // MARK: Header

    func updateHeader() {
        header.update(
            title: core.leadingParent.flatMap { parent in
                ask({ $0.hierarchyView(self, titleForItemWith: parent) }) ?? nil
            },
            isVisible: layout.showsHeader, isPreviousEnabled: canShowPreviousLevel, isNextEnabled: canShowNextLevel)
    }

    /// Whether there is a level before the leading column (or a parent not yet asked for).
    public var canShowPreviousLevel: Bool { core.canShowPreviousLevel }

    /// Whether there is a loaded level after the visible ones.
    public var canShowNextLevel: Bool { core.leadingColumn < core.maxLeadingColumn(coreGeometry) }
}
