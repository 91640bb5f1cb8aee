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
    mutating func receiveChild(_ answer: HierarchyChildRow, at row: Int, ticket: Ticket) -> (
        uuid: String?, errors: [HierarchyError]
    ) {
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
                errors.append(
                    HierarchyError(
                        .duplicateItem,
                        "the item \(uuid) appears twice among the children of \(parent) (rows \(other) and \(row))",
                        uuid: uuid))
            }
            if columns[..<c].contains(where: { $0.expandedUUID == uuid }) {
                errors.append(
                    HierarchyError(
                        .cycle, "the item \(uuid) is listed as a child of its own descendant \(parent)", uuid: uuid))
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

    /// What expanding an item does (``expand(column:row:uuid:_:)``).
    enum Expansion: Equatable {
        /// It is not expanded: out of range, or a cycle (the item is its own ancestor), which
        /// the actions report.
        case refused([Action])
        /// Its children's column is there already, and now in view.
        case shown
        /// The deeper columns close (`close`), then its children's count is asked (`count`);
        /// the count's answer adds the column.
        case asks(close: [Action], count: Action)
    }

    /// Expanding the item at a row of column `c`: its children are to fill the next column,
    /// and deeper columns close. An item already expanded there only brings its column into
    /// view; an item on the path above, or the column's own parent, is a cycle.
    mutating func expand(column c: Int, row: Int, uuid: String, _ geometry: Geometry) -> Expansion {
        guard c >= 0, c < columns.count else { return .refused([]) }
        if columns[..<c].contains(where: { $0.expandedUUID == uuid }) || columns[c].parent == uuid {
            let message = "the item \(uuid) is its own ancestor; it is not expanded again"
            return .refused([.report(HierarchyError(.cycle, message, uuid: uuid))])
        }
        if columns[c].expandedUUID == uuid, c + 1 < columns.count {
            revealColumn(c + 1, geometry)
            return .shown
        }
        let close = closeColumns(after: c, geometry)
        guard let count = beginExpanding(column: c, row: row, uuid: uuid).first else { return .refused(close) }
        return .asks(close: close, count: count)
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
        guard let c = column(of: ticket), c == columns.count - 1, columns[c].expandedUUID == parent else {
            return false
        }
        columns.append(ColumnState(parent: parent, count: max(0, count), extent: extent))
        stampColumn(columns.count - 1)
        formerParents.remove(parent)
        return true
    }

    // MARK: Counts checked after an update

    /// What an update of column `c` asks to check its count against the data source's.
    ///
    /// - Parameter countBefore: The column's count before the update; `nil` for a second look.
    /// - Returns: `.checkCount` stamped with the column's ticket, or nothing (the first column,
    ///   or a pinned one, which shows one item until its parent's children are known).
    func planCountCheck(ofColumn c: Int, countBefore: Int?) -> [Action] {
        guard c >= 0, c < columns.count, let parent = columns[c].parent, !columns[c].isPinned else { return [] }
        return [.checkCount(parent: parent, countBefore: countBefore, ticket: columns[c].ticket)]
    }

    /// The second looks a layout pass takes first: the counts an update put off. Clears them.
    ///
    /// - Returns: `.checkCount` (without a count before) for each such parent still shown,
    ///   in the order of their columns.
    /// - Complexity: O(p · c) for p parents and c columns.
    mutating func planPendingCountChecks() -> [Action] {
        guard !pendingCountChecks.isEmpty else { return [] }
        let parents = pendingCountChecks
        pendingCountChecks = []
        return columns.indices.dropFirst().flatMap { c in
            columns[c].parent.map(parents.contains) == true ? planCountCheck(ofColumn: c, countBefore: nil) : []
        }
    }

    /// What a count check found.
    enum CountCheck: Equatable, Sendable {
        /// The data source counts what the column shows (or the column is gone, or changed
        /// since it was asked: the answer is dropped).
        case agrees
        /// The data source still gives the count from before the update (it updates its own
        /// count only after its insert or remove call returns): asked again at the next
        /// layout pass (`planPendingCountChecks()`).
        case askAgainLater
        /// A real mismatch: report it, and read the column's children again.
        case disagrees(HierarchyError)
    }

    /// Takes the data source's count of a column's children after an update.
    ///
    /// - Parameters:
    ///   - reported: The data source's count.
    ///   - countBefore: The column's count before the update; `nil` for a second look (a
    ///     mismatch then is reported whatever the count).
    ///   - ticket: The ticket of the question; stale, the answer is dropped.
    /// - Complexity: O(c) for c columns.
    mutating func receiveCheckedCount(_ reported: Int, of parent: String, countBefore: Int?, ticket: Ticket)
        -> CountCheck
    {
        guard let c = column(of: ticket), columns[c].parent == parent, !columns[c].isPinned,
            reported != columns[c].count
        else { return .agrees }
        if let countBefore, reported == countBefore {
            pendingCountChecks.insert(parent)
            return .askAgainLater
        }
        return .disagrees(
            HierarchyError(
                .inconsistentCount,
                "\(parent) reports \(reported) children, but the view counted \(columns[c].count) after the update; reloading its children",
                uuid: parent))
    }

    // MARK: Parents

    /// Whether the first column's parent is to be asked now: once, when the user reaches
    /// the first column, and during the initial load whatever the leading column (rule 3 of
    /// the initial loading process). Marks it asked.
    ///
    /// - Returns: `.askParent` for the first column's anchor (its expanded item, else its
    ///   first row), stamped with the column's ticket; or nothing.
    mutating func planParentOfTopColumn() -> [Action] {
        guard !columns.isEmpty, !columns[0].parentAsked, pan == nil, leadingColumn == 0 || isInitialLoad else {
            return []
        }
        isInitialLoad = false
        columns[0].parentAsked = true
        stampIfNeeded(0)
        guard let anchor = columns[0].expandedUUID ?? columns[0].uuid(at: 0) else { return [] }
        return [.askParent(of: anchor, ticket: columns[0].ticket)]
    }

    /// What `invalidateParent(of:)` asks: the parent of `child`, in the first column that shows it.
    ///
    /// - Returns: `.askParent` stamped with that column's ticket, or nothing when no column shows it.
    /// - Complexity: O(c) for c columns.
    mutating func planParentCheck(of child: String) -> [Action] {
        guard let k = columns.indices.first(where: { columns[$0].row(of: child) != nil }) else { return [] }
        stampIfNeeded(k)
        return [.askParent(of: child, ticket: columns[k].ticket)]
    }

    /// Takes the data source's answer for the parent of `child`.
    ///
    /// - Returns: The column that shows `child` now, or `nil` when the answer is dropped: the
    ///   column closed or was reset since the question, or no longer shows the child.
    /// - Complexity: O(c) for c columns.
    func receiveParent(of child: String, ticket: Ticket) -> Int? {
        guard let k = column(of: ticket), columns[k].row(of: child) != nil else { return nil }
        return k
    }

    // MARK: Locating a child

    /// Where a child is among a column's rows: known already, to be asked, or not to be found.
    enum ChildLocation: Equatable, Sendable {
        /// A cached row (or the column's expanded item).
        case known(Int)
        /// Ask: `.locateChild`.
        case ask(Action)
        /// The first column, which does not show it.
        case unknown
    }

    /// Where `child` is in column `c` (a pinned column filled, a column read again that keeps
    /// its expanded item, the focus going back a level).
    ///
    /// - Parameter searchLimit: At most this many rows are looked through.
    /// - Returns: `.known` for a cached row; else `.ask(.locateChild)` stamped with the
    ///   column's ticket; `.unknown` for the first column.
    func planLocate(_ child: String, inColumn c: Int, searchLimit: Int) -> ChildLocation {
        guard c >= 0, c < columns.count else { return .unknown }
        if let row = columns[c].row(of: child) { return .known(row) }
        guard let parent = columns[c].parent else { return .unknown }
        let count = columns[c].count
        return .ask(
            .locateChild(
                child: child, parent: parent, rows: 0..<count, scan: 0..<min(count, max(0, searchLimit)),
                ticket: columns[c].ticket))
    }

    /// Takes the row the data source's answers put `child` at, and caches it there.
    ///
    /// - Parameter row: The row found, or `nil` when it was not.
    /// - Returns: The row, or `nil`: not found, or dropped (the column closed or was reset
    ///   since the question, or the row no longer exists).
    /// - Complexity: O(c) for c columns.
    mutating func receiveLocatedChild(_ child: String, at row: Int?, ticket: Ticket) -> Int? {
        guard let row, let c = column(of: ticket), row >= 0, row < columns[c].count else { return nil }
        columns[c].setUUID(child, at: row)
        remember(child)
        return row
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
