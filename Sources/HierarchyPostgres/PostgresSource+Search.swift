import HierarchySources
import HierarchyStore
import PostgresNIO

extension PostgresSource {
    /// How many matches (in key order) are ranked together.
    static let searchWindow = SearchWords.window

    /// Items whose title, subtitle or footnote contain the words of `query` (the last one as a
    /// prefix unless the text ends with a space), in the SQLite store's order.
    ///
    /// Ordering rule: items matching every word exactly, then items matching the last word only
    /// as a prefix; within each tier, matches are taken in key order in windows of
    /// `searchWindow`, and inside a window items whose title holds every word come first, then
    /// shorter titles, then key order.
    ///
    /// - Complexity: per window one GIN lookup (or a key-order scan filtered by the vector, when
    ///   the planner expects many matches) of at most `offset + window` rows.
    public func search(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        let parsed = PostgresSearchQuery(query)
        guard !range.isEmpty, range.lowerBound >= 0, !parsed.tiers.isEmpty else { return [] }
        var paging = TieredSearchPaging<HierarchyNode>(
            range: range, tiers: parsed.tiers.count, window: Self.searchWindow)
        var step = paging.start()
        while true {
            switch step {
            case .read(let index, let offset, let limit):
                let tier = parsed.tiers[index]
                let ranked = try await fetchSerially(
                    """
                    SELECT \(unescaped: Self.columns) FROM (
                        SELECT * FROM hierarchy_item
                        WHERE hierarchy_search_vector(title, subtitle, footnote) @@ to_tsquery('simple', hierarchy_fold(\(tier.match)))
                        ORDER BY key LIMIT \(Int64(limit)) OFFSET \(Int64(offset))
                    ) i
                    ORDER BY to_tsvector('simple', hierarchy_fold(i.title)) @@ to_tsquery('simple', hierarchy_fold(\(tier.title))) DESC,
                        char_length(i.title), i.key
                    """, Self.node(from:))
                step = paging.read(ranked)
            case .count(let index):
                step = paging.counted(try await searchCount(tsquery: parsed.tiers[index].match))
            case .done:
                return paging.results
            }
        }
    }

    /// The number of items matching `query` (same matching as `search(_:in:)`).
    ///
    /// - Complexity: proportional to the number of matches.
    public func searchCount(_ query: String) async throws -> Int {
        guard let expression = PostgresSearchQuery(query).expression else { return 0 }
        return try await searchCount(tsquery: expression)
    }

    private func searchCount(tsquery: String) async throws -> Int {
        try await fetch(
            """
            SELECT count(*) FROM hierarchy_item
            WHERE hierarchy_search_vector(title, subtitle, footnote) @@ to_tsquery('simple', hierarchy_fold(\(tsquery)))
            """
        ) { Int(try $0.decode(Int64.self)) }.first ?? 0
    }
}
