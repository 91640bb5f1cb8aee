import GRDB
import GRDBSQLite
import HierarchySources

/// Inserts rows with reused prepared statements, binding values directly.
///
/// Bypasses GRDB's argument boxing: the hot loop of an import is one
/// `sqlite3_bind_*` per column and one `sqlite3_step`.
struct BulkInserter {
    private let connection: OpaquePointer
    private let item: Statement
    private let staging: Statement?

    /// `SQLITE_TRANSIENT`: SQLite copies the bound text.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Creates the statements.
    ///
    /// - Parameters:
    ///   - db: The connection of the store being built.
    ///   - staging: Whether rows also go to the `staging` table (line numbers and
    ///     unresolved parents), which must exist.
    init(db: Database, staging: Bool) throws {
        guard let connection = db.sqliteConnection else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "closed connection")
        }
        self.connection = connection
        item = try db.makeStatement(
            sql: """
                INSERT INTO item (key, id, parent, sort_key, title, subtitle, footnote, status, child_count, attributes)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        self.staging =
            staging ? try db.makeStatement(sql: "INSERT INTO staging (key, line, parent_id) VALUES (?, ?, ?)") : nil
    }

    /// Inserts one item (and its staging row); its position is the sort key, its attributes
    /// are written as a JSON object (`AttributesJSON`).
    ///
    /// - Parameters:
    ///   - record: The item.
    ///   - parentID: The parent's identifier, for a row whose parent is resolved later (CSV).
    /// - Complexity: amortised O(log n) in the table size; O(1) when keys ascend.
    func insert(_ record: ItemRecord, parentID: String? = nil) throws {
        let statement = item.sqliteStatement
        sqlite3_bind_int64(statement, 1, record.key)
        bind(record.id, statement, 2)
        if let parent = record.parent {
            sqlite3_bind_int64(statement, 3, parent)
        } else {
            sqlite3_bind_null(statement, 3)
        }
        sqlite3_bind_int64(statement, 4, record.position)
        bind(record.title, statement, 5)
        bind(record.subtitle, statement, 6)
        bind(record.footnote, statement, 7)
        bind(record.status, statement, 8)
        sqlite3_bind_int64(statement, 9, record.childCount)
        bind(
            record.attributes.isEmpty
                ? nil : AttributesJSON.encode(pairs: record.attributes.map { ($0.name, $0.value) }), statement, 10)
        try step(statement)
        if let staging = staging?.sqliteStatement {
            sqlite3_bind_int64(staging, 1, record.key)
            if let line = record.line {
                sqlite3_bind_int64(staging, 2, Int64(line))
            } else {
                sqlite3_bind_null(staging, 2)
            }
            bind(parentID, staging, 3)
            try step(staging)
        }
    }

    @inline(__always)
    private func bind(_ text: String?, _ statement: OpaquePointer, _ index: Int32) {
        guard var text else {
            sqlite3_bind_null(statement, index)
            return
        }
        _ = text.withUTF8 { buffer in
            // An empty buffer may have no base address; bind a real empty string then.
            if let base = buffer.baseAddress {
                sqlite3_bind_text(statement, index, base, Int32(buffer.count), Self.transient)
            } else {
                sqlite3_bind_text(statement, index, "", 0, Self.transient)
            }
        }
    }

    @inline(__always)
    private func step(_ statement: OpaquePointer) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)))
        }
    }
}
