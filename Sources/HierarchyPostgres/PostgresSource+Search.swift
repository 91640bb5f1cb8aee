import HierarchySources
import PostgresNIO

extension PostgresSource {
    /// How many matches (in key order) are ranked together, as in the SQLite store.
    static let searchWindow = 256

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
        let window = Self.searchWindow
        var nodes: [HierarchyNode] = []
        var position = range.lowerBound
        for tier in parsed.tiers {
            var index = position / window
            let firstIndex = index
            var tierCount: Int?
            while nodes.count < range.count {
                let offset = Int64(index * window)
                let ranked = try await fetchSerially(
                    """
                    SELECT \(unescaped: Self.columns) FROM (
                        SELECT * FROM hierarchy_item
                        WHERE hierarchy_search_vector(title, subtitle, footnote) @@ to_tsquery('simple', hierarchy_fold(\(tier.match)))
                        ORDER BY key LIMIT \(Int64(window)) OFFSET \(offset)
                    ) i
                    ORDER BY to_tsvector('simple', hierarchy_fold(i.title)) @@ to_tsquery('simple', hierarchy_fold(\(tier.title))) DESC,
                        char_length(i.title), i.key
                    """, Self.node(from:))
                if ranked.count < window, !ranked.isEmpty || index == 0 || index > firstIndex {
                    tierCount = index * window + ranked.count
                }
                let start = position - index * window
                if start < ranked.count {
                    let end = min(ranked.count, start + range.count - nodes.count)
                    nodes += ranked[start..<end]
                    position += end - start
                }
                if ranked.count < window { break }
                index += 1
            }
            guard nodes.count < range.count else { break }
            let count: Int
            if let tierCount {
                count = tierCount
            } else {
                count = try await searchCount(tsquery: tier.match)
            }
            position = max(0, position - count)
        }
        return nodes
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
