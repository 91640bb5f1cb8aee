import GRDB
import HierarchySources

extension SQLiteSource {
    /// Items whose title, subtitle or footnote contain words starting with the
    /// words of `query`, best first (FTS5 `bm25`, ties by storage order).
    ///
    /// The text is escaped (see `FullTextQuery`): quotes and FTS5 operators are
    /// searched for as words, never an error.
    ///
    /// - Complexity: proportional to the number of matching items (`bm25` ranks
    ///   all of them before the page is cut); a query matching a few thousand
    ///   items answers in milliseconds, one matching millions does not.
    public func search(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        guard !range.isEmpty, range.lowerBound >= 0, let expression = FullTextQuery(query).expression else {
            return []
        }
        return try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.columns) FROM item_fts JOIN item ON item.key = item_fts.rowid
                    WHERE item_fts MATCH ? ORDER BY bm25(item_fts), item_fts.rowid LIMIT ? OFFSET ?
                    """,
                arguments: [expression, range.count, range.lowerBound]
            ).map(Self.node(from:))
        }
    }

    /// The number of items matching `query` (same matching as `search(_:in:)`).
    ///
    /// - Complexity: proportional to the number of matches.
    public func searchCount(_ query: String) async throws -> Int {
        guard let expression = FullTextQuery(query).expression else { return 0 }
        return try await read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM item_fts WHERE item_fts MATCH ?", arguments: [expression])
                ?? 0
        }
    }
}
