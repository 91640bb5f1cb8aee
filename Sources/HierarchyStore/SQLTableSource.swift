import Foundation
import HierarchySources

/// An adjacency-list table of the user's own database, browsed read-only (see `HierarchyTable`):
/// what the SQLite and PostgreSQL table sources share, each giving its database's dialect
/// (``SQLTableDatabase``).
///
/// Nothing is imported, nothing written. Child counts are counted (`count(*)` on the parent
/// column) rather than stored, and pages of children are read with `ORDER BY … LIMIT … OFFSET`,
/// so every read is one query whose cost depends on an index on the parent column; `warnings`
/// says when it is missing, with the statement that adds it. Ids and titles of any column type
/// are shown as text. Search matches the start of the title, or of a word in it, without regard
/// to the case of letters.
///
/// Rows whose parent names no row are roots too; finding them takes a look-up of every row's
/// parent in the id column (seconds on millions of rows). Opened with `checkInBackground` (the
/// interactive faces), a table of ``backgroundCheckRows`` rows or more that has a root with a
/// `NULL` parent opens at once and runs that check in the background: ``changes()`` says
/// "checking…" on the status line meanwhile, then adds the rows found under the synthetic item
/// over several roots, or, when the one `NULL` root is already shown, reports them in a note
/// (see ``rootCheck()``).
///
/// Every stored property is a constant of a `Sendable` type.
open class SQLTableSource: HierarchySource, @unchecked Sendable {
    public let displayName: String
    /// The table and its columns, named as the database spells them.
    public let table: HierarchyTable
    /// One-line warnings found while opening (a missing index), for the caller to print.
    public let warnings: [String]
    let database: any SQLTableDatabase
    /// The SQL fragments built once from the quoted names.
    let sql: SQLTableQueries
    /// The database (a file path or an address), put before error messages.
    let origin: String
    /// The roots, and the background check for rows naming no parent with its notes.
    private let roots: HierarchyTableRoots
    /// Whether the only root (with `rootCount == 1`) has a `NULL` parent, so the parent
    /// column's index finds it.
    let rootIsNullParent: Bool
    /// The id of the synthetic item over several roots (`nil` with one root or none).
    package let rootsID: String?

    /// The smallest table (by its database's estimate) whose check for rows naming no parent
    /// runs in the background when asked; smaller tables are checked at open, in milliseconds.
    public static let backgroundCheckRows: Int64 = 100_000

    /// Counts the roots and, for a large table opened with `checkInBackground`, starts the check
    /// for rows naming no parent.
    ///
    /// - Parameters:
    ///   - database: The database, in its dialect.
    ///   - table: The table and its columns, spelled as the database spells them.
    ///   - from: The table's name as queries name it (quoted, with its schema if any).
    ///   - warnings: What opening found (missing indexes).
    ///   - origin: The database, for error messages.
    ///   - estimatedRows: About how many rows the table has.
    ///   - checkInBackground: Whether a large table with a `NULL`-parent root opens before its
    ///     rows naming no parent are found.
    ///   - checker: The database the background check runs on.
    /// - Throws: `HierarchySourceError`.
    /// - Complexity: roots with a `NULL` parent are counted in the parent column's index; rows
    ///   whose parent names no row with one pass over the parent column and a look-up of each
    ///   parent in the id column, at open or in the background.
    package init(
        database: any SQLTableDatabase, table: HierarchyTable, from: String, warnings: [String], origin: String,
        estimatedRows: Int64, checkInBackground: Bool,
        checker: () throws -> any SQLTableDatabase
    ) async throws {
        let sql = SQLTableQueries(table, from: from, database: database)
        let nullRoots =
            try await database.rows(
                "SELECT count(*) FROM \(raw: sql.from) t WHERE \(raw: sql.parent) IS NULL", lookup: false
            ).first?.first?.integer ?? 0
        let deferred = checkInBackground && nullRoots > 0 && estimatedRows >= Self.backgroundCheckRows
        let orphans = deferred ? 0 : try await Self.countOrphans(database, sql)
        let rootCount = Int(nullRoots + orphans)
        var rootsID: String?
        if rootCount > 1 {
            var id = HierarchyTable.rootsID
            while try await !database.rows(
                "SELECT 1 FROM \(raw: sql.from) t WHERE \(raw: database.compareText(sql.id)) = \(.text(id)) LIMIT 1",
                lookup: false
            ).isEmpty {
                id += "/"
            }
            rootsID = id
        }
        self.database = database
        self.table = table
        self.displayName = table.table
        self.warnings = warnings
        self.origin = origin
        self.sql = sql
        self.roots = HierarchyTableRoots(count: rootCount)
        self.rootIsNullParent = nullRoots == 1
        self.rootsID = rootsID
        if deferred { startRootCheck(on: try checker()) }
    }

    /// The number of rows that are roots (parent `NULL` or naming no row): those with a `NULL`
    /// parent until a background check adds the others.
    package var rootCount: Int { roots.count }

    /// The number of rows whose parent is not `NULL` but names no row.
    ///
    /// - Complexity: one pass over the parent column and a look-up of each parent in the id column.
    static func countOrphans(_ database: any SQLTableDatabase, _ sql: SQLTableQueries) async throws -> Int64 {
        try await database.rows(
            "SELECT count(*) FROM \(raw: sql.from) t WHERE \(raw: sql.isOrphan)", lookup: false
        ).first?.first?.integer ?? 0
    }

    /// Starts the check for rows naming no parent on `checker` (the source's reads go on
    /// meanwhile), publishing its progress and outcome.
    ///
    /// The check does not hold the source: a source let go cancels its check, which interrupts
    /// the statement.
    private func startRootCheck(on checker: any SQLTableDatabase) {
        roots.startCheck(table: table, rootsID: rootsID) { [sql] withExample in
            let orphans = try await Self.countOrphans(checker, sql)
            guard orphans > 0, withExample else { return (orphans, nil) }
            let example = try await checker.rows(
                """
                SELECT \(raw: checker.selectText(sql.id)) FROM \(raw: sql.from) t WHERE \(raw: sql.isOrphan)
                ORDER BY \(raw: sql.id) LIMIT 1
                """, lookup: false
            ).first?.first?.text
            return (orphans, example)
        }
    }

    /// Cancels the background check, if one runs.
    package func cancelRootCheck() { roots.cancel() }

    /// Waits for the background check for rows naming no parent, if one runs, and returns its
    /// finding: `nil` when there is nothing to report (no such rows, or they joined the other
    /// roots), else one line for the user.
    public func rootCheck() async -> String? { await roots.finding() }

    /// The background check's progress and outcome: `.progress` notes ("checking…", then its
    /// finding or `nil`), and the synthetic root's new children when it found some. A new
    /// subscriber of a source that checks in the background first gets the note of the moment.
    public func changes() -> AsyncStream<HierarchySourceChange> { roots.changes() }

    /// Makes a node from a row selected with `SQLTableQueries.columns`.
    static func node(from row: [StoreValue]) -> HierarchyNode {
        let count = row.count > 3 ? row[3].integer : 0
        return HierarchyNode(
            id: row.first?.text ?? "", title: row.count > 1 ? row[1].text ?? "" : "",
            subtitle: row.count > 2 ? row[2].text : nil, childCount: Int(count), isContainer: count > 0)
    }

    /// The synthetic item over several roots.
    var rootsNode: HierarchyNode? { table.rootsNode(id: rootsID, rootCount: rootCount) }

    // MARK: - HierarchySource

    /// The only root, the synthetic item over several, or `nil` for a table without roots.
    ///
    /// - Complexity: one seek in the parent column's index for a root with a `NULL` parent; a
    ///   look-up per row, until the root is found, for a root whose parent names no row.
    public func root() async throws -> HierarchyNode? {
        if let rootsNode { return rootsNode }
        guard rootCount == 1 else { return nil }
        let condition = rootIsNullParent ? "\(sql.parent) IS NULL" : sql.isOrphan
        return try await database.rows(
            "SELECT \(raw: sql.columns) FROM \(raw: sql.from) t WHERE \(raw: condition) LIMIT 1", lookup: false
        ).first.map(Self.node(from:))
    }

    /// The row with this id.
    ///
    /// - Complexity: one index seek on the id column, plus a count of its children.
    public func node(withID id: String) async throws -> HierarchyNode? {
        if id == rootsID { return rootsNode }
        return try await database.rows(
            "SELECT \(raw: sql.columns) FROM \(raw: sql.from) t WHERE \(raw: sql.id) = \(database.id(id)) LIMIT 1",
            lookup: true
        ).first.map(Self.node(from:))
    }

    /// The parent row; the synthetic item for a root when there are several; `nil` otherwise.
    ///
    /// - Complexity: two index seeks on the id column, in one query.
    public func parent(ofID id: String) async throws -> HierarchyNode? {
        if id == rootsID { return nil }
        let rows = try await database.rows(
            """
            SELECT \(raw: sql.columns), 1 FROM \(raw: sql.from) t
            WHERE \(raw: sql.id) = (SELECT \(raw: sql.parent) FROM \(raw: sql.from) t WHERE \(raw: sql.id) = \(database.id(id)) LIMIT 1)
            UNION ALL
            SELECT NULL, NULL, NULL, 0, 0 FROM \(raw: sql.from) t WHERE \(raw: sql.id) = \(database.id(id))
            LIMIT 2
            """, lookup: true)
        if let parent = rows.first(where: { $0.count > 4 && $0[4].integer == 1 }) { return Self.node(from: parent) }
        return rows.isEmpty ? nil : rootsNode
    }

    /// The number of rows whose parent is this row.
    ///
    /// - Throws: `HierarchySourceError.Code.notFound` for an unknown id.
    /// - Complexity: one index seek plus O(children) with an index on the parent column;
    ///   a scan of the table without one.
    public func childCount(ofID id: String) async throws -> Int {
        if id == rootsID { return rootCount }
        guard let node = try await node(withID: id) else {
            throw HierarchySourceError(.notFound, "no row with id \"\(id)\" in \"\(table.table)\"", path: origin)
        }
        return node.childCount ?? 0
    }

    /// The children of a row at positions `range`, in the order column's order (default: title),
    /// then id. An unknown row has no children.
    ///
    /// - Complexity: O(children · log children) with an index on the parent column (the
    ///   children are sorted, then `range` taken); a scan of the table without one.
    public func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
        let page: StoreQuery = "\(raw: sql.order) LIMIT \(range.count) OFFSET \(range.lowerBound)"
        if id == rootsID {
            return try await database.rows(
                "SELECT \(raw: sql.columns) FROM \(raw: sql.from) t WHERE \(raw: sql.isRoot) \(page)", lookup: false
            ).map(Self.node(from:))
        }
        return try await database.rows(
            """
            SELECT \(raw: sql.columns) FROM \(raw: sql.from) t
            WHERE \(raw: sql.parent) = (SELECT \(raw: sql.id) FROM \(raw: sql.from) t WHERE \(raw: sql.id) = \(database.id(id)) LIMIT 1)
            \(page)
            """, lookup: true
        ).map(Self.node(from:))
    }

    /// The rows from the topmost ancestor to this one, following the parent column.
    ///
    /// - Throws: `HierarchySourceError.Code.cycle` naming the rows of the cycle when a row is
    ///   its own ancestor (the walk stops there).
    /// - Complexity: one index seek per ancestor.
    public func path(toID id: String) async throws -> [HierarchyNode] {
        if let rootsNode, id == rootsNode.id { return [rootsNode] }
        let (rows, closesCycle) = try await database.ancestors(ofID: id, sql)
        let chain = rows.map(Self.node(from:))
        if closesCycle, let last = chain.last {
            let ids = chain.map(\.id)
            let start = ids.firstIndex(of: last.id) ?? 0
            throw table.cycleError(Array(ids[start...]), origin: origin)
        }
        if chain.isEmpty { return [] }
        return (rootsNode.map { [$0] } ?? []) + chain.reversed()
    }

    /// Rows whose title starts with `query`, or has a word that does, in sibling order.
    ///
    /// - Complexity: a scan of the table, or O(matches) through an index that answers the
    ///   database's pattern match (a trigram index in PostgreSQL).
    public func search(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        let words = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !words.isEmpty, !range.isEmpty, range.lowerBound >= 0 else { return [] }
        let title = "t.\(HierarchyTable.quote(table.title))"
        let escaped = HierarchyTable.likeEscaped(words)
        return try await database.rows(
            """
            SELECT \(raw: sql.columns) FROM \(raw: sql.from) t
            WHERE \(database.title(title, matches: escaped + "%")) OR \(database.title(title, matches: "% " + escaped + "%"))
            \(raw: sql.order) LIMIT \(range.count) OFFSET \(range.lowerBound)
            """, lookup: false
        ).map(Self.node(from:))
    }
}
