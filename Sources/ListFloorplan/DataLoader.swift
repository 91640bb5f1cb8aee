/// Loads the entities of one list section, a page at a time.
///
/// A `ListViewModel` holds one loader per section and asks it for a range of items, with the search
/// text while a search is active. A loader that returns fewer items than the range asks for tells the
/// view model that the section has no more items. A `nil` range asks for every item (paging is off).
///
/// Loaders run off the main actor and may be called again before an earlier call returned; the view
/// model drops answers to requests that a newer request has replaced.
public struct DataLoader<Entity>: Sendable {
    private let body: @Sendable (Range<Int>?, String?) async throws -> [Entity]
    private let stream: (@Sendable (Range<Int>?, String?) -> AsyncThrowingStream<[Entity], Error>)?

    /// Creates a loader from a query function.
    ///
    /// - Parameter query: Returns the items in the range (all items for `nil`) that match the search
    ///   string (all items for `nil`). Throws to report a failed load; the list shows the error and
    ///   stays usable.
    public init(_ query: @escaping @Sendable (_ range: Range<Int>?, _ searchString: String?) async throws -> [Entity]) {
        self.body = query
        self.stream = nil
    }

    /// Creates a loader that answers in batches while it searches.
    ///
    /// The view model shows each batch as it comes (several batches that arrive while the main
    /// actor is busy are shown together) and treats the end of the stream as the answer: fewer
    /// items than the range asks for means the end was reached. Cancelling the request ends the
    /// iteration, so the stream's `onTermination` should stop the work.
    ///
    /// - Parameter batches: Returns the items in the range (all items for `nil`) that match the
    ///   search string (all items for `nil`), in batches, in display order; throws to report a
    ///   failed load.
    public init(
        streaming batches:
            @escaping @Sendable (_ range: Range<Int>?, _ searchString: String?)
            -> AsyncThrowingStream<[Entity], Error>
    ) {
        self.stream = batches
        self.body = { range, searchString in
            var all: [Entity] = []
            for try await batch in batches(range, searchString) { all += batch }
            return all
        }
    }

    /// Whether the loader answers in batches (``init(streaming:)``).
    public var isStreaming: Bool { stream != nil }

    /// Queries the items in a range, in batches as they are found.
    ///
    /// A loader made with ``init(_:)`` answers in one batch.
    ///
    /// - Parameters:
    ///   - range: The positions of the requested items, or `nil` for all items.
    ///   - searchString: The search text, or `nil` for the unfiltered list.
    /// - Returns: The batches; ending the iteration stops the query.
    public func batches(forItemsIn range: Range<Int>? = nil, with searchString: String? = nil)
        -> AsyncThrowingStream<[Entity], Error>
    {
        if let stream { return stream(range, searchString) }
        let body = self.body
        let (batches, continuation) = AsyncThrowingStream<[Entity], Error>.makeStream()
        let task = Task {
            do {
                continuation.yield(try await body(range, searchString))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return batches
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
        let all = ListHandOver(items)
        return DataLoader { range, searchString in
            let source: [Entity]
            if let searchString, !searchString.isEmpty {
                source = all.value.filter { matches($0, searchString) }
            } else {
                source = all.value
            }
            guard let range else { return source }
            let lower = min(max(range.lowerBound, 0), source.count)
            let upper = min(max(range.upperBound, lower), source.count)
            return Array(source[lower..<upper])
        }
    }
}
