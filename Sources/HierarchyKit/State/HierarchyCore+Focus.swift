import Foundation

extension HierarchyCore {
    /// `reloadData()`: forgets every column, the focus, the selection and the cells, and starts
    /// again at `root` (nothing shown without one).
    mutating func reset(root: String?, extent: Double) {
        forgetAllCells()
        columns = []
        leadingColumn = 0
        pan = nil
        focus = nil
        selection = []
        formerParents = []
        isInitialLoad = true
        pendingCountChecks = []
        pendingInitialFocus = false
        needsFocusPreview = false
        guard let root else { return }
        columns = [ColumnState(parent: nil, single: root, extent: extent, expanded: false)]
        stampColumn(0)
    }

    /// The first focus after a reload: the first child of the root when the root's children are
    /// there, else the root, whose children the focus enters when they arrive. With
    /// `expandsFocusedItem` the first frame already previews the focused item's children.
    mutating func focusFirstItem(expandsFocusedItem: Bool, _ geometry: Geometry) {
        focus = columns.count > 1 && columns[1].count > 0 ? (1, 0) : (0, 0)
        pendingInitialFocus = focus?.column == 0
        needsFocusPreview = expandsFocusedItem && focus?.column == 1
        leadingColumn = maxLeadingColumn(geometry)
    }

    /// Focuses a row, keeping a pending focus (a focus the user moved gives it up first:
    /// ``dropPendingFocus()``).
    mutating func place(focusAt c: Int, row: Int) {
        focus = (c, row)
    }

    /// Focuses a row and brings it into view: its column revealed, the row scrolled to.
    mutating func show(focusAt c: Int, row: Int, _ geometry: Geometry) {
        focus = (c, row)
        revealColumn(c, geometry)
        scrollRowIntoView(column: c, row: row, geometry)
    }

    /// The user focuses a row: a pending focus is given up; a row that does not exist is refused.
    ///
    /// - Returns: whether the row is focused.
    mutating func focus(row: Int, inColumn c: Int, _ geometry: Geometry) -> Bool {
        pendingInitialFocus = false
        guard c >= 0, c < columns.count, row >= 0, row < columns[c].count else { return false }
        show(focusAt: c, row: row, geometry)
        return true
    }

    /// The row a focus move lands on, a page being the rows of estimated extent that fit a
    /// column, less one; `nil` without a focus in a column that has rows.
    func target(of move: HierarchyFocusMove, extent: Double, _ geometry: Geometry) -> (column: Int, row: Int)? {
        guard let f = focus, f.column < columns.count, columns[f.column].count > 0 else { return nil }
        let page = max(1, Int(geometry.columnHeight / max(1e-9, extent)) - 1)
        return (f.column, Self.row(after: move, from: f.row, count: columns[f.column].count, page: page))
    }

    /// The focus enters the column after its own, which was just expanded: at the row of the
    /// item expanded there before, or the first; while the column has no rows yet, the focus
    /// waits and enters when they arrive.
    ///
    /// - Returns: the row focused, or `nil` while the focus waits.
    mutating func enterNextColumn(from c: Int, _ geometry: Geometry) -> Int? {
        let next = c + 1
        guard next < columns.count, columns[next].count > 0 else {
            pendingInitialFocus = true
            return nil
        }
        let row = min(columns[next].expandedRow ?? 0, columns[next].count - 1)
        focus = (next, row)
        revealColumn(next, geometry)
        return row
    }

    /// Shows the level `delta` columns away, the focus moving into the columns on screen.
    ///
    /// - Returns: whether the leading column moved.
    @discardableResult
    mutating func showLevel(by delta: Int, _ geometry: Geometry) -> Bool {
        guard moveLeadingColumn(by: delta, geometry) else { return false }
        moveFocusIntoVisibleColumns(geometry)
        return true
    }

    /// Gives up a pending focus on children still loading (the user moved the focus).
    mutating func dropPendingFocus() {
        pendingInitialFocus = false
    }

    /// Whether the focused item is to preview its children now; asking clears it.
    mutating func takeFocusPreview() -> Bool {
        defer { needsFocusPreview = false }
        return needsFocusPreview
    }

    /// Moves the leading column by `delta` levels, within the columns that can lead.
    ///
    /// - Returns: whether it moved.
    @discardableResult
    mutating func moveLeadingColumn(by delta: Int, _ geometry: Geometry) -> Bool {
        let target = min(max(0, leadingColumn + delta), maxLeadingColumn(geometry))
        guard target != leadingColumn else { return false }
        leadingColumn = target
        return true
    }

    /// Makes column `c` lead if it lies before the leading one.
    mutating func lead(withColumnAtMost c: Int) {
        if c < leadingColumn { leadingColumn = c }
    }

    /// The row a focus move lands on in a column of `count` rows, `page` rows to a screen.
    static func row(after move: HierarchyFocusMove, from row: Int, count: Int, page: Int) -> Int {
        let target: Int
        switch move {
        case .up: target = row - 1
        case .down: target = row + 1
        case .pageUp: target = row - page
        case .pageDown: target = row + page
        case .home: target = 0
        case .end: target = count - 1
        }
        return min(max(0, target), count - 1)
    }
}

extension HierarchyCore {
    /// Leaving editing mode: nothing stays selected.
    mutating func clearSelection() {
        selection.removeAll()
    }

    /// Bounds the uuids column `c` keeps to its window (a layout pass).
    mutating func trimCache(ofColumn c: Int, keeping window: Range<Int>, limit: Int) {
        guard c >= 0, c < columns.count else { return }
        columns[c].trimCache(keeping: window, limit: limit)
    }

    /// A measured extent for a row.
    ///
    /// - Returns: whether it differs from the one the layout had (another pass is needed).
    mutating func setExtent(_ extent: Double, column c: Int, row: Int) -> Bool {
        guard c >= 0, c < columns.count, row < columns[c].count, columns[c].heights.extent(at: row) != extent else {
            return false
        }
        columns[c].setExtent(extent, at: row)
        return true
    }
}

extension HierarchyCore {
    /// A type-select in the focused column: the rows to look at, in order from the focus and
    /// wrapping, and, when the data source can search its children, the row from which its
    /// search takes over once those rows found nothing.
    struct TypeSelectPlan: Equatable {
        var column: Int
        var parent: String?
        var rows: [Int]
        var searchFrom: Int?
    }

    /// Plans a type-select of `prefix`: at most `limit` rows are looked at one by one; with a
    /// data source that searches (`canSearch`) the rest of a longer column is its search.
    func planTypeSelect(_ prefix: String, limit: Int, canSearch: Bool) -> TypeSelectPlan? {
        guard let f = focus, f.column < columns.count, !prefix.isEmpty else { return nil }
        let count = columns[f.column].count
        let parent = columns[f.column].parent
        let looked = min(count, max(0, limit))
        let rows = (0..<looked).map { (f.row + $0) % count }
        let searchFrom = canSearch && parent != nil && count > looked ? (f.row + looked) % count : nil
        return TypeSelectPlan(column: f.column, parent: parent, rows: rows, searchFrom: searchFrom)
    }

    /// A title as type-select compares it: without case and diacritics.
    static func typeSelectKey(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
