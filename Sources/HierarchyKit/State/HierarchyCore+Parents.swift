import Foundation

extension HierarchyCore {
    /// A pinned column being filled: its state before, kept until its child is found among
    /// the parent's children (`.locatePinnedChild`).
    struct PinnedFill: Sendable {
        /// The ticket the filled column got.
        var ticket: Ticket
        /// The pinned column as it was, put back when the child is not found.
        var pinned: ColumnState
        /// The parent's children counted.
        var count: Int
        /// More children may still arrive (an insert batch).
        var isPartial: Bool
        /// For an insert: the column's count before it (`finishInsert(column:countBefore:)` follows).
        var countBefore: Int?
    }

    // MARK: Parents

    /// `invalidateParent(of:)`: the parent of a shown item is to be asked again.
    ///
    /// - Returns: `.askParent` stamped with the ticket of the first column that shows `child`;
    ///   `.report` of an unknown item when the view never showed it; nothing for an item it
    ///   showed before (a late call).
    mutating func planInvalidateParent(of child: String) -> [Action] {
        let actions = planParentCheck(of: child)
        if actions.isEmpty, !knownUUIDs.contains(child) {
            return [
                .report(
                    HierarchyError(
                        .unknownItem, "invalidateParent(of: \(child)), but the view does not show that item",
                        uuid: child))
            ]
        }
        return actions
    }

    /// Takes the data source's answer for the parent of `child` (asked for the first column's
    /// anchor, or by `invalidateParent(of:)`).
    ///
    /// - A parent that the column already shows changes nothing.
    /// - A new parent becomes the first column, its child alone in a pinned column after it
    ///   (`attachParent`), to be filled when the parent's children are counted (`.recount`).
    /// - No parent: the child becomes the first column (the columns before it close).
    ///
    /// - Parameters:
    ///   - parent: The data source's answer.
    ///   - extent: The estimated extent of a row.
    /// - Returns: The actions, or nothing for a stale answer (the column changed since the question).
    /// - Complexity: O(c + r) for c columns and r cached rows of the columns closed.
    mutating func receiveParent(
        _ parent: String?, of child: String, ticket: Ticket, extent: Double, _ geometry: Geometry
    ) -> [Action] {
        guard let k = receiveParent(of: child, ticket: ticket) else { return [] }
        if k == 0 { columns[0].parentAsked = true }
        guard let parent else {
            guard k > 0 || columns[0].count > 1 else { return [] }
            let childIsExpanded = columns[k].expandedUUID == child && k + 1 < columns.count
            let tail = childIsExpanded ? Array(columns[(k + 1)...]) : []
            var actions: [Action] = []
            for index in columns.indices where index <= k || !childIsExpanded {
                actions += releaseCells(ofColumn: index)
            }
            var top = ColumnState(parent: nil, single: child, extent: extent, expanded: childIsExpanded)
            top.parentAsked = true
            columns = [top] + tail
            stampColumn(0)
            leadingColumn -= k
            if let f = focus { focus = f.column - k >= 1 ? (f.column - k, f.row) : (0, 0) }
            clampPositions(geometry)
            return Self.merged(actions + [.relayout])
        }
        if k > 0, columns[k].parent == parent { return [] }
        return attachParent(parent, of: child, column: k, extent: extent, geometry)
    }

    /// Puts `parent` in a new first column above `child` (in column `k`): the columns before
    /// the child's close, and the child's column shows the child alone (pinned) until the
    /// parent's children are counted. A parent already shown below the child is a cycle:
    /// reported, and nothing changes.
    ///
    /// - Returns: `.recycleCells` for the closed columns' cells, `.recount` of the parent's
    ///   children (stamped with the child's column's ticket), `.relayout`; or `.report`.
    mutating func attachParent(_ parent: String, of child: String, column k: Int, extent: Double, _ geometry: Geometry)
        -> [Action]
    {
        var below: Set<String> = [child]
        for column in columns[k...] { if let e = column.expandedUUID { below.insert(e) } }
        guard !below.contains(parent) else {
            return [
                .report(
                    HierarchyError(.cycle, "the parent \(parent) of \(child) is already shown below it", uuid: parent))
            ]
        }
        let childIsExpanded = columns[k].expandedUUID == child && k + 1 < columns.count
        let tail = childIsExpanded ? Array(columns[(k + 1)...]) : []
        var actions: [Action] = []
        for index in columns.indices where index <= k || !childIsExpanded {
            actions += releaseCells(ofColumn: index)
            if index > 0, let p = columns[index].parent { formerParents.insert(p) }
        }
        let top = ColumnState(parent: nil, single: parent, extent: extent, expanded: true)
        var childColumn = ColumnState(parent: parent, single: child, extent: extent, expanded: childIsExpanded)
        childColumn.isPinned = true
        let shift = 1 - k
        columns = [top, childColumn] + tail
        stampColumn(0)
        stampColumn(1)
        formerParents.remove(parent)
        remember(parent)
        leadingColumn += shift
        if let f = focus {
            let moved = f.column + shift
            focus = moved >= 2 ? (moved, f.row) : (1, 0)
        }
        clampPositions(geometry)
        actions += [.recount(parent: parent, ticket: columns[1].ticket), .relayout]
        return Self.merged(actions)
    }

    // MARK: Pinned columns

    /// Replaces pinned column `c` (one child shown) with its parent's `count` children, and
    /// looks for the child among them.
    ///
    /// - Parameters:
    ///   - count: The number of the parent's children known now.
    ///   - isPartial: More children may still arrive (an insert batch): a child not among
    ///     them yet keeps the column pinned, remembering `count`, with no error.
    ///   - countBefore: For an insert, the column's count before it.
    ///   - extent: The estimated extent of a row.
    /// - Returns: `.locatePinnedChild` stamped with the filled column's ticket, or what
    ///   ``receiveLocatedPinnedChild(_:at:ticket:_:)`` returns when nothing is to be asked.
    mutating func fillPinnedColumn(
        _ c: Int, count: Int, isPartial: Bool, countBefore: Int?, extent: Double, _ geometry: Geometry
    ) -> [Action] {
        guard c >= 0, c < columns.count, let parent = columns[c].parent, let child = columns[c].uuid(at: 0) else {
            return []
        }
        let pinned = columns[c]
        var column = pinned
        column.reset(count: count, extent: extent)
        column.expandedUUID = pinned.expandedUUID
        column.expandedRow = nil
        columns[c] = column
        stampColumn(c)
        let ticket = columns[c].ticket
        pinnedFill = PinnedFill(
            ticket: ticket, pinned: pinned, count: count, isPartial: isPartial, countBefore: countBefore)
        guard count > 0 else { return receiveLocatedPinnedChild(child, at: nil, ticket: ticket, geometry) }
        return [
            .locatePinnedChild(
                child: child, parent: parent, rows: 0..<count, scan: 0..<min(count, geometry.childSearchLimit),
                ticket: ticket)
        ]
    }

    /// Takes the row of a pinned column's child among its parent's children: the column
    /// shows them all, the child at its row (expanded there if it was, focused if the column
    /// had the focus), scrolled into view. Not found, the column is pinned again as it was:
    /// an error for a complete count, none for a partial one.
    ///
    /// - Returns: `.report`, then `.checkCount` for an insert, and `.relayout`; nothing for a
    ///   stale answer.
    mutating func receiveLocatedPinnedChild(_ child: String, at row: Int?, ticket: Ticket, _ geometry: Geometry)
        -> [Action]
    {
        guard let fill = pinnedFill, fill.ticket == ticket, let c = column(of: ticket) else { return [] }
        pinnedFill = nil
        var actions: [Action] = []
        if let row, row >= 0, row < columns[c].count {
            columns[c].setUUID(child, at: row)
            remember(child)
            if fill.pinned.expandedUUID == child { columns[c].expandedRow = row }
            if let f = focus, f.column == c { focus = (c, row) }
            scrollRowIntoView(column: c, row: row, geometry)
        } else {
            columns[c] = fill.pinned
            if fill.isPartial {
                columns[c].pinnedInsertedCount = fill.count
            } else {
                let parent = fill.pinned.parent ?? ""
                actions.append(
                    .report(
                        HierarchyError(
                            .inconsistentCount, "\(parent) does not list \(child) among its \(fill.count) children",
                            uuid: child)))
            }
        }
        if let countBefore = fill.countBefore { return actions + finishInsert(column: c, countBefore: countBefore) }
        return actions + [.relayout]
    }
}
