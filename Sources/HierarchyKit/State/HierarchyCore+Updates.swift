import Foundation

extension HierarchyCore {
    // MARK: Which column an update is about

    /// The column that shows the children of `parent` (the first column shows no parent's
    /// children: it holds the root or a parent's preview).
    ///
    /// - Complexity: O(c) for c columns.
    func columnIndex(ofParent parent: String) -> Int? {
        columns.indices.first { $0 > 0 && columns[$0].parent == parent }
    }

    /// What to report for a call about a parent whose children no column shows.
    ///
    /// - Parameters:
    ///   - parent: The parent named in the call.
    ///   - what: The call, as the message says it ("insertChildren(of:at:) for the children").
    /// - Returns: Nothing for a late call about a parent that was expanded before (it must not
    ///   disturb the screen); else `.report` of a parent that is shown but not expanded, or of
    ///   an item the view was never told about.
    /// - Complexity: O(c) for c columns.
    func planNotExpanded(_ parent: String, _ what: String) -> [Action] {
        if formerParents.contains(parent) { return [] }
        if knownUUIDs.contains(parent) || columns.contains(where: { $0.row(of: parent) != nil }) {
            return [
                .report(HierarchyError(.parentNotExpanded, "\(what) of \(parent), which is not expanded", uuid: parent))
            ]
        }
        return [
            .report(HierarchyError(.unknownItem, "\(what) of \(parent), which the view does not know", uuid: parent))
        ]
    }

    // MARK: Closing columns

    /// Lets go of every cell column `c` holds (its cached rows and its expanded item).
    ///
    /// - Returns: `.recycleCells` for the items that held one (no longer counted), in the
    ///   order of their rows, or nothing.
    /// - Complexity: O(r + h log h) for r cached rows of the column, h of them holding a cell.
    mutating func releaseCells(ofColumn c: Int) -> [Action] {
        guard c >= 0, c < columns.count else { return [] }
        var released = columns[c].rows.filter { cells.contains($0.key) }.sorted { $0.value < $1.value }.map(\.key)
        if let e = columns[c].expandedUUID, cells.contains(e), columns[c].row(of: e) == nil { released.append(e) }
        guard !released.isEmpty else { return [] }
        for uuid in released { forgetCell(uuid) }
        return [.recycleCells(released)]
    }

    /// Closes the columns after `c` and forgets the expanded item of `c`: their parents become
    /// former parents (late calls about them are ignored), the focus comes back to `c`.
    ///
    /// - Returns: `.recycleCells` for the cells of the closed columns, or nothing.
    /// - Complexity: O(r) for r cached rows of the closed columns.
    mutating func closeColumns(after c: Int, _ geometry: Geometry) -> [Action] {
        guard c >= 0, c < columns.count else { return [] }
        columns[c].expandedUUID = nil
        columns[c].expandedRow = nil
        guard c + 1 < columns.count else { return [] }
        var actions: [Action] = []
        for index in (c + 1)..<columns.count {
            actions += releaseCells(ofColumn: index)
            if let p = columns[index].parent { formerParents.insert(p) }
        }
        columns.removeSubrange((c + 1)...)
        if let f = focus, f.column > c { focus = (c, f.row) }
        clampPositions(geometry)
        return Self.merged(actions)
    }

    // MARK: Rows inserted and removed

    /// `removeChildren(of:at:)`: the rows at `indexes` (positions before the removal) leave the
    /// column of `parent`; their cells are let go and their items deselected, the columns the
    /// removed expanded item opened close, the first visible row stays where it is on screen,
    /// the focus keeps its item (or the row that takes its place), and the count is checked.
    ///
    /// - Returns: What to do: `.report` for a call about a parent not shown or an index out of
    ///   range (nothing else changes then), else `.recycleCells`, `.checkCount` and `.relayout`.
    /// - Complexity: O(k log n) for k removed ranges in a column of n items, plus the cells let go.
    mutating func removeChildren(of parent: String, at indexes: IndexSet, _ geometry: Geometry) -> [Action] {
        guard let c = columnIndex(ofParent: parent) else {
            return planNotExpanded(parent, "removeChildren(of:at:) for the children")
        }
        guard let first = indexes.first, let last = indexes.last else { return [] }
        let countBefore = columns[c].count
        guard first >= 0, last < countBefore else {
            return [
                .report(
                    HierarchyError(
                        .indexOutOfRange,
                        "removeChildren(of: \(parent)) at index \(last), but it has \(countBefore) children",
                        uuid: parent))
            ]
        }
        var released: [String] = []
        for row in indexes {
            guard let uuid = columns[c].uuid(at: row) else { continue }
            if cells.contains(uuid) {
                forgetCell(uuid)
                released.append(uuid)
            }
            selection.removeAll { $0 == uuid }
        }
        var actions: [Action] = released.isEmpty ? [] : [.recycleCells(released)]
        if columns[c].expandedRow.map(indexes.contains) ?? false { actions += closeColumns(after: c, geometry) }
        columns[c].isPinned = false
        keepingVisibleRowsStill(column: c, geometry) { $0.removeRows(indexes) }
        if let f = focus, f.column == c {
            let before = indexes.count(in: 0..<f.row)
            focus = (c, max(0, min(f.row - before, columns[c].count - 1)))
        }
        clampPositions(geometry)
        actions += planCountCheck(ofColumn: c, countBefore: countBefore)
        actions.append(.relayout)
        return Self.merged(actions)
    }

    /// `insertChildren(of:at:)`: new rows at `indexes` (positions after the insert) in the
    /// column of `parent`, with the estimated `extent`; the first visible row stays where it is
    /// on screen and the focus keeps its item.
    ///
    /// A pinned column (one child shown until its parent's children are known) is filled with
    /// the `count` children known after the insert, and its child looked for among them
    /// (`fillPinnedColumn(_:count:isPartial:countBefore:extent:_:)`).
    ///
    /// - Returns: `.report` for a call about a parent not shown or an index past the count
    ///   after the insert; `.locatePinnedChild` for a pinned column; else what
    ///   ``finishInsert(column:countBefore:)`` returns.
    /// - Complexity: O(k log n) for k inserted ranges in a column of n items.
    mutating func insertChildren(of parent: String, at indexes: IndexSet, extent: Double, _ geometry: Geometry)
        -> [Action]
    {
        guard let c = columnIndex(ofParent: parent) else {
            return planNotExpanded(parent, "insertChildren(of:at:) for the children")
        }
        guard let first = indexes.first, let last = indexes.last else { return [] }
        let countBefore = columns[c].count
        let base = columns[c].isPinned ? columns[c].pinnedInsertedCount : countBefore
        let finalCount = base + indexes.count
        guard first >= 0, last < finalCount else {
            return [
                .report(
                    HierarchyError(
                        .indexOutOfRange,
                        "insertChildren(of: \(parent)) at indexes up to \(last), but only \(finalCount) children exist after the insert",
                        uuid: parent))
            ]
        }
        if columns[c].isPinned {
            return fillPinnedColumn(
                c, count: finalCount, isPartial: true, countBefore: countBefore, extent: extent, geometry)
        }
        keepingVisibleRowsStill(column: c, geometry) { $0.insertRows(indexes, extent: extent) }
        if let f = focus, f.column == c {
            focus = (c, f.row + indexes.count(in: 0...f.row))
        }
        return finishInsert(column: c, countBefore: countBefore)
    }

    /// The end of an insert into column `c`: a focus that waited for the first children of the
    /// item it opened moves onto the first one, and the count is checked.
    ///
    /// - Returns: `.checkCount` and `.relayout`.
    mutating func finishInsert(column c: Int, countBefore: Int) -> [Action] {
        guard c >= 0, c < columns.count else { return [] }
        if pendingInitialFocus, let f = focus, f.column == c - 1, columns[c].count > 0 {
            pendingInitialFocus = false
            focus = (c, 0)
            // The newly focused item previews its children, as a focus the user moved would:
            // after the user opened a level, and for the first focus of the view.
            needsFocusPreview = true
        }
        return planCountCheck(ofColumn: c, countBefore: countBefore) + [.relayout]
    }

    /// `invalidateChildren(of:)`: the children of `parent` are read anew, starting with their count.
    ///
    /// - Returns: `.report` for a parent not shown; else `.recount` stamped with its column's ticket.
    /// - Complexity: O(c) for c columns.
    func planInvalidateChildren(of parent: String) -> [Action] {
        guard let c = columnIndex(ofParent: parent) else {
            return planNotExpanded(parent, "invalidateChildren(of:) for the children")
        }
        return [.recount(parent: parent, ticket: columns[c].ticket)]
    }

    /// Takes the new count of a column's children after `invalidateChildren(of:)`.
    ///
    /// A pinned column (one child shown) is filled with the children (`.locatePinnedChild`),
    /// or stays as it is while the parent has no children yet. Any other column is read anew:
    /// `count` rows of the estimated `extent`, no cached item, a new ticket, its cells let
    /// go; its expanded item is looked for among the new rows (`.locateExpandedChild` when it
    /// is not known).
    ///
    /// - Returns: The actions, or nothing when the answer is stale (the column closed or
    ///   changed since the question).
    /// - Complexity: O(r) for r cached rows of the column.
    mutating func receiveRecount(_ count: Int, of parent: String, ticket: Ticket, extent: Double, _ geometry: Geometry)
        -> [Action]
    {
        guard let c = column(of: ticket), columns[c].parent == parent else { return [] }
        if columns[c].isPinned {
            guard count > 0 else { return [] }
            return fillPinnedColumn(c, count: count, isPartial: false, countBefore: nil, extent: extent, geometry)
        }
        pendingCountChecks.remove(parent)
        var actions = releaseCells(ofColumn: c)
        let expanded = columns[c].expandedUUID
        columns[c].reset(count: count, extent: extent)
        stampColumn(c)
        columns[c].expandedUUID = expanded
        if let expanded {
            switch planLocate(expanded, inColumn: c, searchLimit: geometry.childSearchLimit) {
            case .known(let row):
                columns[c].setUUID(expanded, at: row)
                columns[c].expandedRow = row
            case .ask(.locateChild(let child, let parent, let rows, let scan, let ticket)):
                actions.append(
                    .locateExpandedChild(child: child, parent: parent, rows: rows, scan: scan, ticket: ticket))
                return actions
            case .ask, .unknown:
                actions += closeColumns(after: c, geometry)
            }
        }
        clampPositions(geometry)
        actions.append(.relayout)
        return Self.merged(actions)
    }

    /// Takes the row where a column read anew has its expanded item: it stays expanded there,
    /// or, not found, the columns it opened close.
    ///
    /// - Parameter row: The row found, or `nil`.
    /// - Returns: `.recycleCells` for closed columns, and `.relayout`; nothing for a stale answer.
    /// - Complexity: O(r) for r cached rows of the closed columns.
    mutating func receiveLocatedExpandedChild(_ child: String, at row: Int?, ticket: Ticket, _ geometry: Geometry)
        -> [Action]
    {
        guard let c = column(of: ticket), columns[c].expandedUUID == child else { return [] }
        var actions: [Action] = []
        if let row = receiveLocatedChild(child, at: row, ticket: ticket) {
            columns[c].expandedRow = row
        } else {
            actions += closeColumns(after: c, geometry)
        }
        clampPositions(geometry)
        actions.append(.relayout)
        return actions
    }

    /// `invalidateChildren(of:at:)`: the items at these rows may have changed; their cached
    /// uuids and cells are forgotten (not the expanded item's), to be asked when shown.
    ///
    /// - Returns: `.report` for a parent not shown; else `.recycleCells` and `.relayout`.
    /// - Complexity: O(min(k, u) log r) for k rows in r ranges and u cached rows of the column.
    mutating func invalidateRows(of parent: String, at indexes: IndexSet) -> [Action] {
        guard let c = columnIndex(ofParent: parent) else {
            return planNotExpanded(parent, "invalidateChildren(of:at:) for the children")
        }
        if let f = focus, f.column == c, indexes.contains(f.row) { needsFocusPreview = true }
        // Many rows (all but a window of a long column): go through the cached rows instead.
        let rows: [Int] =
            indexes.count > columns[c].uuids.count
            ? columns[c].uuids.keys.filter { indexes.contains($0) } : Array(indexes)
        var released: [String] = []
        for row in rows.sorted() where row >= 0 && row < columns[c].count {
            guard let uuid = columns[c].uuid(at: row), uuid != columns[c].expandedUUID else { continue }
            if cells.contains(uuid) {
                forgetCell(uuid)
                released.append(uuid)
            }
            columns[c].forgetUUID(at: row)
        }
        return (released.isEmpty ? [] : [.recycleCells(released)]) + [.relayout]
    }

    // MARK: Helpers

    /// Applies a change to column `c` keeping its first visible row where it is on screen (an
    /// insert above it must not move what the user looks at).
    mutating func keepingVisibleRowsStill(column c: Int, _ geometry: Geometry, _ change: (inout ColumnState) -> Void) {
        let column = columns[c]
        let inset = geometry.insetTop
        let anchorRow = column.heights.index(containing: max(0, column.contentOffsetY - inset))
        guard column.contentOffsetY > 0, column.count > 0, let anchor = column.uuid(at: anchorRow) else {
            change(&columns[c])
            return
        }
        let within = column.contentOffsetY - inset - column.heights.offset(of: anchorRow)
        change(&columns[c])
        if let row = columns[c].row(of: anchor) {
            columns[c].contentOffsetY = max(0, inset + columns[c].heights.offset(of: row) + within)
        }
    }

    /// Actions with the `.recycleCells` merged into one (first in the list), the others in order.
    static func merged(_ actions: [Action]) -> [Action] {
        var recycled: [String] = []
        var others: [Action] = []
        for action in actions {
            if case .recycleCells(let uuids) = action { recycled += uuids } else { others.append(action) }
        }
        return (recycled.isEmpty ? [] : [.recycleCells(recycled)]) + others
    }
}
