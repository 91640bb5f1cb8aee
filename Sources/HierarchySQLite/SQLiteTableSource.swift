import Foundation
import GRDB
import HierarchySources
import Synchronization

/// An adjacency-list table of any SQLite database, browsed read-only (see `HierarchyTable`).
///
/// The database is opened with `Configuration.readonly`: nothing is imported, nothing written.
/// Child counts are counted (`count(*)` on the parent column) rather than stored, and pages of
/// children are read with `ORDER BY … LIMIT … OFFSET`, so every read is one query whose cost
/// depends on an index on the parent column; `warnings` says when it is missing, with the
/// statement that adds it. Ids and titles of any column type are shown as text. Search
/// matches the start of the title or of a word in it with `LIKE` (ASCII letters without
/// regard to case), scanning the table: a user's table has no full-text index.
///
/// Rows whose parent names no row are roots too; finding them takes a look-up of every row's
/// parent in the id column (seconds on millions of rows). Opened with `checkInBackground` (the
/// interactive faces), a table of ``backgroundCheckRows`` rows or more that has a root with a
/// `NULL` parent opens at once and runs that check in the background on a connection of its
/// own, as the PostgreSQL table source does: ``changes()`` says "checking…" on the status line
/// meanwhile, then adds the rows found under the synthetic item over several roots, or, when the
/// one `NULL` root is already shown, reports them in a note (see ``rootCheck()``).
public final class SQLiteTableSource: HierarchySource {
    public let displayName: String
    /// The database file.
    public let path: String
    /// The table and its columns, named as the database spells them.
    public let table: HierarchyTable
    /// One-line warnings found while opening (a missing index), for the caller to print.
    public let warnings: [String]
    let queue: DatabaseQueue
    /// The number of rows that are roots (parent `NULL` or naming no row): those with a `NULL`
    /// parent until a background check adds the others.
    var rootCount: Int { roots.count }
    /// The roots, and the background check for rows naming no parent with its notes.
    private let roots: HierarchyTableRoots
    /// Whether the only root (with `rootCount == 1`) has a `NULL` parent, so the parent
    /// column's index finds it.
    let rootIsNullParent: Bool
    /// The id of the synthetic item over several roots (`nil` with one root or none).
    let rootsID: String?
    /// Whether the id column has no type affinity, so integer ids must be bound as integers.
    let bindsIntegerIDs: Bool
    /// SQL fragments built once from the quoted names.
    let sql: SQL

    /// The smallest table (by its largest rowid, or its file's size at 100 bytes a row) whose
    /// check for rows naming no parent runs in the background when asked; smaller tables are
    /// checked at open, in milliseconds.
    public static let backgroundCheckRows: Int64 = 100_000

    /// The fragments every query is built from.
    struct SQL: Sendable {
        var from: String
        var id: String
        var parent: String
        var columns: String
        var order: String
        var isRoot: String
        /// A row whose parent is not `NULL` but names no row (a root too).
        var isOrphan: String

        init(_ table: HierarchyTable) {
            let q = HierarchyTable.quote
            from = q(table.table)
            id = "t.\(q(table.id))"
            parent = "t.\(q(table.parent))"
            let subtitle = table.subtitle.map { StoredText.select("t.\(q($0))") } ?? "NULL"
            columns = [
                "CAST(\(id) AS BLOB)", "CAST(t.\(q(table.title)) AS BLOB)", subtitle,
                "(SELECT count(*) FROM \(from) c WHERE c.\(q(table.parent)) = \(id))",
            ].joined(separator: ", ")
            order = "ORDER BY \(table.order.map { "t.\(q($0))" } ?? "t.\(q(table.title))"), \(id)"
            isRoot = "(\(parent) IS NULL OR NOT EXISTS (SELECT 1 FROM \(from) p WHERE p.\(q(table.id)) = \(parent)))"
            isOrphan =
                "(\(parent) IS NOT NULL AND NOT EXISTS (SELECT 1 FROM \(from) p WHERE p.\(q(table.id)) = \(parent)))"
        }
    }

    /// Opens `table` in the database at `path` read-only and checks that it has the columns named.
    ///
    /// Table and column names are matched exactly, or else without regard to case when that
    /// names one of them.
    ///
    /// - Parameters:
    ///   - path: The database file.
    ///   - requested: The table and its columns.
    ///   - checkInBackground: Whether a large table with a `NULL`-parent root opens before its
    ///     rows naming no parent are found (see the type's description).
    /// - Throws: `HierarchySourceError`: `.notFound` if there is no such file, `.malformed` for
    ///   a missing table or column (naming it and what there is) or a file that is not a
    ///   database, `.io` when it is locked or unreadable.
    /// - Complexity: roots with a `NULL` parent are counted in the parent column's index; rows
    ///   whose parent names no row with one pass over the parent column (its index when there
    ///   is one) and a look-up of each parent in the id column, at open or in the background.
    public init(path: String, table requested: HierarchyTable, checkInBackground: Bool = false) throws {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else {
            throw HierarchySourceError(.notFound, "no such database file", path: path)
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "HierarchySQLite.table"
        configuration.busyMode = .timeout(2)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            self.queue = queue
            let opened = try queue.read { db in try Self.inspect(db, requested, path: path) }
            table = opened.table
            warnings = opened.warnings
            bindsIntegerIDs = opened.untypedID
            displayName = opened.table.table
            let sql = SQL(opened.table)
            self.sql = sql
            let (nullRoots, estimatedRows) = try queue.read { db in
                (
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM \(sql.from) t WHERE \(sql.parent) IS NULL") ?? 0,
                    try Self.estimatedRows(db, sql)
                )
            }
            let deferred = checkInBackground && nullRoots > 0 && estimatedRows >= Self.backgroundCheckRows
            let orphans = deferred ? 0 : try queue.read { db in try Self.countOrphans(db, sql) }
            let rootCount = nullRoots + orphans
            roots = HierarchyTableRoots(count: rootCount)
            rootIsNullParent = nullRoots == 1
            if rootCount > 1 {
                var id = HierarchyTable.rootsID
                while try queue.read({ db in
                    try Bool.fetchOne(
                        db, sql: "SELECT 1 FROM \(sql.from) t WHERE CAST(\(sql.id) AS TEXT) = ?", arguments: [id])
                }) == true {
                    id += "/"
                }
                rootsID = id
            } else {
                rootsID = nil
            }
            if deferred { try startRootCheck(configuration) }
        } catch {
            throw SQLiteErrors.map(error, path: path)
        }
    }

    /// About how many rows the table has, without counting them: its largest rowid, or, for a
    /// view or a table without rowids, the database file's size at 100 bytes a row.
    ///
    /// - Complexity: one seek at the end of the table's B-tree.
    static func estimatedRows(_ db: Database, _ sql: SQL) throws -> Int64 {
        if let rows = try? Int64.fetchOne(db, sql: "SELECT max(rowid) FROM \(sql.from)") {
            return rows
        }
        let pages = try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        let size = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 0
        return pages * size / 100
    }

    /// The number of rows whose parent is not `NULL` but names no row.
    ///
    /// - Complexity: one pass over the parent column and a look-up of each parent in the id column.
    static func countOrphans(_ db: Database, _ sql: SQL) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM \(sql.from) t WHERE \(sql.isOrphan)") ?? 0
    }

    /// Starts the check for rows naming no parent on a read-only connection of its own (the
    /// source's reads go on meanwhile), publishing its progress and outcome.
    ///
    /// The check does not hold the source: a source let go cancels its check, which interrupts
    /// the statement.
    private func startRootCheck(_ configuration: Configuration) throws {
        let checker = try DatabaseQueue(path: path, configuration: configuration)
        let (sql, path) = (self.sql, self.path)
        roots.startCheck(table: table, rootsID: rootsID) { withExample in
            defer { try? checker.close() }
            do {
                return try await checker.read { db in
                    let orphans = try Self.countOrphans(db, sql)
                    guard orphans > 0, withExample else { return (Int64(orphans), String?.none) }
                    let example = try Row.fetchOne(
                        db,
                        sql:
                            "SELECT CAST(\(sql.id) AS BLOB) FROM \(sql.from) t WHERE \(sql.isOrphan) ORDER BY \(sql.id) LIMIT 1"
                    ).flatMap { StoredText.decode($0[0]) }
                    return (Int64(orphans), example)
                }
            } catch {
                throw SQLiteErrors.map(error, path: path)
            }
        }
    }

    /// Waits for the background check for rows naming no parent, if one runs, and returns its
    /// finding: `nil` when there is nothing to report (no such rows, or they joined the other
    /// roots), else one line for the user.
    public func rootCheck() async -> String? { await roots.finding() }

    /// The background check's progress and outcome: `.progress` notes ("checking…", then its
    /// finding or `nil`), and the synthetic root's new children when it found some. A new
    /// subscriber of a source that checks in the background first gets the note of the moment.
    public func changes() -> AsyncStream<HierarchySourceChange> { roots.changes() }

    /// Finds the table and columns (exactly, or alone without regard to case) and the indexes.
    private static func inspect(_ db: Database, _ requested: HierarchyTable, path: String) throws
        -> (table: HierarchyTable, warnings: [String], untypedID: Bool)
    {
        let tables = try String.fetchAll(
            db,
            sql:
                "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
        guard let name = HierarchyTable.match(requested.table, in: tables) else {
            let known = tables.isEmpty ? "it has none" : "it has " + tables.joined(separator: ", ")
            throw HierarchySourceError(
                .malformed, "no table \"\(requested.table)\" in the database (\(known))", path: path)
        }
        let info = try Row.fetchAll(db, sql: "SELECT name, type FROM pragma_table_info(?)", arguments: [name])
        let columns: [String] = info.map { $0[0] }
        let table = try requested.spelled(asTable: name, columns: columns, origin: path)
        let idType: String = info.first { ($0[0] as String) == table.id }?[1] ?? ""
        // The first column of each index (and an INTEGER PRIMARY KEY, which is the rowid).
        var leading: Set<String> = []
        var unique: Set<String> = []
        for index in try Row.fetchAll(db, sql: "SELECT name, \"unique\" FROM pragma_index_list(?)", arguments: [name]) {
            let keys = try String.fetchAll(
                db, sql: "SELECT name FROM pragma_index_info(?) ORDER BY seqno", arguments: [index[0] as String])
            if let first = keys.first { leading.insert(first) }
            if keys.count == 1, (index[1] as Int) == 1 { unique.insert(keys[0]) }
        }
        let primary = try String.fetchAll(
            db, sql: "SELECT name FROM pragma_table_info(?) WHERE pk > 0", arguments: [name])
        if primary.count == 1 {
            leading.insert(primary[0])
            unique.insert(primary[0])
        }
        if !unique.contains(table.id) {
            // Two rows with one id would make a row its own descendant: refuse them at once.
            let q = HierarchyTable.quote
            if let row = try Row.fetchOne(
                db,
                sql:
                    "SELECT CAST(\(q(table.id)) AS BLOB), count(*) FROM \(q(name)) GROUP BY \(q(table.id)) HAVING count(*) > 1 LIMIT 1"
            ) {
                throw HierarchySourceError(
                    .duplicateID,
                    "the id column \"\(table.id)\" of \"\(name)\" is not unique: \"\(StoredText.decode(row[0]) ?? "")\" is the id of \(row[1] as Int) rows",
                    path: path)
            }
        }
        return (
            table, table.missingIndexWarnings(indexed: leading), idType.trimmingCharacters(in: .whitespaces).isEmpty
        )
    }

    /// An id as bound to a query: text, or an integer for a column without a type.
    func argument(_ id: String) -> DatabaseValue {
        if bindsIntegerIDs, let number = Int64(id), String(number) == id { return number.databaseValue }
        return id.databaseValue
    }

    /// Runs a read on the database queue, mapping errors to `HierarchySourceError`.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await queue.read(body)
        } catch {
            throw SQLiteErrors.map(error, path: path)
        }
    }

    /// Makes a node from a row selected with `SQL.columns`.
    static func node(from row: Row) -> HierarchyNode {
        let count: Int = row[3]
        return HierarchyNode(
            id: StoredText.decode(row[0]) ?? "", title: StoredText.decode(row[1]) ?? "",
            subtitle: StoredText.decode(row[2]),
            childCount: count, isContainer: count > 0)
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
        let sql = self.sql
        let condition = rootIsNullParent ? "\(sql.parent) IS NULL" : sql.isOrphan
        return try await read { db in
            try Row.fetchOne(db, sql: "SELECT \(sql.columns) FROM \(sql.from) t WHERE \(condition) LIMIT 1").map(
                Self.node(from:))
        }
    }

    /// The row with this id.
    ///
    /// - Complexity: one index seek on the id column, plus a count of its children.
    public func node(withID id: String) async throws -> HierarchyNode? {
        if id == rootsID { return rootsNode }
        let sql = self.sql
        let argument = argument(id)
        return try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(sql.columns) FROM \(sql.from) t WHERE \(sql.id) = ? LIMIT 1", arguments: [argument]
            )
            .map(Self.node(from:))
        }
    }

    /// The parent row; the synthetic item for a root when there are several; `nil` otherwise.
    ///
    /// - Complexity: two index seeks on the id column.
    public func parent(ofID id: String) async throws -> HierarchyNode? {
        if id == rootsID { return nil }
        let sql = self.sql
        let argument = argument(id)
        let (parent, exists) = try await read { db in
            let parent = try Row.fetchOne(
                db,
                sql:
                    "SELECT \(sql.columns) FROM \(sql.from) t WHERE \(sql.id) = (SELECT \(sql.parent) FROM \(sql.from) t WHERE \(sql.id) = ? LIMIT 1) LIMIT 1",
                arguments: [argument]
            ).map(Self.node(from:))
            let exists =
                parent == nil
                ? try Bool.fetchOne(db, sql: "SELECT 1 FROM \(sql.from) t WHERE \(sql.id) = ?", arguments: [argument])
                    ?? false
                : true
            return (parent, exists)
        }
        if parent == nil, exists { return rootsNode }
        return parent
    }

    /// The number of rows whose parent is this row.
    ///
    /// - Throws: `HierarchySourceError.Code.notFound` for an unknown id.
    /// - Complexity: one index seek plus O(children) with an index on the parent column;
    ///   a scan of the table without one.
    public func childCount(ofID id: String) async throws -> Int {
        if id == rootsID { return rootCount }
        guard let node = try await node(withID: id) else {
            throw HierarchySourceError(.notFound, "no row with id \"\(id)\" in \"\(table.table)\"", path: path)
        }
        return node.childCount ?? 0
    }

    /// The children of a row at positions `range`, in the order column's order (default: title), then id.
    ///
    /// - Complexity: O(children · log children) with an index on the parent column (the
    ///   children are sorted, then `range` taken); a scan of the table without one.
    public func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
        let sql = self.sql
        let limit = range.count
        let offset = range.lowerBound
        if id == rootsID {
            return try await read { db in
                try Row.fetchAll(
                    db,
                    sql: "SELECT \(sql.columns) FROM \(sql.from) t WHERE \(sql.isRoot) \(sql.order) LIMIT ? OFFSET ?",
                    arguments: [limit, offset]
                ).map(Self.node(from:))
            }
        }
        let argument = argument(id)
        return try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(sql.columns) FROM \(sql.from) t
                    WHERE \(sql.parent) = (SELECT \(sql.id) FROM \(sql.from) t WHERE \(sql.id) = ? LIMIT 1)
                    \(sql.order) LIMIT ? OFFSET ?
                    """,
                arguments: [argument, limit, offset]
            ).map(Self.node(from:))
        }
    }

    /// The rows from the topmost ancestor to this one, following the parent column.
    ///
    /// - Throws: `HierarchySourceError.Code.cycle` naming the rows of the cycle when a row is
    ///   its own ancestor (the walk stops there).
    /// - Complexity: one index seek per ancestor, in one read transaction.
    public func path(toID id: String) async throws -> [HierarchyNode] {
        if let rootsNode, id == rootsNode.id { return [rootsNode] }
        let sql = self.sql
        let argument = argument(id)
        let table = self.table
        let path = self.path
        let chain: [HierarchyNode] = try await read { db in
            var chain: [HierarchyNode] = []
            var seen: [String: Int] = [:]
            var next: DatabaseValue = argument
            while let row = try Row.fetchOne(
                db, sql: "SELECT \(sql.columns), \(sql.parent) FROM \(sql.from) t WHERE \(sql.id) = ? LIMIT 1",
                arguments: [next])
            {
                let node = Self.node(from: row)
                if let first = seen[node.id] {
                    throw table.cycleError(chain[first...].map(\.id) + [node.id], origin: path)
                }
                seen[node.id] = chain.count
                chain.append(node)
                next = row[4]
                if next.isNull { break }
                try Task.checkCancellation()
            }
            return chain
        }
        if chain.isEmpty { return [] }
        return (rootsNode.map { [$0] } ?? []) + chain.reversed()
    }

    /// Rows whose title starts with `query`, or has a word that does, in sibling order.
    ///
    /// - Complexity: a scan of the table (`LIKE` on a column without a full-text index).
    public func search(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        let words = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !words.isEmpty, !range.isEmpty, range.lowerBound >= 0 else { return [] }
        let sql = self.sql
        let title = "CAST(t.\(HierarchyTable.quote(self.table.title)) AS TEXT)"
        let escaped = HierarchyTable.likeEscaped(words)
        let limit = range.count
        let offset = range.lowerBound
        return try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(sql.columns) FROM \(sql.from) t
                    WHERE \(title) LIKE ? ESCAPE '\\' OR \(title) LIKE ? ESCAPE '\\'
                    \(sql.order) LIMIT ? OFFSET ?
                    """,
                arguments: [escaped + "%", "% " + escaped + "%", limit, offset]
            ).map(Self.node(from:))
        }
    }
}
