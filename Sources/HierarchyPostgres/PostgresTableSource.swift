import Foundation
import HierarchySources
import HierarchyStore
import PostgresNIO

/// An adjacency-list table of any PostgreSQL database, browsed read-only (see `SQLTableSource`).
///
/// Queries go through the pool of a `PostgresSource` opened without HierarchyKit's schema and
/// only read. Ids are compared in the id column's own type (the text the engine holds is cast
/// back with `CAST($1 AS type)`, so an index on the column is used) and shown as text. The path
/// to the root is one recursive query with PostgreSQL's `CYCLE` clause, so a cycle in the data
/// ends it and is reported. Search matches with `ILIKE`: a trigram index on the title column
/// (`gin_trgm_ops`), when the user made one, answers it; otherwise it is a scan, and opening a
/// large table warns with the statement that adds the index. Finding the rows whose parent
/// names no row takes an anti-join of the whole table (0.86 s on 10,000,000 rows).
public final class PostgresTableSource: SQLTableSource, @unchecked Sendable {
    let store: PostgresSource

    private init(
        store: PostgresSource, table: HierarchyTable, from: String, idType: String, warnings: [String],
        estimatedRows: Int64, checkInBackground: Bool
    ) async throws {
        self.store = store
        let database = PostgresTableDatabase(store: store, idType: idType)
        try await super.init(
            database: database, table: table, from: from, warnings: warnings, origin: store.url.description,
            estimatedRows: estimatedRows, checkInBackground: checkInBackground, checker: { database })
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
    ///     rows naming no parent are found (see `SQLTableSource`).
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
            return try await PostgresTableSource(
                store: store, table: table, from: qualified, idType: idType, warnings: warnings,
                estimatedRows: estimatedRows, checkInBackground: checkInBackground)
        } catch {
            await store.close()
            throw PostgresErrors.map(error, url: url)
        }
    }

    /// Stops the pool and closes its connections.
    public func close() async {
        cancelRootCheck()
        await store.close()
    }
}

/// A PostgreSQL database in the dialect of `SQLTableSource`.
struct PostgresTableDatabase: SQLTableDatabase {
    let store: PostgresSource
    /// The id column's type, as `format_type` spells it.
    let idType: String

    func selectText(_ expression: String) -> String { "\(expression)::text" }

    func compareText(_ expression: String) -> String { "\(expression)::text" }

    func sortKey(_ expression: String) -> String { "\(expression)::text" }

    func id(_ id: String) -> StoreQuery { "CAST(\(.text(id)) AS \(raw: idType))" }

    func title(_ title: String, matches pattern: String) -> StoreQuery { "\(raw: title)::text ILIKE \(.text(pattern))" }

    /// With `lookup`, text that is no value of the id column's type (a letter for an integer
    /// column) gives no rows.
    func rows(_ query: StoreQuery, lookup: Bool) async throws -> [[StoreValue]] {
        do {
            return try await store.fetch(PostgresSource.query(query), Self.values)
        } catch let error as HierarchySourceError {
            if lookup, let cause = error.cause as? SendableError, let psql = cause.error as? PSQLError,
                let state = psql.serverInfo?[.sqlState], ["22P02", "22003", "22007", "22008", "22021"].contains(state)
            {
                return []
            }
            throw error
        }
    }

    /// One recursive query; its `CYCLE` clause marks the row met again.
    func ancestors(ofID id: String, _ sql: SQLTableQueries) async throws -> (chain: [[StoreValue]], closesCycle: Bool) {
        let rows = try await rows(
            """
            WITH RECURSIVE chain(key, up, depth) AS (
                SELECT \(raw: sql.id), \(raw: sql.parent), 0 FROM \(raw: sql.from) t WHERE \(raw: sql.id) = \(self.id(id))
                UNION ALL
                SELECT \(raw: sql.id), \(raw: sql.parent), chain.depth + 1
                FROM \(raw: sql.from) t JOIN chain ON \(raw: sql.id) = chain.up
            ) CYCLE key SET looped USING route
            SELECT \(raw: sql.columns), chain.looped::int FROM chain JOIN \(raw: sql.from) t ON \(raw: sql.id) = chain.key
            ORDER BY chain.depth
            """, lookup: true)
        guard let closing = rows.firstIndex(where: { $0.count > 4 && $0[4].integer == 1 }) else { return (rows, false) }
        return (Array(rows[...closing]), true)
    }

    /// A row's columns: integers as numbers, everything else as text.
    @Sendable static func values(_ row: PostgresRow) throws -> [StoreValue] {
        var values: [StoreValue] = []
        var columns = PostgresRowReader(row)
        while let value = try columns.value() { values.append(value) }
        return values
    }
}
