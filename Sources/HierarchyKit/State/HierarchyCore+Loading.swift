import Foundation

extension HierarchyCore {
    /// The stamp of one column's contents: a new ticket each time a column is made or its
    /// children are reset. A load asked for a column carries its ticket, and an answer whose
    /// ticket no column has any more (the column closed, its parent was invalidated) is
    /// dropped by the core.
    public struct Ticket: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The generation number (0: never stamped).
        public let value: UInt64

        init(_ value: UInt64) { self.value = value }

        public static func < (lhs: Ticket, rhs: Ticket) -> Bool { lhs.value < rhs.value }

        public var description: String { "#\(value)" }
    }

    /// Gives column `c` a new ticket: answers to loads asked before are stale from now on.
    mutating func stampColumn(_ c: Int) {
        guard c >= 0, c < columns.count else { return }
        lastTicket += 1
        columns[c].ticket = Ticket(lastTicket)
    }

    /// Stamps column `c` if it never was (a column made outside the shell's paths, as tests do).
    mutating func stampIfNeeded(_ c: Int) {
        if c >= 0, c < columns.count, columns[c].ticket.value == 0 { stampColumn(c) }
    }

    /// The column whose contents a ticket stamps, if it is still shown.
    ///
    /// - Complexity: O(c) for c columns.
    func column(of ticket: Ticket) -> Int? {
        columns.indices.first { columns[$0].ticket == ticket }
    }

    /// What a layout pass must ask the data source for in column `c`: the rows of its window
    /// that have no item yet (rows still loading are asked again), stamped with the column's
    /// ticket.
    ///
    /// - Parameters:
    ///   - c: The column.
    ///   - window: The rows shown or prefetched.
    /// - Returns: `.askChildren` for those rows, or nothing (the first column, or every row known).
    /// - Complexity: O(w) for w rows in the window.
    func planRows(ofColumn c: Int, window: Range<Int>) -> [Action] {
        guard c >= 0, c < columns.count, let parent = columns[c].parent else { return [] }
        let rows = window.clamped(to: 0..<columns[c].count).filter { columns[c].uuid(at: $0) == nil }
        guard !rows.isEmpty else { return [] }
        return [.askChildren(parent: parent, rows: rows, ticket: columns[c].ticket)]
    }

    /// Takes the data source's answer for one row of a column.
    ///
    /// The answer is dropped when its ticket is stale (the column closed or was reset since
    /// the question) or the row no longer exists. A `.loading` or `.failed` answer leaves a
    /// slot of that state; an item is cached at the row, after checking it is not already
    /// another row of the column (reported, the later row wins) nor an ancestor of the column
    /// (reported; the item is shown, but cannot be expanded).
    ///
    /// - Returns: The uuid now at the row (`nil` for a slot or a dropped answer) and the
    ///   errors the answer shows.
    /// - Complexity: O(c) for c columns.
    mutating func receiveChild(_ answer: HierarchyChildRow, at row: Int, ticket: Ticket) -> (uuid: String?, errors: [HierarchyError]) {
        guard let c = column(of: ticket), let parent = columns[c].parent, row >= 0, row < columns[c].count else {
            return (nil, [])
        }
        switch answer {
        case .loading:
            columns[c].setPendingState(.loading, at: row)
            return (nil, [])
        case .failed(let reason):
            columns[c].setPendingState(.failed(reason), at: row)
            return (nil, [])
        case .item(let uuid):
            var errors: [HierarchyError] = []
            if let other = columns[c].row(of: uuid), other != row {
                errors.append(HierarchyError(.duplicateItem, "the item \(uuid) appears twice among the children of \(parent) (rows \(other) and \(row))", uuid: uuid))
            }
            if columns[..<c].contains(where: { $0.expandedUUID == uuid }) {
                errors.append(HierarchyError(.cycle, "the item \(uuid) is listed as a child of its own descendant \(parent)", uuid: uuid))
            }
            columns[c].setUUID(uuid, at: row)
            remember(uuid)
            return (uuid, errors)
        }
    }

    /// What to prefetch in column `c` after its rows were asked: the items of the window that
    /// are not shown and were not handed to the data source before (marked as handed now).
    ///
    /// - Returns: `.prefetch` with those uuids, or nothing.
    /// - Complexity: O(w) for w rows in the window.
    mutating func planPrefetch(ofColumn c: Int, visible: Range<Int>, window: Range<Int>) -> [Action] {
        guard c >= 0, c < columns.count, let parent = columns[c].parent else { return [] }
        var uuids: [String] = []
        for row in window.clamped(to: 0..<columns[c].count) where !visible.contains(row) {
            guard let uuid = columns[c].uuid(at: row), !columns[c].prefetched.contains(uuid) else { continue }
            uuids.append(uuid)
        }
        guard !uuids.isEmpty else { return [] }
        for uuid in uuids { columns[c].prefetched.insert(uuid) }
        return [.prefetch(parent: parent, uuids: uuids, ticket: columns[c].ticket)]
    }

    /// Expands the item at a row of column `c` (the deeper columns are closed already): it
    /// becomes the column's expanded item, and its children's count is to be asked.
    ///
    /// - Returns: `.askCount` stamped with the column's ticket.
    mutating func beginExpanding(column c: Int, row: Int, uuid: String) -> [Action] {
        guard c >= 0, c < columns.count else { return [] }
        stampIfNeeded(c)
        columns[c].expandedRow = row
        columns[c].expandedUUID = uuid
        return [.askCount(parent: uuid, ticket: columns[c].ticket)]
    }

    /// Takes the count of an expanded item's children: a new last column of `count` rows of
    /// the estimated extent, with a ticket of its own.
    ///
    /// The answer is dropped when the column's ticket is stale, when `parent` is no longer
    /// its expanded item, or when a column follows it already.
    ///
    /// - Returns: Whether the column was added.
    /// - Complexity: O(c) for c columns.
    mutating func receiveCount(_ count: Int, of parent: String, ticket: Ticket, extent: Double) -> Bool {
        guard let c = column(of: ticket), c == columns.count - 1, columns[c].expandedUUID == parent else { return false }
        columns.append(ColumnState(parent: parent, count: max(0, count), extent: extent))
        stampColumn(columns.count - 1)
        formerParents.remove(parent)
        return true
    }

    /// Records the rows each shown column showed or prefetched in a layout pass.
    ///
    /// - Returns: `.rowWindowsChanged` when they differ from the last pass (the data source
    ///   may cancel loads for rows outside every window), or nothing.
    mutating func updateRowWindows(_ windows: [String: Range<Int>]) -> [Action] {
        guard windows != rowWindows else { return [] }
        rowWindows = windows
        return [.rowWindowsChanged(windows)]
    }
}
