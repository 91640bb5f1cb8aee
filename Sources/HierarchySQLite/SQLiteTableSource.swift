import Foundation
import GRDB
import HierarchySources
import HierarchyStore

/// An adjacency-list table of any SQLite database, browsed read-only (see `SQLTableSource`).
///
/// The database is opened with `Configuration.readonly`. Search matches with `LIKE` (ASCII
/// letters without regard to case), scanning the table: a user's table has no full-text index.
/// Finding the rows whose parent names no row in the background runs on a read-only connection
/// of its own.
public final class SQLiteTableSource: SQLTableSource, @unchecked Sendable {
    /// The database file.
    public let path: String

    /// Opens `table` in the database at `path` read-only and checks that it has the columns named.
    ///
    /// Table and column names are matched exactly, or else without regard to case when that
    /// names one of them.
    ///
    /// - Parameters:
    ///   - path: The database file.
    ///   - requested: The table and its columns.
    ///   - checkInBackground: Whether a large table with a `NULL`-parent root opens before its
    ///     rows naming no parent are found (see `SQLTableSource`).
    /// - Throws: `HierarchySourceError`: `.notFound` if there is no such file, `.permissionDenied`
    ///   if it may not be read, `.malformed` for
    ///   a missing table or column (naming it and what there is) or a file that is not a
    ///   database, `.io` when it is locked or unreadable.
    public init(path: String, table requested: HierarchyTable, checkInBackground: Bool = false) async throws {
        self.path = path
        try ReadOnlyDatabase.checkReadable(path)
        let configuration = ReadOnlyDatabase.configuration(label: "HierarchySQLite.table")
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let opened = try await queue.read { db in try Self.inspect(db, requested, path: path) }
            let from = HierarchyTable.quote(opened.table.table)
            let estimatedRows = try await queue.read { db in try Self.estimatedRows(db, from: from) }
            try await super.init(
                database: SQLiteTableDatabase(queue: queue, path: path, bindsIntegerIDs: opened.untypedID),
                table: opened.table, from: from, warnings: opened.warnings, origin: path,
                estimatedRows: estimatedRows, checkInBackground: checkInBackground,
                checker: {
                    SQLiteTableDatabase(
                        queue: try DatabaseQueue(path: path, configuration: configuration), path: path,
                        bindsIntegerIDs: opened.untypedID)
                })
        } catch {
            throw SQLiteErrors.map(error, path: path)
        }
    }

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

    /// About how many rows the table has, without counting them: its largest rowid, or, for a
    /// view or a table without rowids, the database file's size at 100 bytes a row.
    ///
    /// - Complexity: one seek at the end of the table's B-tree.
    static func estimatedRows(_ db: Database, from: String) throws -> Int64 {
        if let rows = try? Int64.fetchOne(db, sql: "SELECT max(rowid) FROM \(from)") {
            return rows
        }
        let pages = try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        let size = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 0
        return pages * size / 100
    }
}

/// An SQLite database in the dialect of `SQLTableSource`.
struct SQLiteTableDatabase: SQLTableDatabase {
    let queue: DatabaseQueue
    let path: String
    /// Whether the id column has no type affinity, so integer ids must be bound as integers.
    let bindsIntegerIDs: Bool

    /// Read as bytes (see `StoredText`), so a NUL in a title is kept.
    func selectText(_ expression: String) -> String { "CAST(\(expression) AS BLOB)" }

    func compareText(_ expression: String) -> String { "CAST(\(expression) AS TEXT)" }

    func sortKey(_ expression: String) -> String { expression }

    func id(_ id: String) -> StoreQuery { "\(argument(id))" }

    func title(_ title: String, matches pattern: String) -> StoreQuery {
        "CAST(\(raw: title) AS TEXT) LIKE \(.text(pattern)) ESCAPE '\\'"
    }

    /// An id as bound to a query: text, or an integer for a column without a type.
    func argument(_ id: String) -> StoreValue {
        if bindsIntegerIDs, let number = Int64(id), String(number) == id { return .integer(number) }
        return .text(id)
    }

    func rows(_ query: StoreQuery, lookup: Bool) async throws -> [[StoreValue]] {
        let sql = query.sql { _ in "?" }
        let arguments = StatementArguments(query.arguments.map(Self.databaseValue))
        return try await read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.values)
        }
    }

    /// Seeks each ancestor in turn, in one read transaction.
    func ancestors(ofID id: String, _ sql: SQLTableQueries) async throws -> (chain: [[StoreValue]], closesCycle: Bool) {
        let first = Self.databaseValue(argument(id))
        return try await read { db in
            var chain: [[StoreValue]] = []
            var seen: Set<String> = []
            var next = first
            while let row = try Row.fetchOne(
                db, sql: "SELECT \(sql.columns), \(sql.parent) FROM \(sql.from) t WHERE \(sql.id) = ? LIMIT 1",
                arguments: [next])
            {
                let values = Self.values(row)
                chain.append(values)
                if !seen.insert(values.first?.text ?? "").inserted { return (chain, true) }
                next = row[4]
                if next.isNull { break }
                try Task.checkCancellation()
            }
            return (chain, false)
        }
    }

    /// Runs a read on the database queue, mapping errors to `HierarchySourceError`.
    private func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await queue.read(body)
        } catch {
            throw SQLiteErrors.map(error, path: path)
        }
    }

    private static func databaseValue(_ value: StoreValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .text(let text): text.databaseValue
        }
    }

    /// A row's columns; text and bytes as text (every byte kept), a real number as its digits.
    private static func values(_ row: Row) -> [StoreValue] {
        row.databaseValues.map { value in
            switch value.storage {
            case .null: .null
            case .int64(let number): .integer(number)
            default: StoredText.decode(value).map(StoreValue.text) ?? .null
            }
        }
    }
}
