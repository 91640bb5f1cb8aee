import Foundation

/// One column of the hierarchy view: the children of the expanded item of the previous
/// column (or, for the first column, the topmost items the view knows).
///
/// Child uuids are asked for lazily and cached sparsely by row, within a bounded cache;
/// row extents live in a `HeightTree`.
struct ColumnState: Sendable {
    /// The expanded item of the previous column; `nil` for the first column.
    var parent: String?
    /// The rows the column shows.
    private(set) var count: Int
    /// Child uuids asked so far, by row (bounded: see `trimCache(keeping:limit:)`).
    private(set) var uuids: [Int: String] = [:]
    /// The reverse of `uuids`.
    private(set) var rows: [String: Int] = [:]
    /// Extents (height plus inter-item spacing) of the rows.
    private(set) var heights: HeightTree
    /// The row of the item whose children fill the next column, when known.
    var expandedRow: Int?
    /// The uuid of the item whose children fill the next column.
    var expandedUUID: String?
    /// The vertical scroll position of the column.
    var contentOffsetY: Double = 0
    /// The column shows only the item the view came from while its parent's children load.
    var isPinned = false
    /// For a pinned column: how many of the parent's children were inserted so far without
    /// the pinned item among them (a parent's children may arrive in several batches).
    var pinnedInsertedCount = 0
    /// For the first column: the parent of its anchor item has been asked for.
    var parentAsked = false
    /// Uuids already handed to `prefetchDataForItemsWith`.
    var prefetched: Set<String> = []
    /// The stamp of the column's contents; answers carrying an older one are dropped (given by
    /// `HierarchyCore.stampColumn(_:)` when the column is made or its children reset).
    var ticket = HierarchyCore.Ticket(0)
    /// Rows a paging data source has no item for yet: `.loading` or `.failed` slots, by row
    /// (only rows the view asked for; bounded with the uuid cache).
    private(set) var pendingStates: [Int: HierarchyItemState] = [:]

    /// A column of `count` unknown rows of the estimated extent.
    init(parent: String?, count: Int, extent: Double) {
        self.parent = parent
        self.count = max(0, count)
        self.heights = HeightTree(count: self.count, extent: extent)
    }

    /// A column of exactly one known item, expanded or not.
    init(parent: String?, single uuid: String, extent: Double, expanded: Bool) {
        self.init(parent: parent, count: 1, extent: extent)
        setUUID(uuid, at: 0)
        if expanded {
            expandedRow = 0
            expandedUUID = uuid
        }
    }

    func uuid(at row: Int) -> String? { uuids[row] }

    /// The state of a row without an item yet (`.loading` or `.failed`), if it is one.
    func pendingState(at row: Int) -> HierarchyItemState? { pendingStates[row] }

    /// Marks a row as having no item yet: still loading, or failed.
    mutating func setPendingState(_ state: HierarchyItemState, at row: Int) {
        forgetUUID(at: row)
        pendingStates[row] = state
    }

    func row(of uuid: String) -> Int? {
        if let row = rows[uuid] { return row }
        return uuid == expandedUUID ? expandedRow : nil
    }

    mutating func setUUID(_ uuid: String, at row: Int) {
        pendingStates[row] = nil
        if let old = uuids[row], rows[old] == row { rows[old] = nil }
        uuids[row] = uuid
        if rows[uuid] == nil { rows[uuid] = row }
    }

    mutating func forgetUUID(at row: Int) {
        guard let uuid = uuids.removeValue(forKey: row) else { return }
        if rows[uuid] == row { rows[uuid] = nil }
        prefetched.remove(uuid)
    }

    mutating func setExtent(_ extent: Double, at row: Int) {
        heights.setExtent(extent, at: row)
    }

    /// Replaces everything with `count` unknown rows; keeps the scroll position clamped later.
    mutating func reset(count newCount: Int, extent: Double) {
        count = max(0, newCount)
        uuids = [:]
        rows = [:]
        pendingStates = [:]
        heights = HeightTree(count: count, extent: extent)
        expandedRow = nil
        prefetched = []
        isPinned = false
        pinnedInsertedCount = 0
    }

    /// Inserts rows at their final positions (`IndexSet` semantics of a batch insert).
    ///
    /// - Complexity: O(k log r + c) for k ranges and c cached uuids.
    mutating func insertRows(_ indexes: IndexSet, extent: Double) {
        guard !indexes.isEmpty else { return }
        func shifted(_ row: Int) -> Int {
            // Rows before the i-th unchanged row move down by the inserted rows at or before them.
            var row = row
            for range in indexes.rangeView {
                if range.lowerBound <= row { row += range.count } else { break }
            }
            return row
        }
        remap(shifted)
        for range in indexes.rangeView {
            heights.insert(count: range.count, extent: extent, at: range.lowerBound)
        }
        count += indexes.count
    }

    /// Removes rows.
    ///
    /// - Complexity: O(k log r + c) for k ranges and c cached uuids.
    mutating func removeRows(_ indexes: IndexSet) {
        guard !indexes.isEmpty else { return }
        if let expanded = expandedRow, indexes.contains(expanded) {
            expandedRow = nil
            expandedUUID = nil
        }
        for (row, uuid) in uuids where indexes.contains(row) {
            uuids[row] = nil
            if rows[uuid] == row { rows[uuid] = nil }
        }
        for row in pendingStates.keys where indexes.contains(row) { pendingStates[row] = nil }
        remap { row in row - indexes.count(in: 0..<row) }
        for range in indexes.rangeView.reversed() {
            heights.remove(range)
        }
        count -= indexes.count
    }

    private mutating func remap(_ transform: (Int) -> Int) {
        var newUUIDs: [Int: String] = [:]
        newUUIDs.reserveCapacity(uuids.count)
        var newRows: [String: Int] = [:]
        newRows.reserveCapacity(rows.count)
        for (row, uuid) in uuids {
            let moved = transform(row)
            newUUIDs[moved] = uuid
            if rows[uuid] == row { newRows[uuid] = moved }
        }
        uuids = newUUIDs
        rows = newRows
        var newStates: [Int: HierarchyItemState] = [:]
        for (row, state) in pendingStates { newStates[transform(row)] = state }
        pendingStates = newStates
        if let expanded = expandedRow { expandedRow = transform(expanded) }
    }

    /// Forgets cached uuids outside `keep` once the cache holds more than `limit`.
    mutating func trimCache(keeping keep: Range<Int>, limit: Int) {
        if pendingStates.count > limit {
            pendingStates = pendingStates.filter { keep.contains($0.key) }
        }
        guard uuids.count > limit else { return }
        for (row, uuid) in uuids where !keep.contains(row) && row != expandedRow {
            uuids[row] = nil
            if rows[uuid] == row { rows[uuid] = nil }
            prefetched.remove(uuid)
        }
    }

    #if DEBUG
        func _checkInvariants() {
            precondition(heights.count == count, "heights count \(heights.count) != count \(count)")
            heights._checkInvariants()
            for (row, uuid) in uuids {
                precondition(row >= 0 && row < count, "cached row \(row) out of 0..<\(count)")
                if let back = rows[uuid] { precondition(uuids[back] == uuid, "reverse map") }
            }
            for (uuid, row) in rows { precondition(uuids[row] == uuid, "rows map points to another uuid") }
            for (row, state) in pendingStates {
                precondition(row >= 0 && row < count, "pending row \(row) out of 0..<\(count)")
                precondition(uuids[row] == nil, "row \(row) is both an item and pending")
                precondition(state != .loaded, "a pending row is loaded")
            }
            if let expandedRow {
                precondition(expandedRow >= 0 && expandedRow < count, "expanded row out of range")
                if let cached = uuids[expandedRow] { precondition(cached == expandedUUID, "expanded uuid mismatch") }
            }
            precondition(contentOffsetY >= 0, "negative content offset")
        }
    #endif
}
