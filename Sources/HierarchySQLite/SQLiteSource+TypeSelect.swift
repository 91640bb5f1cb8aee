import Foundation
import GRDB
import GRDBSQLite
import HierarchySources
import Synchronization

extension SQLiteSource {
    /// The first child of `parentID` from `start` (then from the first child) whose title
    /// starts with `prefix`, ignoring case and diacritics, in a read transaction of its own.
    ///
    /// The children index is walked in order from the start row; for an ASCII prefix SQLite
    /// itself keeps only the titles that `LIKE` the prefix or hold a character outside
    /// printable ASCII (which may fold onto it), and only those are compared here, in place.
    /// Cancelling the task stops the statement within a few thousand steps (the next
    /// type-select cancels this one), so abandoned searches do not hold the readers.
    ///
    /// - Complexity: O(n) index entries for n children at worst, filtered in SQLite; the
    ///   position of a hit is its sort key in a store with dense keys, else a count over the
    ///   index.
    public func indexOfChild(ofID parentID: String, titlePrefix prefix: String, from start: Int) async throws -> Int? {
        guard !prefix.isEmpty else { return nil }
        let dense = hasDenseSortKeys
        let id = StoredText.argument(parentID)
        let path = self.path
        let cancelled = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await read { db in
                // The parent's key and child count in one look-up, in the search's transaction.
                guard let item = try Row.fetchOne(
                    db, sql: "SELECT key, child_count FROM item WHERE id = CAST(? AS TEXT)", arguments: [id])
                else {
                    throw HierarchySourceError(.notFound, "no item with id \"\(parentID)\"", path: path)
                }
                let parent: Int64 = item[0]
                guard let search = ChildTitleSearch(prefix: prefix, childCount: item[1], start: start) else { return nil }
                let matcher = search.matcher
                let filter = matcher.isASCII ? " AND (title LIKE ? ESCAPE '\\' OR title GLOB '*[^ -~]*')" : ""
                let pattern = matcher.needle
                    .replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "%", with: "\\%")
                    .replacingOccurrences(of: "_", with: "\\_") + "%"
                let first = search.ranges[0].lowerBound
                let connection = db.sqliteConnection
                sqlite3_progress_handler(connection, 4_096, { context in
                    Unmanaged<CancellationFlag>.fromOpaque(context!).takeUnretainedValue().value.load(ordering: .relaxed) ? 1 : 0
                }, Unmanaged.passUnretained(cancelled).toOpaque())
                defer { sqlite3_progress_handler(connection, 0, nil, nil) }
                do {
                    guard let boundary = dense ? Int64(first)
                            : try Int64.fetchOne(
                                db, sql: "SELECT sort_key FROM item WHERE parent = ? ORDER BY sort_key LIMIT 1 OFFSET ?",
                                arguments: [parent, first])
                    else { return nil }
                    /// The sort key of the first match among the children whose sort key
                    /// satisfies `bound`, or nil.
                    func firstMatch(_ bound: String) throws -> Int64? {
                        let statement = try db.makeStatement(
                            sql: "SELECT sort_key, title FROM item WHERE parent = ? AND sort_key \(bound) ?\(filter) ORDER BY sort_key")
                        statement.arguments = matcher.isASCII ? [parent, boundary, pattern] : [parent, boundary]
                        let handle = statement.sqliteStatement
                        defer { sqlite3_reset(handle) }
                        while true {
                            let code = sqlite3_step(handle)
                            guard code == SQLITE_ROW else {
                                guard code == SQLITE_DONE else {
                                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)))
                                }
                                return nil
                            }
                            // Text and blobs (titles that are not UTF-8) alike, read in place.
                            let bytes = sqlite3_column_blob(handle, 1)?.assumingMemoryBound(to: UInt8.self)
                            let title = UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : Int(sqlite3_column_bytes(handle, 1)))
                            if matcher.isPrefix(of: title) { return sqlite3_column_int64(handle, 0) }
                        }
                    }
                    guard let hit = try firstMatch(">=") ?? firstMatch("<") else { return nil }
                    if dense { return Int(hit) }
                    return try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM item WHERE parent = ? AND sort_key < ?", arguments: [parent, hit])
                } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
                    throw CancellationError()
                }
            }
        } onCancel: {
            cancelled.value.store(true, ordering: .relaxed)
        }
    }
}

/// Set when the task that started a statement is cancelled; SQLite's progress handler reads it.
private final class CancellationFlag: Sendable {
    let value = Atomic<Bool>(false)
}
