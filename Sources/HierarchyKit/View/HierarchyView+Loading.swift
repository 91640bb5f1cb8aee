import Foundation

extension HierarchyView {
    var layout: HierarchyCollectionViewLayout { collectionViewLayout }
    var estimatedExtent: Double { layout.extent(forHeight: layout.metrics.estimatedItemHeight) }

    /// The index of the last column that can lead (the rightmost snapped position).
    var maxLeadingColumn: Int { core.maxLeadingColumn(coreGeometry) }

    /// The horizontal scroll position: the leading column times the column width, plus a pan
    /// in progress.
    public var horizontalOffset: Double { core.horizontalOffset(coreGeometry) }

    /// The number of columns (levels) loaded.
    public var numberOfColumns: Int { columns.count }

    /// The index of the leading visible column.
    public var leadingColumnIndex: Int { leadingColumn }

    /// The uuids of the expanded items, from the first column to the last: the path the user
    /// drilled down.
    public var expandedPath: [String] { columns.compactMap(\.expandedUUID) }

    /// The number of rows of a column (0 for a column that does not exist).
    public func itemCount(ofColumn c: Int) -> Int {
        c >= 0 && c < columns.count ? columns[c].count : 0
    }

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
                recheckPendingCounts()
                needsLayout = false
                applyLayoutPass()
                applyQueuedUpdates()
                askParentOfTopColumnIfNeeded()
                previewFocusedItemIfNeeded()
            } while needsLayout
            updateHeader()
        }
    }

    /// The second look at counts that disagreed right after an update (planned by the core).
    func recheckPendingCounts() {
        let checks = core.planPendingCountChecks()
        guard !checks.isEmpty else { return }
        drain(checks)
        applyQueuedUpdates()
    }

    func previewFocusedItemIfNeeded() {
        guard core.takeFocusPreview() else { return }
        guard expandsFocusedItem, let f = focus, f.column < columns.count, f.row < columns[f.column].count,
            let uuid = ensureUUID(column: f.column, row: f.row), columns[f.column].expandedUUID != uuid
        else { return }
        previewChildren(column: f.column, row: f.row, uuid: uuid)
        applyQueuedUpdates()
    }

    func layoutChanged() {
        core.clampPositions(coreGeometry)
        setNeedsLayout()
    }

    func performReload() {
        needsReload = false
        for cell in visibleCells.values { reuseQueue.enqueue(cell) }
        visibleCells = [:]
        let root = ask({ $0.rootUUID(in: self) }) ?? nil
        core.reset(root: root, extent: estimatedExtent)
        if let root {
            core.remember(root)
            _ = expand(column: 0, row: 0, uuid: root)
            core.focusFirstItem(expandsFocusedItem: expandsFocusedItem, coreGeometry)
        }
        setNeedsLayout()
    }

    /// Asks for the uuids and cells of the visible rows of the visible columns, prefetches the
    /// window around them, recycles cells that left the screen: the core plans the pass
    /// (`handle(.layOut)`), the shell performs it.
    ///
    /// - Complexity: O(w) data source questions at most for the w rows of the visible columns'
    ///   windows, of which only the rows without an item are asked.
    func applyLayoutPass() {
        drain(core.handle(.layOut(isEditing: isEditing), coreGeometry))
    }

    /// Performs actions of the core depth first (the actions an answer leads to before the next
    /// one), in one loop; the data source's updates made meanwhile wait in ``updates``.
    func drain(_ actions: [HierarchyCore.Action]) {
        performingActions {
            var pending = Array(actions.reversed())
            while let action = pending.popLast() { pending += perform(action).reversed() }
        }
    }

    /// Performs one action of the core: asks the data source, and returns what the core makes
    /// of the answer (it drops an answer whose ticket went stale meanwhile).
    private func perform(_ action: HierarchyCore.Action) -> [HierarchyCore.Action] {
        let geometry = coreGeometry
        switch action {
        case .askCount(let parent, let ticket):
            return core.handle(.count(childCount(of: parent), parent: parent, ticket: ticket), geometry)
        case .askChildren(let parent, let rows, let ticket):
            var next: [HierarchyCore.Action] = []
            for row in rows {
                guard core.column(of: ticket) != nil, let answer = childRow(at: row, of: parent) else { break }
                next += core.handle(.child(answer, row: row, ticket: ticket), geometry)
            }
            return next
        case .prefetch(_, let uuids, _):
            ask { $0.hierarchyView(self, prefetchDataForItemsWith: uuids) }
        case .rowWindowsChanged(let windows):
            ask { $0.hierarchyView(self, didChangeRowWindows: windows) }
        case .askParentOfTopColumn:
            return core.planParentOfTopColumn()
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
            let row = findChild(child, parent: parent, rows: rows, scan: scan)
            return core.handle(.located(action, row: row), geometry)
        case .configureCells(let requests, let ticket):
            for request in requests {
                if let c = core.column(of: ticket) {
                    configureCell(request, column: c)
                } else if visibleCells[request.uuid] == nil {
                    // The column went meanwhile: an item planned a cell it never got.
                    core.forgetCell(request.uuid)
                }
            }
        case .recycleCells(let uuids):
            for uuid in uuids {
                if let cell = visibleCells.removeValue(forKey: uuid) { reuseQueue.enqueue(cell) }
            }
        case .report(let error):
            report(error)
        case .relayout:
            setNeedsLayout()
        case .layOutStep(let step):
            return core.handle(.layOutStep(step), geometry)
        }
        return []
    }

    /// The data source's number of children of an item (0 without a data source, never negative).
    func childCount(of parent: String) -> Int {
        max(0, ask({ $0.hierarchyView(self, numberOfChildrenForItemWith: parent) }) ?? 0)
    }

    /// What the data source knows of a child row: `hierarchyView(_:childAt:with:)` of a paging
    /// data source, else the uuid the seed API answers.
    func childRow(at row: Int, of parent: String) -> HierarchyChildRow? {
        if let paging = dataSource as? any HierarchyViewPagingDataSource {
            return ask { _ in paging.hierarchyView(self, childAt: row, with: parent) }
        }
        return ask { .item($0.hierarchyView(self, uuidForChildItemAt: row, with: parent)) }
    }

    /// The uuid of a row, asked for once and cached; checks for duplicates and cycles. A row
    /// a paging data source has no item for yet gets a loading (or failed) slot and `nil`.
    @discardableResult
    func ensureUUID(column c: Int, row: Int) -> String? {
        if let cached = columns[c].uuid(at: row) { return cached }
        guard let parent = columns[c].parent else { return nil }
        core.stampIfNeeded(c)
        let ticket = columns[c].ticket
        guard let answer = childRow(at: row, of: parent) else { return nil }
        let (uuid, errors) = core.receiveChild(answer, at: row, ticket: ticket)
        for error in errors { report(error) }
        return uuid
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
                core.forgetCell(uuid)
                return
            }
            fresh.uuid = uuid
            cell = fresh
            visibleCells[uuid] = cell
            let row = request.row
            if let measure = itemHeightProvider, c < columns.count, row < columns[c].count {
                let extent = layout.extent(forHeight: measure(cell, layout.itemWidth))
                if core.setExtent(extent, column: c, row: row) { needsLayout = true }
            }
        }
        if let tableCell = cell as? HierarchyItemTableViewCell {
            // The table-view spelling, so that overrides of setSelected(_:animated:) hear it.
            if tableCell.state.isSelected != request.isSelected {
                tableCell.setSelected(request.isSelected, animated: false)
            }
        } else {
            cell.state = request.isSelected ? .selected : .normal
        }
        cell.editingAccessoryType = request.showsCheckmark ? .checkmark : .none
    }

    // MARK: Parents

    /// Asks for the parent of the first column's anchor: during the initial load (rule 3 of
    /// the initial loading process, whatever the width), and later when the user reaches the
    /// first column. The updates the data source made meanwhile are applied after it.
    func askParentOfTopColumnIfNeeded() {
        drain(core.planParentOfTopColumn())
        applyQueuedUpdates()
    }

    /// The row of `child` in column `c`: cached, or from the data source's hint, or by
    /// looking through the parent's children (bounded by `childSearchLimit`), as the core
    /// plans it (`planLocate`).
    func locateChild(_ child: String, inColumn c: Int) -> Int? {
        switch core.planLocate(child, inColumn: c, searchLimit: layout.metrics.childSearchLimit) {
        case .known(let row): return row
        case .unknown: return nil
        case .ask(let action):
            drain([action])
            return c < columns.count ? columns[c].row(of: child) : nil
        }
    }

    /// The row of `child` among the children of `parent`: the data source's hint if it is in
    /// `rows` and the row there is the child, else the first row of `scan` that is.
    ///
    /// - Complexity: O(s) data source calls at worst for the s rows of `scan`.
    private func findChild(_ child: String, parent: String, rows: Range<Int>, scan: Range<Int>) -> Int? {
        if let hint = ask({ $0.hierarchyView(self, indexOfChildItemWith: child, inParentWith: parent) }) ?? nil,
            rows.contains(hint), childRow(at: hint, of: parent) == .item(child)
        {
            return hint
        }
        return scan.first { childRow(at: $0, of: parent) == .item(child) }
    }

    // MARK: Expanding

    /// Expands the item at a row: its children fill the next column, deeper columns close.
    ///
    /// - Returns: `false` if the item cannot be expanded (a cycle).
    @discardableResult
    func expand(column c: Int, row: Int, uuid: String) -> Bool {
        switch core.expand(column: c, row: row, uuid: uuid, coreGeometry) {
        case .refused(let actions):
            drain(actions)
            return false
        case .shown:
            return true
        case .asks(let close, let count):
            drain(close + [count])
            guard c + 1 < columns.count, columns[c + 1].parent == uuid, columns[c].expandedUUID == uuid else {
                return false
            }
            revealColumn(c + 1)
            setNeedsLayout()
            return true
        }
    }

    /// Closes the columns after `c` and forgets the expanded item of `c` (the core's rule).
    func closeColumns(after c: Int) {
        drain(core.closeColumns(after: c, coreGeometry))
    }

    /// Scrolls horizontally so that column `c` is visible.
    func revealColumn(_ c: Int) {
        core.revealColumn(c, coreGeometry)
    }

    // MARK: Header

    func updateHeader() {
        header.isVisible = layout.showsHeader
        let leading = min(leadingColumn, max(0, columns.count - 1))
        if leading < columns.count, let parent = columns[leading].parent {
            header.titleLabel.text = ask({ $0.hierarchyView(self, titleForItemWith: parent) }) ?? nil
        } else {
            header.titleLabel.text = nil
        }
        header.isPreviousEnabled = canShowPreviousLevel
        header.isNextEnabled = canShowNextLevel
        header.didUpdate()
    }

    /// Whether there is a level before the leading column (or a parent not yet asked for).
    public var canShowPreviousLevel: Bool {
        leadingColumn > 0 || (!columns.isEmpty && !columns[0].parentAsked)
    }

    /// Whether there is a loaded level after the visible ones.
    public var canShowNextLevel: Bool { leadingColumn < maxLeadingColumn }
}
