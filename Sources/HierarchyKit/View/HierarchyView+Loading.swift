import Foundation

extension HierarchyView {
    var layout: HierarchyCollectionViewLayout { collectionViewLayout }
    var estimatedExtent: Double { layout.extent(forHeight: layout.metrics.estimatedItemHeight) }

    /// The index of the last column that can lead (the rightmost snapped position).
    var maxLeadingColumn: Int { core.maxLeadingColumn(coreGeometry) }

    /// The horizontal scroll position: the leading column times the column width, plus a pan
    /// in progress.
    public var horizontalOffset: Double {
        let snapped = Double(leadingColumn) * layout.columnWidth
        return min(max(0, snapped + core.panOffset), Double(maxLeadingColumn) * layout.columnWidth)
    }

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
    public func layoutIfNeeded() {
        guard !isApplyingLayout, dataSourceCallDepth == 0 else { return }
        if needsReload { performReload() }
        var passes = 0
        repeat {
            recheckPendingCounts()
            needsLayout = false
            applyLayoutPass()
            flushDeferredUpdates()
            askParentOfTopColumnIfNeeded()
            flushDeferredUpdates()
            previewFocusedItemIfNeeded()
            passes += 1
        } while needsLayout && passes < 8
        updateHeader()
    }

    /// The second look at counts that disagreed right after an update (planned by the core).
    func recheckPendingCounts() {
        let checks = core.planPendingCountChecks()
        guard !checks.isEmpty else { return }
        for action in checks { performLoad(action) }
        flushDeferredUpdates()
    }

    func previewFocusedItemIfNeeded() {
        guard needsFocusPreview else { return }
        needsFocusPreview = false
        guard expandsFocusedItem, let f = focus, f.column < columns.count, f.row < columns[f.column].count,
            let uuid = ensureUUID(column: f.column, row: f.row), columns[f.column].expandedUUID != uuid
        else { return }
        previewChildren(column: f.column, row: f.row, uuid: uuid)
        flushDeferredUpdates()
    }

    func layoutChanged() {
        clampPositions()
        setNeedsLayout()
    }

    func clampPositions() {
        core.clampPositions(coreGeometry)
    }

    func performReload() {
        needsReload = false
        for cell in visibleCells.values { reuseQueue.enqueue(cell) }
        visibleCells = [:]
        core.forgetAllCells()
        columns = []
        leadingColumn = 0
        core.panOffset = 0
        core.isPanning = false
        focus = nil
        selection = []
        formerParents = []
        hasLoaded = true
        isInitialLoad = true
        core.pendingCountChecks = []
        guard let root = ask({ $0.rootUUID(in: self) }) ?? nil else {
            setNeedsLayout()
            return
        }
        remember(root)
        columns = [ColumnState(parent: nil, single: root, extent: estimatedExtent, expanded: false)]
        core.stampColumn(0)
        _ = expand(column: 0, row: 0, uuid: root)
        focus = columns.count > 1 && columns[1].count > 0 ? (1, 0) : (0, 0)
        pendingInitialFocus = focus?.column == 0
        // With `expandsFocusedItem` the first frame already previews the focused item's children.
        needsFocusPreview = expandsFocusedItem && focus?.column == 1
        leadingColumn = maxLeadingColumn
        setNeedsLayout()
    }

    /// Asks for the uuids and cells of the visible rows of the visible columns, prefetches the
    /// window around them, recycles cells that left the screen.
    ///
    /// What to ask is the core's decision (`planRows`, `planPrefetch`, `planCells`,
    /// `planRecycling`, `updateRowWindows`, returned as actions stamped with the column's
    /// ticket); the shell performs the actions (`performLoad(_:)`).
    ///
    /// - Complexity: O(w) data source questions at most for the w rows of the visible columns'
    ///   windows, of which only the rows without an item are asked.
    func applyLayoutPass() {
        isApplyingLayout = true
        defer { isApplyingLayout = false }
        clampPositions()
        let offset = horizontalOffset
        let height = layout.columnHeight
        let window = height * layout.metrics.prefetchScreens
        var onScreen: Set<String> = []
        var windows: [String: Range<Int>] = [:]
        for c in layout.visibleColumns(horizontalOffset: offset, count: columns.count) {
            let top = columns[c].contentOffsetY
            let visibleRows = layout.rows(of: columns[c], inContentBand: top...(top + height))
            let windowRows = layout.rows(of: columns[c], inContentBand: max(0, top - window)...(top + height + window))
            if let parent = columns[c].parent { windows[parent] = windowRows }
            core.stampIfNeeded(c)
            for action in core.planRows(ofColumn: c, window: windowRows) { performLoad(action) }
            guard c < columns.count else { continue }
            for action in core.planPrefetch(ofColumn: c, visible: visibleRows, window: windowRows) {
                performLoad(action)
            }
            for action in core.planCells(ofColumn: c, visible: visibleRows, isEditing: isEditing) {
                if case .configureCells(let requests, _) = action { onScreen.formUnion(requests.lazy.map(\.uuid)) }
                performLoad(action)
            }
            if c < columns.count {
                columns[c].trimCache(keeping: windowRows, limit: layout.metrics.uuidCacheLimit)
            }
        }
        for action in core.planRecycling(keeping: onScreen) { performLoad(action) }
        for action in core.updateRowWindows(windows) { performLoad(action) }
    }

    /// Performs a loading action of the core: asks the data source and feeds the answers back
    /// (the core drops those whose ticket went stale meanwhile).
    ///
    /// - Returns: For `.askCount`, whether the answer added the column; `true` otherwise.
    @discardableResult
    func performLoad(_ action: HierarchyCore.Action) -> Bool {
        switch action {
        case .askCount(let parent, let ticket):
            let count = max(0, ask({ $0.hierarchyView(self, numberOfChildrenForItemWith: parent) }) ?? 0)
            return core.receiveCount(count, of: parent, ticket: ticket, extent: estimatedExtent)
        case .askChildren(let parent, let rows, let ticket):
            for row in rows {
                guard core.column(of: ticket) != nil, let answer = childRow(at: row, of: parent) else { break }
                let (_, errors) = core.receiveChild(answer, at: row, ticket: ticket)
                for error in errors { report(error) }
            }
        case .prefetch(_, let uuids, _):
            ask { $0.hierarchyView(self, prefetchDataForItemsWith: uuids) }
        case .rowWindowsChanged(let windows):
            ask { $0.hierarchyView(self, didChangeRowWindows: windows) }
        case .askParentOfTopColumn:
            askParentOfTopColumnIfNeeded()
        case .checkCount(let parent, let countBefore, let ticket):
            let reported = max(0, ask({ $0.hierarchyView(self, numberOfChildrenForItemWith: parent) }) ?? 0)
            switch core.receiveCheckedCount(reported, of: parent, countBefore: countBefore, ticket: ticket) {
            case .agrees: break
            case .askAgainLater: setNeedsLayout()
            case .disagrees(let error):
                report(error)
                applyInvalidateChildren(of: parent)
            }
        case .locateChild:
            _ = performLocate(action)
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
            for uuid in uuids { enqueueHeldCell(of: uuid) }
        case .askParent(let child, let ticket):
            let parent = ask({ $0.hierarchyView(self, parentForItemWith: child) }) ?? nil
            // The first column's parent (the only parent a layout, a pan or a move asks).
            if let parent, core.receiveParent(of: child, ticket: ticket) == 0 {
                attachParent(parent, of: child, column: 0)
            }
        }
        return true
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

    /// Whether `uuid` is on the path above column `c` (an expanded item of an earlier column).
    func isAncestor(_ uuid: String, ofColumn c: Int) -> Bool {
        for k in 0..<min(c, columns.count) where columns[k].expandedUUID == uuid {
            return true
        }
        return false
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
                if columns[c].heights.extent(at: row) != extent {
                    columns[c].setExtent(extent, at: row)
                    needsLayout = true
                }
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

    /// Lets go of an item's cell outside a layout pass (its row was removed or forgotten, its
    /// column closed): recycled, and asked again when the item is shown.
    func releaseCell(of uuid: String) {
        core.forgetCell(uuid)
        enqueueHeldCell(of: uuid)
    }

    /// Puts the item's cell, if the view holds one, in the reuse queue.
    private func enqueueHeldCell(of uuid: String) {
        if let cell = visibleCells.removeValue(forKey: uuid) { reuseQueue.enqueue(cell) }
    }

    // MARK: Parents

    /// Asks for the parent of the first column's anchor: during the initial load (rule 3 of
    /// the initial loading process, whatever the width), and later when the user reaches the
    /// first column.
    func askParentOfTopColumnIfNeeded() {
        for action in core.planParentOfTopColumn() { performLoad(action) }
    }

    /// Puts `parent` in a new first column above `child` (in column `k`); the child's column
    /// shows the child alone until the parent's children are known.
    func attachParent(_ parent: String, of child: String, column k: Int) {
        var below: Set<String> = [child]
        for column in columns[k...] { if let e = column.expandedUUID { below.insert(e) } }
        guard !below.contains(parent) else {
            report(HierarchyError(.cycle, "the parent \(parent) of \(child) is already shown below it", uuid: parent))
            return
        }
        let childIsExpanded = columns[k].expandedUUID == child && k + 1 < columns.count
        let tail = childIsExpanded ? Array(columns[(k + 1)...]) : []
        for index in columns.indices where index <= k || !childIsExpanded {
            recycleCells(ofColumn: index)
            if index > 0, let p = columns[index].parent { formerParents.insert(p) }
        }
        let top = ColumnState(parent: nil, single: parent, extent: estimatedExtent, expanded: true)
        var childColumn = ColumnState(parent: parent, single: child, extent: estimatedExtent, expanded: childIsExpanded)
        childColumn.isPinned = true
        let shift = 1 - k
        columns = [top, childColumn] + tail
        core.stampColumn(0)
        core.stampColumn(1)
        formerParents.remove(parent)
        remember(parent)
        leadingColumn += shift
        if let f = focus {
            let moved = f.column + shift
            focus = moved >= 2 ? (moved, f.row) : (1, 0)
        }
        clampPositions()
        let count = ask({ $0.hierarchyView(self, numberOfChildrenForItemWith: parent) }) ?? 0
        if count > 0, columns.count > 1, columns[1].isPinned { fillPinnedColumn(1, count: count) }
        setNeedsLayout()
    }

    /// Replaces a pinned column (one child shown) with the parent's `count` children, finding
    /// the child among them.
    ///
    /// - Parameters:
    ///   - c: The pinned column.
    ///   - count: The number of the parent's children known now.
    ///   - isPartial: More children may still arrive (an insert batch): if the child is not
    ///     among them yet, the column stays pinned, remembering `count`, with no error.
    /// - Complexity: O(min(count, childSearchLimit)) data source calls at worst.
    func fillPinnedColumn(_ c: Int, count: Int, isPartial: Bool = false) {
        guard let parent = columns[c].parent, let child = columns[c].uuid(at: 0) else { return }
        let pinned = columns[c]
        var column = pinned
        column.reset(count: count, extent: estimatedExtent)
        column.expandedUUID = pinned.expandedUUID
        column.expandedRow = nil
        columns[c] = column
        core.stampColumn(c)
        guard let row = locateChild(child, inColumn: c) else {
            columns[c] = pinned
            if isPartial {
                columns[c].pinnedInsertedCount = count
            } else {
                report(
                    HierarchyError(
                        .inconsistentCount, "\(parent) does not list \(child) among its \(count) children", uuid: child)
                )
            }
            return
        }
        columns[c].setUUID(child, at: row)
        if pinned.expandedUUID == child { columns[c].expandedRow = row }
        if let f = focus, f.column == c { focus = (c, row) }
        scrollRowIntoView(column: c, row: row)
    }

    /// The row of `child` in column `c`: cached, or from the data source's hint, or by
    /// looking through the parent's children (bounded by `childSearchLimit`), as the core
    /// plans it (`planLocate`).
    func locateChild(_ child: String, inColumn c: Int) -> Int? {
        switch core.planLocate(child, inColumn: c, searchLimit: layout.metrics.childSearchLimit) {
        case .known(let row): return row
        case .unknown: return nil
        case .ask(let action): return performLocate(action)
        }
    }

    /// Performs `.locateChild`: the data source's hint, checked, else a look through the rows;
    /// the core takes the row (and drops it if the column changed meanwhile).
    ///
    /// - Complexity: O(s) data source calls at worst for the s rows of the action's `scan`.
    func performLocate(_ action: HierarchyCore.Action) -> Int? {
        guard case .locateChild(let child, let parent, let rows, let scan, let ticket) = action else { return nil }
        var found: Int?
        if let hint = ask({ $0.hierarchyView(self, indexOfChildItemWith: child, inParentWith: parent) }) ?? nil,
            rows.contains(hint), childRow(at: hint, of: parent) == .item(child)
        {
            found = hint
        } else {
            found = scan.first { childRow(at: $0, of: parent) == .item(child) }
        }
        return core.receiveLocatedChild(child, at: found, ticket: ticket)
    }

    // MARK: Expanding

    /// Expands the item at a row: its children fill the next column, deeper columns close.
    ///
    /// - Returns: `false` if the item cannot be expanded (a cycle).
    @discardableResult
    func expand(column c: Int, row: Int, uuid: String) -> Bool {
        guard c < columns.count else { return false }
        if isAncestor(uuid, ofColumn: c) || columns[c].parent == uuid {
            report(HierarchyError(.cycle, "the item \(uuid) is its own ancestor; it is not expanded again", uuid: uuid))
            return false
        }
        if columns[c].expandedUUID == uuid, c + 1 < columns.count {
            revealColumn(c + 1)
            return true
        }
        closeColumns(after: c)
        let added = core.beginExpanding(column: c, row: row, uuid: uuid).contains { performLoad($0) }
        guard added else { return false }
        revealColumn(c + 1)
        setNeedsLayout()
        return true
    }

    /// Closes the columns after `c` and forgets the expanded item of `c`.
    func closeColumns(after c: Int) {
        guard c + 1 < columns.count else {
            if c < columns.count {
                columns[c].expandedUUID = nil
                columns[c].expandedRow = nil
            }
            return
        }
        for index in (c + 1)..<columns.count {
            recycleCells(ofColumn: index)
            if let p = columns[index].parent { formerParents.insert(p) }
        }
        columns.removeSubrange((c + 1)...)
        columns[c].expandedUUID = nil
        columns[c].expandedRow = nil
        if let f = focus, f.column > c { focus = (c, columns[c].expandedRow ?? f.row) }
        clampPositions()
    }

    /// Scrolls horizontally so that column `c` is visible.
    func revealColumn(_ c: Int) {
        core.revealColumn(c, coreGeometry)
    }

    func recycleCells(ofColumn c: Int) {
        guard c < columns.count else { return }
        for uuid in columns[c].rows.keys { releaseCell(of: uuid) }
        if let e = columns[c].expandedUUID { releaseCell(of: e) }
    }

    // MARK: Applying updates

    func columnIndex(ofParent parent: String) -> Int? {
        columns.indices.first { $0 > 0 && columns[$0].parent == parent }
    }

    /// Reports a call about a parent that is not expanded, unless it is a late call about one
    /// that was expanded before (ignored: it must not disturb the screen).
    func reportNotExpanded(_ parent: String, _ what: String) {
        if formerParents.contains(parent) { return }
        if knownUUIDs.contains(parent) || columns.contains(where: { $0.row(of: parent) != nil }) {
            report(HierarchyError(.parentNotExpanded, "\(what) of \(parent), which is not expanded", uuid: parent))
        } else {
            report(HierarchyError(.unknownItem, "\(what) of \(parent), which the view does not know", uuid: parent))
        }
    }

    func applyInsert(of parent: String, at indexes: IndexSet) {
        guard let c = columnIndex(ofParent: parent) else {
            reportNotExpanded(parent, "insertChildren(of:at:) for the children")
            return
        }
        guard !indexes.isEmpty else { return }
        let countBefore = columns[c].count
        let wasPinned = columns[c].isPinned
        let base = wasPinned ? columns[c].pinnedInsertedCount : columns[c].count
        let finalCount = base + indexes.count
        guard let first = indexes.first, let last = indexes.last, first >= 0, last < finalCount else {
            report(
                HierarchyError(
                    .indexOutOfRange,
                    "insertChildren(of: \(parent)) at indexes up to \(indexes.last ?? 0), but only \(finalCount) children exist after the insert",
                    uuid: parent))
            return
        }
        if wasPinned {
            fillPinnedColumn(c, count: finalCount, isPartial: true)
        } else {
            keepingVisibleRowsStill(column: c) { column in
                column.insertRows(indexes, extent: estimatedExtent)
            }
            if let f = focus, f.column == c {
                focus = (c, f.row + indexes.count(in: 0...f.row))
            }
        }
        if pendingInitialFocus, let f = focus, f.column == c - 1, columns[c].count > 0 {
            pendingInitialFocus = false
            focus = (c, 0)
            // The newly focused item previews its children, as a focus the user moved would:
            // after the user opened a level, and for the first focus of the view.
            needsFocusPreview = expandsFocusedItem
            pendingFocusFollowsOpen = false
        }
        checkCount(ofColumn: c, countBefore: countBefore)
        setNeedsLayout()
    }

    func applyRemove(of parent: String, at indexes: IndexSet) {
        guard let c = columnIndex(ofParent: parent) else {
            reportNotExpanded(parent, "removeChildren(of:at:) for the children")
            return
        }
        guard !indexes.isEmpty else { return }
        let countBefore = columns[c].count
        guard let first = indexes.first, let last = indexes.last, first >= 0, last < columns[c].count else {
            report(
                HierarchyError(
                    .indexOutOfRange,
                    "removeChildren(of: \(parent)) at index \(indexes.last ?? 0), but it has \(columns[c].count) children",
                    uuid: parent))
            return
        }
        for row in indexes {
            if let uuid = columns[c].uuid(at: row) {
                releaseCell(of: uuid)
                selection.removeAll { $0 == uuid }
            }
        }
        let removesExpanded = columns[c].expandedRow.map(indexes.contains) ?? false
        if removesExpanded { closeColumns(after: c) }
        columns[c].isPinned = false
        keepingVisibleRowsStill(column: c) { column in column.removeRows(indexes) }
        if let f = focus, f.column == c {
            let before = indexes.count(in: 0..<f.row)
            focus = (c, max(0, min(f.row - before, columns[c].count - 1)))
        }
        clampPositions()
        checkCount(ofColumn: c, countBefore: countBefore)
        setNeedsLayout()
    }

    func applyInvalidateChildren(of parent: String) {
        guard let c = columnIndex(ofParent: parent) else {
            reportNotExpanded(parent, "invalidateChildren(of:) for the children")
            return
        }
        let count = max(0, ask({ $0.hierarchyView(self, numberOfChildrenForItemWith: parent) }) ?? 0)
        guard c < columns.count, columns[c].parent == parent else { return }
        if columns[c].isPinned && count == 0 { return }
        if columns[c].isPinned {
            fillPinnedColumn(c, count: count)
            setNeedsLayout()
            return
        }
        core.pendingCountChecks.remove(parent)
        recycleCells(ofColumn: c)
        let expanded = columns[c].expandedUUID
        columns[c].reset(count: count, extent: estimatedExtent)
        core.stampColumn(c)
        columns[c].expandedUUID = expanded
        if let expanded {
            if let row = locateChild(expanded, inColumn: c) {
                columns[c].setUUID(expanded, at: row)
                columns[c].expandedRow = row
            } else {
                closeColumns(after: c)
            }
        }
        clampPositions()
        setNeedsLayout()
    }

    func applyInvalidateParent(of child: String) {
        guard case .askParent(_, let ticket)? = core.planParentCheck(of: child).first else {
            if !knownUUIDs.contains(child) {
                report(
                    HierarchyError(
                        .unknownItem, "invalidateParent(of: \(child)), but the view does not show that item",
                        uuid: child))
            }
            return
        }
        let parent = ask({ $0.hierarchyView(self, parentForItemWith: child) }) ?? nil
        guard let k = core.receiveParent(of: child, ticket: ticket) else { return }
        if k == 0 { columns[0].parentAsked = true }
        guard let parent else {
            guard k > 0 || columns[0].count > 1 else { return }
            let childIsExpanded = columns[k].expandedUUID == child && k + 1 < columns.count
            let tail = childIsExpanded ? Array(columns[(k + 1)...]) : []
            for index in columns.indices where index <= k || !childIsExpanded { recycleCells(ofColumn: index) }
            var top = ColumnState(parent: nil, single: child, extent: estimatedExtent, expanded: childIsExpanded)
            top.parentAsked = true
            columns = [top] + tail
            core.stampColumn(0)
            leadingColumn -= k
            if let f = focus { focus = f.column - k >= 1 ? (f.column - k, f.row) : (0, 0) }
            clampPositions()
            setNeedsLayout()
            return
        }
        if k > 0, columns[k].parent == parent { return }
        attachParent(parent, of: child, column: k)
    }

    /// Compares the column's count with the data source's after an update; on a mismatch,
    /// reports it and takes the data source's count. When the source still gives the count
    /// from before the update (it updates its own count only after its insert or remove call
    /// returns), it is asked again at the next layout pass instead, and only a mismatch then
    /// is reported.
    ///
    /// - Parameters:
    ///   - c: The column.
    ///   - countBefore: The column's count before the update (`nil` on a recheck).
    func checkCount(ofColumn c: Int, countBefore: Int? = nil) {
        for action in core.planCountCheck(ofColumn: c, countBefore: countBefore) { performLoad(action) }
    }

    /// Applies a change to a column keeping the first visible row where it is on screen (an
    /// insert above it must not move what the user looks at).
    func keepingVisibleRowsStill(column c: Int, _ change: (inout ColumnState) -> Void) {
        let column = columns[c]
        guard column.contentOffsetY > 0, column.count > 0, let anchor = column.uuid(at: anchorRow(column)) else {
            change(&columns[c])
            return
        }
        let anchorRowBefore = anchorRow(column)
        let within = column.contentOffsetY - layout.sectionInset.top - column.heights.offset(of: anchorRowBefore)
        change(&columns[c])
        if let row = columns[c].row(of: anchor) {
            columns[c].contentOffsetY = max(0, layout.sectionInset.top + columns[c].heights.offset(of: row) + within)
        }
    }

    private func anchorRow(_ column: ColumnState) -> Int {
        column.heights.index(containing: max(0, column.contentOffsetY - layout.sectionInset.top))
    }

    /// Scrolls a column vertically so the row is fully visible.
    func scrollRowIntoView(column c: Int, row: Int) {
        core.scrollRowIntoView(column: c, row: row, coreGeometry)
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
