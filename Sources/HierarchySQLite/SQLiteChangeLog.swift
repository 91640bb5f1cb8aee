import Foundation
import GRDB
import HierarchySources

/// The change log of an SQLite store: what `SQLiteSource+Editing` changed, so that watchers in
/// other processes (which only learn *that* the file changed, from `PRAGMA data_version`) can
/// tell their views exactly *what* changed.
///
/// ```sql
/// CREATE TABLE hierarchy_change (
///     seq INTEGER PRIMARY KEY AUTOINCREMENT,
///     op TEXT NOT NULL,          -- insert, delete, update
///     id TEXT NOT NULL, parent TEXT, position INTEGER
/// );
/// ```
///
/// The table is made by the first change and keeps the last `retained` entries. A watcher that
/// fell further behind (or sees the file change without a log entry, a change by another
/// program) reports `.reset`.
enum SQLiteChangeLog {
    static let retained: Int64 = 10_000

    static func append(_ db: Database, op: String, id: String, parent: String?, position: Int64?) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS hierarchy_change (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT, op TEXT NOT NULL, id TEXT NOT NULL, parent TEXT, position INTEGER)
                """)
        try db.execute(
            sql: "INSERT INTO hierarchy_change (op, id, parent, position) VALUES (?, ?, ?, ?)",
            arguments: [op, id, parent, position])
        let seq = db.lastInsertedRowID
        if seq % 1000 == 0 {
            try db.execute(sql: "DELETE FROM hierarchy_change WHERE seq <= ?", arguments: [seq - retained])
        }
    }

    /// Whether the log exists, asked of the file itself: GRDB's schema cache does not see a
    /// table another connection created.
    static func exists(_ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'hierarchy_change'")
            ?? false
    }

    /// The newest sequence number, 0 without a log.
    static func latest(_ db: Database) throws -> Int64 {
        guard try exists(db) else { return 0 }
        return try Int64.fetchOne(db, sql: "SELECT coalesce(max(seq), 0) FROM hierarchy_change") ?? 0
    }

    /// The changes after `seq`, and the new newest sequence number; `nil` when entries were
    /// trimmed away in between (the caller resets).
    static func changes(_ db: Database, after seq: Int64) throws -> ([HierarchySourceChange], Int64)? {
        guard try exists(db) else { return ([], 0) }
        let oldest = try Int64.fetchOne(db, sql: "SELECT min(seq) FROM hierarchy_change") ?? 0
        if oldest > seq + 1, seq > 0 { return nil }
        var changes: [HierarchySourceChange] = []
        var latest = seq
        for row in try Row.fetchAll(
            db, sql: "SELECT seq, op, id, parent, position FROM hierarchy_change WHERE seq > ? ORDER BY seq",
            arguments: [seq])
        {
            latest = row[0]
            let op: String = row[1]
            let id: String = row[2]
            let parent: String? = row[3]
            let position: Int? = row[4]
            switch (op, parent, position) {
            case ("insert", let parent?, let position?):
                changes.append(.inserted(id: id, parentID: parent, index: position))
            case ("delete", let parent?, let position?):
                changes.append(.removed(id: id, parentID: parent, index: position))
            case ("update", _, _): changes.append(.updated(id: id))
            default: changes.append(.reset)
            }
        }
        return (changes, latest)
    }
}
