import Foundation
import HierarchySources
import PostgresNIO
import Synchronization

/// An adjacency-list table of any PostgreSQL database, browsed read-only (see `HierarchyTable`).
///
/// Queries go through the pool of a `PostgresSource` opened without HierarchyKit's schema and
/// only read. Ids are compared in the id column's own type (the text the engine holds is cast
/// back with `CAST($1 AS type)`, so an index on the column is used) and shown as text. Child
/// counts are counted and pages of children read with `ORDER BY … LIMIT … OFFSET`: every read
/// is one query whose cost depends on an index on the parent column; `warnings` says when it
/// is missing, with the statement that adds it. The path to the root is one recursive query
/// with PostgreSQL's `CYCLE` clause, so a cycle in the data ends it and is reported. Search
/// matches the start of the title, or of a word in it, with `ILIKE`: a trigram index on the
/// title column (`gin_trgm_ops`), when the user made one, answers it; otherwise it is a scan,
/// and opening a large table warns with the statement that adds the index.
///
/// Rows whose parent names no row are roots too; finding them takes an anti-join of the whole
/// table (0.86 s on 10,000,000 rows). Opened with `checkInBackground` (the interactive faces),
/// a table of ``backgroundCheckRows`` rows or more that has a root with a `NULL` parent opens at
/// once and runs that check in the background: ``changes()`` says "checking…" on the status
/// line meanwhile, then adds the rows found under the synthetic item over several roots, or,
/// when the one `NULL` root is already shown, reports them in a note (see ``rootCheck()``).
public final class PostgresTableSource: HierarchySource {
    public let displayName: String
    /// The table and its columns, named as the database spells them.
    public let table: HierarchyTable
    /// One-line warnings found while opening (a missing index), for the caller to print.
    public let warnings: [String]
    let store: PostgresSource
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
    let sql: SQL

    /// The fragments every query is built from.
    struct SQL: Sendable {
        var from: String
        var id: String
        var parent: String
        var title: String
        var idType: String
        var columns: String
        var order: String
        var isRoot: String
        /// A row whose parent is not `NULL` but names no row (a root too).
        var isOrphan: String

        init(_ table: HierarchyTable, schema: String, idType: String) {
            let q = HierarchyTable.quote
            from = "\(q(schema)).\(q(table.table))"
            id = "t.\(q(table.id))"
            parent = "t.\(q(table.parent))"
            title = "t.\(q(table.title))::text"
            self.idType = idType
            let subtitle = table.subtitle.map { "t.\(q($0))::text" } ?? "NULL::text"
            columns = [
                "\(id)::text", title, subtitle, "(SELECT count(*) FROM \(from) c WHERE c.\(q(table.parent)) = \(id))",
            ].joined(separator: ", ")
            order = "ORDER BY \(table.order.map { "t.\(q($0))" } ?? title), \(id)"
            isRoot = "(\(parent) IS NULL OR NOT EXISTS (SELECT 1 FROM \(from) p WHERE p.\(q(table.id)) = \(parent)))"
            // Without the `OR`, PostgreSQL plans this as an anti-join (a merge of the parent and
            // id indexes when both exist) instead of a look-up per row.
            isOrphan =
                "(\(parent) IS NOT NULL AND NOT EXISTS (SELECT 1 FROM \(from) p WHERE p.\(q(table.id)) = \(parent)))"
        }
    }

    /// The smallest table (by the planner's estimate) whose check for rows naming no parent runs
    /// in the background when asked; smaller tables are checked at open, in a few milliseconds.
    public static let backgroundCheckRows: Int64 = 100_000

    private init(
        store: PostgresSource, table: HierarchyTable, warnings: [String], sql: SQL, rootCount: Int,
        rootIsNullParent: Bool,
        rootsID: String?
    ) {
        self.store = store
        self.rootIsNullParent = rootIsNullParent
        self.table = table
        self.warnings = warnings
        self.sql = sql
        self.roots = HierarchyTableRoots(count: rootCount)
        self.rootsID = rootsID
        self.displayName = table.table
    }

    /// Connects to the database at `url` and checks that `table` has the columns named.
    ///
    /// The table may be given as `schema.table`; without a schema, the tables on the search
    /// path are looked at. Names are matched exactly, or else without regard to case when that
    /// names one of them.
    ///
    /// - Parameters:
    ///   - url: The database.
    ///   - requested: The table and its columns.
    ///   - statementTimeout: A statement running longer is cancelled by the server (seconds).
    ///   - checkInBackground: Whether a large table with a `NULL`-parent root opens before its
    ///     rows naming no parent are found (see the type's description).
    /// - Throws: `HierarchySourceError`: `.malformed` for a missing table or column (naming it
    ///   and what there is); the connection errors of `PostgresSource.open`.
    /// - Complexity: roots with a `NULL` parent are counted in the parent column's index; rows
    ///   whose parent names no row with one anti-join (a merge of the parent and id indexes
    ///   when both exist, a pass over the table otherwise), at open or in the background.
    public static func open(
        _ url: PostgresStoreURL, table requested: HierarchyTable, statementTimeout: Double = 30,
        checkInBackground: Bool = false
    ) async throws -> PostgresTableSource {
        let store = try await PostgresSource.open(url, requireSchema: false, statementTimeout: statementTimeout)
        do {
            let parts = requested.table.split(separator: ".", maxSplits: 1).map(String.init)
            let schema: String? = parts.count == 2 ? parts[0] : nil
            let wanted = parts.last ?? requested.table
            let tables = try await store.fetch(
                """
                SELECT n.nspname::text, c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f')
                AND (CASE WHEN \(schema)::text IS NULL THEN pg_table_is_visible(c.oid) ELSE n.nspname = \(schema)::text END)
                ORDER BY 2
                """
            ) { try $0.decode((String, String).self) }
            guard let name = HierarchyTable.match(wanted, in: tables.map(\.1)),
                let found = tables.first(where: { $0.1 == name })
            else {
                let names = tables.map(\.1).filter { !$0.hasPrefix("hierarchy_") }
                let known = names.isEmpty ? "it has none" : "it has " + names.prefix(20).joined(separator: ", ")
                throw HierarchySourceError(.malformed, "\(url): no table \"\(requested.table)\" (\(known))")
            }
            let qualified = "\(HierarchyTable.quote(found.0)).\(HierarchyTable.quote(found.1))"
            let info = try await store.fetch(
                """
                SELECT attname::text, format_type(atttypid, atttypmod) FROM pg_attribute
                WHERE attrelid = CAST(\(qualified) AS regclass) AND attnum > 0 AND NOT attisdropped ORDER BY attnum
                """
            ) { try $0.decode((String, String).self) }
            let columns = info.map(\.0)
            let table = try requested.spelled(asTable: name, columns: columns, origin: url.description)
            let idType = info.first { $0.0 == table.id }?.1 ?? "text"
            let indexes = try await store.fetch(
                """
                SELECT a.attname::text, i.indisunique AND i.indnkeyatts = 1, o.opcname IN ('gin_trgm_ops', 'gist_trgm_ops')
                FROM pg_index i
                JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
                JOIN pg_opclass o ON o.oid = i.indclass[0]
                WHERE i.indrelid = CAST(\(qualified) AS regclass)
                """
            ) { try $0.decode((String, Bool, Bool).self) }
            // The planner's estimate (never analysed: the size at 100 bytes a row); no count.
            let estimatedRows =
                try await store.fetch(
                    """
                    SELECT CASE WHEN reltuples >= 0 THEN reltuples::bigint ELSE pg_relation_size(oid) / 100 END
                    FROM pg_class WHERE oid = CAST(\(qualified) AS regclass)
                    """
                ) { try $0.decode(Int64.self) }.first ?? 0
            let leading = Set(indexes.map(\.0))
            if !indexes.contains(where: { $0.0 == table.id && $0.1 }) {
                // Two rows with one id would make a row its own descendant: refuse them at once.
                let q = HierarchyTable.quote
                let from = "\(q(found.0)).\(q(found.1))"
                if let (id, count) = try await store.fetch(
                    "SELECT \(unescaped: q(table.id))::text, count(*) FROM \(unescaped: from) GROUP BY 1 HAVING count(*) > 1 LIMIT 1",
                    { try $0.decode((String?, Int64).self) }
                ).first {
                    throw HierarchySourceError(
                        .duplicateID,
                        "\(url): the id column \"\(table.id)\" of \"\(name)\" is not unique: \"\(id ?? "NULL")\" is the id of \(count) rows"
                    )
                }
            }
            var shown = table
            if schema != nil { shown.table = "\(found.0).\(found.1)" }
            var warnings = shown.missingIndexWarnings(indexed: leading)
            let searchIndexed = indexes.contains { $0.0 == table.title && $0.2 }
            if !searchIndexed, estimatedRows >= HierarchyTable.searchIndexThreshold {
                warnings.append(shown.missingSearchIndexWarning)
            }
            let sql = SQL(table, schema: found.0, idType: idType)
            let nullRoots =
                try await store.fetch(
                    "SELECT count(*) FROM \(unescaped: sql.from) t WHERE \(unescaped: sql.parent) IS NULL"
                ) { try $0.decode(Int64.self) }.first ?? 0
            let deferred = checkInBackground && nullRoots > 0 && estimatedRows >= backgroundCheckRows
            let orphans = deferred ? 0 : try await countOrphans(store, sql)
            let rootCount = Int(nullRoots + orphans)
            var rootsID: String?
            if rootCount > 1 {
                var id = HierarchyTable.rootsID
                while !(try await store.fetch(
                    "SELECT 1 FROM \(unescaped: sql.from) t WHERE \(unescaped: sql.id)::text = \(id) LIMIT 1",
                    { _ in true }
                ).isEmpty) {
                    id += "/"
                }
                rootsID = id
            }
            let source = PostgresTableSource(
                store: store, table: table, warnings: warnings, sql: sql, rootCount: rootCount,
                rootIsNullParent: nullRoots == 1,
                rootsID: rootsID)
            if deferred { source.startRootCheck() }
            return source
        } catch {
            await store.close()
            throw PostgresErrors.map(error, url: url)
        }
    }

    /// Stops the pool and closes its connections.
    public func close() async {
        roots.cancel()
        await store.close()
    }

    /// The number of rows whose parent is not `NULL` but names no row.
    ///
    /// - Complexity: one anti-join of the table with itself.
    static func countOrphans(_ store: PostgresSource, _ sql: SQL) async throws -> Int64 {
        try await store.fetch(
            "SELECT count(*) FROM \(unescaped: sql.from) t WHERE \(unescaped: sql.isOrphan)"
        ) { try $0.decode(Int64.self) }.first ?? 0
    }

    /// Starts the check for rows naming no parent, publishing its progress and outcome.
    private func startRootCheck() {
        roots.startCheck(table: table, rootsID: rootsID) { [store, sql] withExample in
            let orphans = try await Self.countOrphans(store, sql)
            guard orphans > 0, withExample else { return (orphans, nil) }
            let example =
                try await store.fetch(
                    "SELECT \(unescaped: sql.id)::text FROM \(unescaped: sql.from) t WHERE \(unescaped: sql.isOrphan) ORDER BY \(unescaped: sql.id) LIMIT 1"
                ) { try $0.decode(String?.self) }.first ?? nil
            return (orphans, example)
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

    /// Makes a node from a row selected with `SQL.columns`.
    @Sendable static func node(from row: PostgresRow) throws -> HierarchyNode {
        var columns = PostgresRowReader(row)
        let (id, title, subtitle, count) = (
            try columns.text(), try columns.text(), try columns.text(), try columns.integer()
        )
        return HierarchyNode(
            id: id ?? "", title: title ?? "", subtitle: subtitle, childCount: Int(count), isContainer: count > 0)
    }

    /// Runs a query that looks an id up: text that is no value of the id column's type (a
    /// letter for an integer column) names no row, so gives no rows instead of an error.
    func lookup<Row: Sendable>(_ query: PostgresQuery, _ decode: @Sendable (PostgresRow) throws -> Row) async throws
        -> [Row]
    {
        do {
            return try await store.fetch(query, decode)
        } catch let error as HierarchySourceError {
            if let cause = error.cause as? SendableError, let psql = cause.error as? PSQLError,
                let state = psql.serverInfo?[.sqlState], ["22P02", "22003", "22007", "22008", "22021"].contains(state)
            {
                return []
            }
            throw error
        }
    }

    /// The synthetic item over several roots.
    var rootsNode: HierarchyNode? { table.rootsNode(id: rootsID, rootCount: rootCount) }

    // MARK: - HierarchySource

    /// The only root, the synthetic item over several, or `nil` for a table without roots.
    ///
    /// - Complexity: one seek in the parent column's index for a root with a `NULL` parent; an
    ///   anti-join of the table with itself for a root whose parent names no row.
    public func root() async throws -> HierarchyNode? {
        if let rootsNode { return rootsNode }
        guard rootCount == 1 else { return nil }
        let condition = rootIsNullParent ? "\(sql.parent) IS NULL" : sql.isOrphan
        return try await store.fetch(
            "SELECT \(unescaped: sql.columns) FROM \(unescaped: sql.from) t WHERE \(unescaped: condition) LIMIT 1",
            Self.node(from:)
        ).first
    }

    /// The row with this id.
    ///
    /// - Complexity: one index seek on the id column, plus a count of its children.
    public func node(withID id: String) async throws -> HierarchyNode? {
        if id == rootsID { return rootsNode }
        return try await lookup(
            """
            SELECT \(unescaped: sql.columns) FROM \(unescaped: sql.from) t
            WHERE \(unescaped: sql.id) = CAST(\(id) AS \(unescaped: sql.idType)) LIMIT 1
            """, Self.node(from:)
        ).first
    }

    /// The parent row; the synthetic item for a root when there are several; `nil` otherwise.
    ///
    /// - Complexity: two index seeks on the id column.
    public func parent(ofID id: String) async throws -> HierarchyNode? {
        if id == rootsID { return nil }
        let rows = try await lookup(
            """
            SELECT \(unescaped: sql.columns), true FROM \(unescaped: sql.from) t
            WHERE \(unescaped: sql.id) = (SELECT \(unescaped: sql.parent) FROM \(unescaped: sql.from) t
                WHERE \(unescaped: sql.id) = CAST(\(id) AS \(unescaped: sql.idType)) LIMIT 1)
            UNION ALL
            SELECT NULL, NULL, NULL, 0, false FROM \(unescaped: sql.from) t
            WHERE \(unescaped: sql.id) = CAST(\(id) AS \(unescaped: sql.idType))
            LIMIT 2
            """
        ) { row -> HierarchyNode? in
            let (id, title, subtitle, count, isParent) = try row.decode((String?, String?, String?, Int64, Bool).self)
            return isParent
                ? HierarchyNode(
                    id: id ?? "", title: title ?? "", subtitle: subtitle, childCount: Int(count), isContainer: count > 0
                )
                : nil
        }
        if let parent = rows.compactMap({ $0 }).first { return parent }
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
            throw HierarchySourceError(.notFound, "no row with id \"\(id)\" in \"\(table.table)\" of \(store.url)")
        }
        return node.childCount ?? 0
    }

    /// The children of a row at positions `range`, in the order column's order (default: title), then id.
    ///
    /// - Complexity: O(children · log children) with an index on the parent column (the
    ///   children are sorted, then `range` taken); a scan of the table without one.
    public func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
        let limit = Int64(range.count)
        let offset = Int64(range.lowerBound)
        if id == rootsID {
            return try await store.fetch(
                """
                SELECT \(unescaped: sql.columns) FROM \(unescaped: sql.from) t WHERE \(unescaped: sql.isRoot)
                \(unescaped: sql.order) LIMIT \(limit) OFFSET \(offset)
                """, Self.node(from:))
        }
        return try await lookup(
            """
            SELECT \(unescaped: sql.columns) FROM \(unescaped: sql.from) t
            WHERE \(unescaped: sql.parent) = CAST(\(id) AS \(unescaped: sql.idType))
            \(unescaped: sql.order) LIMIT \(limit) OFFSET \(offset)
            """, Self.node(from:))
    }

    /// The rows from the topmost ancestor to this one, following the parent column.
    ///
    /// - Throws: `HierarchySourceError.Code.cycle` naming the rows of the cycle when a row is
    ///   its own ancestor (the `CYCLE` clause ends the query there).
    /// - Complexity: one index seek per ancestor, in one query.
    public func path(toID id: String) async throws -> [HierarchyNode] {
        if let rootsNode, id == rootsNode.id { return [rootsNode] }
        let rows = try await lookup(
            """
            WITH RECURSIVE chain(key, up, depth) AS (
                SELECT t.\(unescaped: HierarchyTable.quote(table.id)), \(unescaped: sql.parent), 0 FROM \(unescaped: sql.from) t
                WHERE \(unescaped: sql.id) = CAST(\(id) AS \(unescaped: sql.idType))
                UNION ALL
                SELECT t.\(unescaped: HierarchyTable.quote(table.id)), \(unescaped: sql.parent), chain.depth + 1
                FROM \(unescaped: sql.from) t JOIN chain ON \(unescaped: sql.id) = chain.up
            ) CYCLE key SET looped USING route
            SELECT \(unescaped: sql.columns), chain.looped FROM chain JOIN \(unescaped: sql.from) t ON \(unescaped: sql.id) = chain.key
            ORDER BY chain.depth
            """
        ) { row in
            let (id, title, subtitle, count, looped) = try row.decode((String?, String?, String?, Int64, Bool).self)
            return (
                HierarchyNode(
                    id: id ?? "", title: title ?? "", subtitle: subtitle, childCount: Int(count), isContainer: count > 0
                ), looped
            )
        }
        if let closing = rows.first(where: { $0.1 }) {
            let ids = rows.map(\.0.id)
            let start = ids.firstIndex(of: closing.0.id) ?? 0
            throw table.cycleError(Array(ids[start...]), origin: store.url.description)
        }
        if rows.isEmpty { return [] }
        return (rootsNode.map { [$0] } ?? []) + rows.map(\.0).reversed()
    }

    /// Rows whose title starts with `query`, or has a word that does, in sibling order.
    ///
    /// - Complexity: O(matches) through a trigram index on the title column (then sorted); a
    ///   scan of the table without one.
    public func search(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        let words = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !words.isEmpty, !range.isEmpty, range.lowerBound >= 0 else { return [] }
        let escaped = HierarchyTable.likeEscaped(words)
        let limit = Int64(range.count)
        let offset = Int64(range.lowerBound)
        return try await store.fetch(
            """
            SELECT \(unescaped: sql.columns) FROM \(unescaped: sql.from) t
            WHERE \(unescaped: sql.title) ILIKE \(escaped + "%") OR \(unescaped: sql.title) ILIKE \("% " + escaped + "%")
            \(unescaped: sql.order) LIMIT \(limit) OFFSET \(offset)
            """, Self.node(from:))
    }
}
