import Foundation
import GRDB
import HierarchySources

extension SQLiteSource {
    /// The first child of `parentID` from `start` (then from the first child) whose title
    /// starts with `prefix`, ignoring case and diacritics: one pass over the children's
    /// titles in the children index, in a read transaction of its own.
    ///
    /// - Complexity: O(n) titles for n children at worst, compared in C-speed byte loops
    ///   for ASCII titles; cancellable every 4,096 rows.
    public func indexOfChild(ofID parentID: String, titlePrefix prefix: String, from start: Int) async throws -> Int? {
        guard !prefix.isEmpty,
              let search = ChildTitleSearch(prefix: prefix, childCount: try await childCount(ofID: parentID), start: start)
        else { return nil }
        let matcher = search.matcher
        let dense = hasDenseSortKeys
        let key = StoredText.argument(parentID)
        let parentKey = "parent = (SELECT key FROM item WHERE id = CAST(? AS TEXT))"
        let title = StoredText.select("title")
        return try await read { db in
            /// The first match among the children in `rows` (positions), or nil.
            func scan(_ rows: Range<Int>) throws -> Int? {
                guard !rows.isEmpty else { return nil }
                let (sql, arguments): (String, StatementArguments) = dense
                    ? ("SELECT \(title) FROM item WHERE \(parentKey) AND sort_key >= ? ORDER BY sort_key LIMIT ?",
                       [key, rows.lowerBound, rows.count])
                    : ("SELECT \(title) FROM item WHERE \(parentKey) ORDER BY sort_key LIMIT ? OFFSET ?",
                       [key, rows.count, rows.lowerBound])
                let cursor = try Row.fetchCursor(db, sql: sql, arguments: arguments)
                var position = rows.lowerBound
                while let row = try cursor.next() {
                    if position & 4_095 == 0, Task.isCancelled { throw CancellationError() }
                    let value: DatabaseValue = row[0]
                    let hit: Bool
                    switch value.storage {
                    case .string(let text): hit = matcher.isPrefix(of: text)
                    default: hit = matcher.isPrefix(of: StoredText.decode(value) ?? "")
                    }
                    if hit { return position }
                    position += 1
                }
                return nil
            }
            for rows in search.ranges {
                if let hit = try scan(rows) { return hit }
            }
            return nil
        }
    }
}
