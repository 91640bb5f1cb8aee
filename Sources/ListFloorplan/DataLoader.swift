/// Loads the entities of one list section, a page at a time.
///
/// A `ListViewModel` holds one loader per section and asks it for a range of items, with the search
/// text while a search is active. A loader that returns fewer items than the range asks for tells the
/// view model that the section has no more items. A `nil` range asks for every item (paging is off).
///
/// Loaders run off the main actor and may be called again before an earlier call returned; the view
/// model drops answers to requests that a newer request has replaced.
public struct DataLoader<Entity: Sendable>: Sendable {
    private let body: @Sendable (Range<Int>?, String?) async throws -> [Entity]

    /// Creates a loader from a query function.
    ///
    /// - Parameter query: Returns the items in the range (all items for `nil`) that match the search
    ///   string (all items for `nil`). Throws to report a failed load; the list shows the error and
    ///   stays usable.
    public init(_ query: @escaping @Sendable (_ range: Range<Int>?, _ searchString: String?) async throws -> [Entity]) {
        self.body = query
    }

    /// Queries the items in a range.
    ///
    /// - Parameters:
    ///   - range: The positions of the requested items, or `nil` for all items.
    ///   - searchString: The search text, or `nil` for the unfiltered list.
    /// - Returns: The items found; fewer than `range.count` means the end was reached.
    /// - Throws: Whatever the underlying query throws.
    public func query(forItemsIn range: Range<Int>? = nil, with searchString: String? = nil) async throws -> [Entity] {
        try await body(range, searchString)
    }
}

extension DataLoader {
    /// A loader over an array held in memory.
    ///
    /// Ranges are clamped to the matching items, so a range past the end returns an empty page.
    ///
    /// - Parameters:
    ///   - items: All entities of the section, in display order.
    ///   - matches: Whether an entity matches a (non-empty) search string.
    /// - Returns: A loader answering from `items`.
    /// - Complexity: O(*k*) for a page of *k* list items; O(*n*) for a search over *n* items.
    public static func inMemory(
        _ items: [Entity],
        matching matches: @escaping @Sendable (Entity, String) -> Bool
    ) -> DataLoader {
        DataLoader { range, searchString in
            let source: [Entity]
            if let searchString, !searchString.isEmpty {
                source = items.filter { matches($0, searchString) }
            } else {
                source = items
            }
            guard let range else { return source }
            let lower = min(max(range.lowerBound, 0), source.count)
            let upper = min(max(range.upperBound, lower), source.count)
            return Array(source[lower..<upper])
        }
    }
}
