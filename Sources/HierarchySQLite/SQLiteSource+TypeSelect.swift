import Foundation
import GRDB
import GRDBSQLite
import HierarchySources
import Synchronization

extension SQLiteSource {
    /// The rows type-select reads in sibling order before it asks the search index: a prefix
    /// with a match this close (most short prefixes) is answered without the index.
    static let typeSelectWindow = 16_384

    /// The first child of `parentID` from `start` (then from the first child) whose title
    /// starts with `prefix`, ignoring case and diacritics, in a read transaction of its own.
    ///
    /// Three steps, each only when the one before found nothing:
    /// 1. the next ``typeSelectWindow`` children in sibling order (a common prefix matches
    ///    within a few rows);
    /// 2. with the full-text index, in a column of more than four windows (a shorter one is
    ///    walked in a few milliseconds, while a short prefix may match a large part of the
    ///    whole store), the items that hold the prefix's words (`"words" "pre"*`, see
    ///    `TitleStartQuery`), kept to this parent's children and checked against the prefix;
    ///    the hit is the first such child after the start, else the first one;
    /// 3. otherwise (no index, a shorter column, a prefix with no letter or digit), every
    ///    child in sibling order.
    ///
    /// The walks in sibling order go through the children index; for an ASCII prefix SQLite
    /// itself keeps only the titles that `LIKE` the prefix or hold a character outside
    /// printable ASCII (which may fold onto it), and only those are compared here, in place.
    /// Cancelling the task stops the statement within a few thousand steps (the next
    /// type-select cancels this one), so abandoned searches do not hold the readers.
    ///
    /// The index folds as its tokenizer does (`unicode61`, diacritics removed): a title that
    /// only Foundation's folding brings onto the prefix (a "ß" typed as "ss") is found by the
    /// first step only.
    ///
    /// - Complexity: O(w) index entries for the window, then O(m) for the m items whose title
    ///   starts with the prefix's words (any parent), else O(n) for n children at worst,
    ///   filtered in SQLite; the position of a hit is its sort key in a store with dense
    ///   keys, else a count over the index.
    public func indexOfChild(ofID parentID: String, titlePrefix prefix: String, from start: Int) async throws -> Int? {
        try await indexOfChild(ofID: parentID, titlePrefix: prefix, from: start, window: Self.typeSelectWindow)
    }

    /// ``indexOfChild(ofID:titlePrefix:from:)`` with the window of the first step given (tests
    /// make it small to reach the index).
    func indexOfChild(ofID parentID: String, titlePrefix prefix: String, from start: Int, window: Int) async throws
        -> Int?
    {
        guard !prefix.isEmpty else { return nil }
        let dense = hasDenseSortKeys
        let indexed = hasSearchIndex
        let id = StoredText.argument(parentID)
        let path = self.path
        let cancelled = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await read { db in
                // The parent's key and child count in one look-up, in the search's transaction.
                guard
                    let item = try Row.fetchOne(
                        db, sql: "SELECT key, child_count FROM item WHERE id = CAST(? AS TEXT)", arguments: [id])
                else {
                    throw HierarchySourceError(.notFound, "no item with id \"\(parentID)\"", path: path)
                }
                let parent: Int64 = item[0]
                guard let search = ChildTitleSearch(prefix: prefix, childCount: item[1], start: start) else {
                    return nil
                }
                let connection = db.sqliteConnection
                sqlite3_progress_handler(
                    connection, 4_096,
                    { context in
                        Unmanaged<CancellationFlag>.fromOpaque(context!).takeUnretainedValue().value.load(
                            ordering: .relaxed) ? 1 : 0
                    }, Unmanaged.passUnretained(cancelled).toOpaque())
                defer { sqlite3_progress_handler(connection, 0, nil, nil) }
                do {
                    let first = search.ranges[0].lowerBound
                    guard
                        let boundary = dense
                            ? Int64(first)
                            : try Int64.fetchOne(
                                db,
                                sql: "SELECT sort_key FROM item WHERE parent = ? ORDER BY sort_key LIMIT 1 OFFSET ?",
                                arguments: [parent, first])
                    else { return nil }
                    let walk = TitleWalk(db: db, parent: parent, boundary: boundary, matcher: search.matcher)
                    let hit: Int64?
                    if let near = try walk.first(">=", limit: window) {
                        hit = near
                    } else if search.ranges[0].count <= window {
                        hit = try walk.first("<")  // the window held every child after the start
                    } else if indexed, search.ranges[0].count + search.ranges[1].count > 4 * window,
                        let expression = TitleStartQuery(search.matcher.needle).expression
                    {
                        hit = try walk.firstIndexed(expression)
                    } else {
                        hit = try walk.first(">=") ?? walk.first("<")
                    }
                    guard let hit else { return nil }
                    if dense { return Int(hit) }
                    return try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM item WHERE parent = ? AND sort_key < ?",
                        arguments: [parent, hit])
                } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
                    throw CancellationError()
                }
            }
        } onCancel: {
            cancelled.value.store(true, ordering: .relaxed)
        }
    }
}

/// The FTS5 expression of the items that hold every word of a prefix, the last one as a prefix
/// of a word (`"sensor" "bv"*`). Every title that starts with the prefix (as the index folds)
/// matches, and so do other items (the words elsewhere in the title, or in the subtitle or
/// footnote: the index keeps neither positions nor columns, schema version 3), so hits are
/// checked against the prefix itself.
struct TitleStartQuery: Equatable, Sendable {
    /// The `MATCH` expression, or nil for a prefix without a letter or digit (no word to look up).
    let expression: String?

    init(_ needle: String) {
        let words = FullTextQuery.words(needle)
        guard !words.isEmpty else {
            expression = nil
            return
        }
        expression = words.map { "\"\($0)\"" }.joined(separator: " ") + "*"
    }
}

/// The searches of one type-select inside a read transaction: children of one parent, from
/// a sort key on, compared with the prefix in place.
private struct TitleWalk {
    let db: Database
    let parent: Int64
    let boundary: Int64
    let matcher: NameMatcher

    /// The sort key of the first child (in sibling order) whose sort key satisfies
    /// `bound` against the boundary and whose title starts with the prefix, within `limit`
    /// children when given.
    func first(_ bound: String, limit: Int? = nil) throws -> Int64? {
        let filter = matcher.isASCII ? " AND (title LIKE ? ESCAPE '\\' OR title GLOB '*[^ -~]*')" : ""
        let pattern =
            matcher.needle
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
        // The window counts children, so the filter applies to the window, not before it.
        let sql =
            limit == nil
            ? "SELECT sort_key, title FROM item WHERE parent = ? AND sort_key \(bound) ?\(filter) ORDER BY sort_key"
            : "SELECT sort_key, title FROM (SELECT sort_key, title FROM item WHERE parent = ? AND sort_key \(bound) ? ORDER BY sort_key LIMIT \(limit!)) WHERE 1\(filter)"
        let statement = try db.makeStatement(sql: sql)
        statement.arguments = matcher.isASCII ? [parent, boundary, pattern] : [parent, boundary]
        var found: Int64?
        try step(statement) { key, title in
            guard matcher.isPrefix(of: title) else { return true }
            found = key
            return false
        }
        return found
    }

    /// The sort key of the first child from the boundary on (else the first child) among the
    /// items the full-text expression matches whose title starts with the prefix.
    func firstIndexed(_ expression: String) throws -> Int64? {
        let statement = try db.makeStatement(
            sql: """
                SELECT item.sort_key, item.title FROM item_fts CROSS JOIN item ON item.key = item_fts.rowid
                WHERE item_fts MATCH ? AND item.parent = ?
                """)
        statement.arguments = [expression, parent]
        var after: Int64?
        var before: Int64?
        try step(statement) { key, title in
            guard key >= boundary ? key < (after ?? .max) : key < (before ?? .max), matcher.isPrefix(of: title) else {
                return true
            }
            if key >= boundary { after = key } else { before = key }
            return true
        }
        return after ?? before
    }

    /// Steps through a statement of (sort key, title) rows, reading titles in place (text
    /// and blobs, titles that are not UTF-8, alike), while `body` returns true.
    private func step(_ statement: Statement, _ body: (Int64, UnsafeBufferPointer<UInt8>) throws -> Bool) throws {
        let handle = statement.sqliteStatement
        let connection = db.sqliteConnection
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            guard code == SQLITE_ROW else {
                guard code == SQLITE_DONE else {
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)))
                }
                return
            }
            let bytes = sqlite3_column_blob(handle, 1)?.assumingMemoryBound(to: UInt8.self)
            let title = UnsafeBufferPointer(
                start: bytes, count: bytes == nil ? 0 : Int(sqlite3_column_bytes(handle, 1)))
            guard try body(sqlite3_column_int64(handle, 0), title) else { return }
        }
    }
}

/// Set when the task that started a statement is cancelled; SQLite's progress handler reads it.
private final class CancellationFlag: Sendable {
    let value = Atomic<Bool>(false)
}
