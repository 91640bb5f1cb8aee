import GRDB
import GRDBSQLite
import HierarchySources
import HierarchyStore

extension SQLiteSource {
    /// How many matches (in key order) are ranked together; see `search(_:in:)`.
    static let searchWindow = SearchWords.window

    /// Items whose title, subtitle or footnote contain the words of `query`
    /// (the last one as a prefix unless the text ends with a space).
    ///
    /// The text is escaped (see `FullTextQuery`): quotes and FTS5 operators are
    /// searched for as words, never an error.
    ///
    /// Ordering rule (deterministic, so pages never overlap or skip):
    /// 1. Items matching every word exactly come before items matching the last
    ///    word only as a prefix (`pum` lists every `Pump` before `pumpkin`).
    /// 2. Within each of these two tiers, matches are taken in key order (import
    ///    order) in windows of `searchWindow` (256); inside a window, items whose
    ///    title holds every word come first, then shorter titles, then key order.
    ///    With at most 256 matches this ranks all of them; with more, the work per
    ///    page stays bounded (no whole-result ranking such as `bm25`, whose term
    ///    statistics alone cost time proportional to every item holding a word).
    ///
    /// - Throws: `HierarchySourceError` (`.unsupported`) for a store without a
    ///   search index.
    /// - Complexity: O(offset + window) index steps per tier reached, plus one
    ///   item lookup per ranked match. The prefix tier is only read when the exact
    ///   tier has fewer matches than the page needs. A prefix of up to three
    ///   characters reads one prefix doclist in key order (schema version 2, see
    ///   `SQLiteSchema`); a longer prefix, or any prefix in a version 1 store or in
    ///   a store still waiting for its prefix indexes (`SQLiteSearchPrefixes`),
    ///   merges the doclists of every indexed word it begins (FTS5), which for a
    ///   short prefix on a large store takes hundreds of milliseconds to seconds.
    ///   The results are the same either way.
    public func search(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        let parsed = FullTextQuery(query)
        try requireSearchIndex()
        guard !range.isEmpty, range.lowerBound >= 0, parsed.expression != nil else { return [] }
        return try await read { db in
            let keys = try Self.searchKeys(db, query: parsed, range: range)
            return try Self.nodes(db, keys: keys)
        }
    }

    /// Fails for a store built without its full-text index.
    func requireSearchIndex() throws {
        guard hasSearchIndex else {
            throw HierarchySourceError(
                .unsupported, "this database has no search index (it was imported with --no-search-index)",
                path: path)
        }
    }

    /// The keys of the matches at positions `range`, in result order.
    static func searchKeys(_ db: Database, query: FullTextQuery, range: Range<Int>) throws -> [Int64] {
        let window = searchWindow
        let words = query.words.map(SearchRank.normalize)
        let statement = try db.cachedStatement(
            sql: """
                SELECT rowid, highlight(item_fts, 0, char(1), char(2)) FROM item_fts
                WHERE item_fts MATCH ? ORDER BY rowid LIMIT ? OFFSET ?
                """)
        var paging = TieredSearchPaging<Int64>(range: range, tiers: query.tiers.count, window: window)
        var step = paging.start()
        while true {
            switch step {
            case .read(let tier, let offset, let limit):
                statement.arguments = [query.tiers[tier], limit, offset]
                step = paging.read(try Self.ranks(statement, words: words).sorted().map(\.key))
            case .count(let tier):
                let sql = "SELECT count(*) FROM item_fts WHERE item_fts MATCH ?"
                step = paging.counted(try Int.fetchOne(db, sql: sql, arguments: [query.tiers[tier]]) ?? 0)
            case .done:
                return paging.results
            }
        }
    }

    /// Steps a window query (`rowid`, highlighted title), reading columns in place.
    private static func ranks(_ statement: Statement, words: [String]) throws -> [SearchRank] {
        let handle = statement.sqliteStatement
        var ranks: [SearchRank] = []
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            guard code == SQLITE_ROW else {
                guard code == SQLITE_DONE else {
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: code),
                        message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))))
                }
                return ranks
            }
            let key = sqlite3_column_int64(handle, 0)
            let text = sqlite3_column_text(handle, 1)
            let count = Int(sqlite3_column_bytes(handle, 1))
            let bytes = UnsafeBufferPointer(start: text, count: text == nil ? 0 : count)
            ranks.append(SearchRank(key: key, highlightedTitle: bytes, words: words))
        }
    }

    /// The nodes of `keys`, in that order.
    static func nodes(_ db: Database, keys: [Int64]) throws -> [HierarchyNode] {
        guard !keys.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: keys.count).joined(separator: ",")
        let rows = try Row.fetchAll(
            db, sql: "SELECT \(columns) FROM item i WHERE key IN (\(placeholders))",
            arguments: StatementArguments(keys))
        var byKey: [Int64: HierarchyNode] = [:]
        for row in rows { byKey[row[0]] = node(from: row) }
        return keys.compactMap { byKey[$0] }
    }

    /// Letters and digits only, for comparing a word with highlighted title text.
    static func alphanumerics(_ text: String) -> String {
        String(
            text.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }.map(
                Character.init))
    }

    /// The number of items matching `query` (same matching as `search(_:in:)`).
    ///
    /// - Throws: `HierarchySourceError` (`.unsupported`) for a store without a
    ///   search index.
    /// - Complexity: proportional to the number of matches.
    public func searchCount(_ query: String) async throws -> Int {
        try requireSearchIndex()
        guard let expression = FullTextQuery(query).expression else { return 0 }
        return try await read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM item_fts WHERE item_fts MATCH ?", arguments: [expression])
                ?? 0
        }
    }
}
