import Foundation
import GRDB
import HierarchySources

extension SQLiteSource {
    /// The first child of `parentID` from `start` (then from the first child) whose title
    /// starts with `prefix`, ignoring case and diacritics, in a read transaction of its own.
    ///
    /// The children index is walked in order from the start row; for an ASCII prefix SQLite
    /// itself keeps only the titles that `LIKE` the prefix or hold a character outside
    /// printable ASCII (which may fold onto it), and only those are compared here.
    ///
    /// - Complexity: O(n) index entries for n children at worst, filtered in SQLite; the
    ///   position of a hit is its sort key in a store with dense keys, else a count over the
    ///   index. Cancellable every 4,096 candidates.
    public func indexOfChild(ofID parentID: String, titlePrefix prefix: String, from start: Int) async throws -> Int? {
        guard !prefix.isEmpty,
              let search = ChildTitleSearch(prefix: prefix, childCount: try await childCount(ofID: parentID), start: start)
        else { return nil }
        let matcher = search.matcher
        let dense = hasDenseSortKeys
        let id = StoredText.argument(parentID)
        let title = StoredText.select("title")
        let filter = matcher.isASCII ? " AND (title LIKE ? ESCAPE '\\' OR title GLOB '*[^ -~]*')" : ""
        let pattern = matcher.needle
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
        let first = search.ranges[0].lowerBound
        return try await read { db in
            guard let parent = try Int64.fetchOne(db, sql: "SELECT key FROM item WHERE id = CAST(? AS TEXT)", arguments: [id]),
                  let boundary = dense ? Int64(first)
                    : try Int64.fetchOne(
                        db, sql: "SELECT sort_key FROM item WHERE parent = ? ORDER BY sort_key LIMIT 1 OFFSET ?",
                        arguments: [parent, first])
            else { return nil }
            /// The sort key of the first candidate that matches among the children whose sort
            /// key satisfies `bound`, or nil.
            func firstMatch(_ bound: String) throws -> Int64? {
                var arguments: StatementArguments = [parent, boundary]
                if matcher.isASCII { arguments += [pattern] }
                let cursor = try Row.fetchCursor(
                    db, sql: "SELECT sort_key, \(title) FROM item WHERE parent = ? AND sort_key \(bound) ?\(filter) ORDER BY sort_key",
                    arguments: arguments)
                var seen = 0
                while let row = try cursor.next() {
                    seen += 1
                    if seen & 4_095 == 0, Task.isCancelled { throw CancellationError() }
                    let value: DatabaseValue = row[1]
                    let text: String
                    switch value.storage {
                    case .string(let string): text = string
                    default: text = StoredText.decode(value) ?? ""
                    }
                    if matcher.isPrefix(of: text) { return row[0] }
                }
                return nil
            }
            guard let hit = try firstMatch(">=") ?? firstMatch("<") else { return nil }
            if dense { return Int(hit) }
            return try Int.fetchOne(
                db, sql: "SELECT count(*) FROM item WHERE parent = ? AND sort_key < ?", arguments: [parent, hit])
        }
    }
}
