/// Answers the pages of a flat list of a hierarchy: every item in breadth-first order, or the
/// items matching a search, each with the titles of its ancestors.
///
/// The breadth-first walk is kept between calls, so the next page continues where the last one
/// stopped, and reads children a page at a time: the first page of a hierarchy whose root has ten
/// million children costs one page of them. Searches go to ``HierarchySource/search(_:in:)`` (FTS
/// in SQLite, a breadth-first scan elsewhere) and then ask each result's path.
public actor HierarchyListQuery {
    /// The hierarchy.
    public let source: any HierarchySource
    /// Children are read in pages of this many items during the walk.
    public let pageSize: Int

    private struct Pending {
        var node: HierarchyNode
        var ancestors: [String]
        var nextChild = 0
        var count: Int?
    }

    private var walked: [HierarchyListItem] = []
    private var queue: [Pending] = []
    private var head = 0
    private var started = false
    private var finished = false
    private var tail: Task<Void, Error>?

    /// Creates a query.
    ///
    /// - Parameters:
    ///   - source: The hierarchy.
    ///   - pageSize: Children are read in pages of this many items.
    public init(source: any HierarchySource, pageSize: Int = 500) {
        self.source = source
        self.pageSize = max(1, pageSize)
    }

    /// The number of items the walk has found so far.
    public var walkedCount: Int { walked.count }

    /// Items in breadth-first order (the top item first), limited to a range.
    ///
    /// - Parameter range: The positions wanted; a range past the end gives a shorter page.
    /// - Returns: The items in the range.
    /// - Throws: Any error of the source.
    /// - Complexity: reads only the children needed to reach `range.upperBound` items, once.
    public func items(in range: Range<Int>) async throws -> [HierarchyListItem] {
        let upper = range.upperBound
        if walked.count < upper, !isWalkFinished {
            // One extension at a time: calls that overlap wait for the earlier one.
            let previous = tail
            let task = Task {
                _ = await previous?.result
                try await self.extend(to: upper)
            }
            tail = task
            try await task.value
        }
        let lower = min(max(0, range.lowerBound), walked.count)
        return Array(walked[lower..<min(max(lower, upper), walked.count)])
    }

    /// Items matching a search text, with their ancestors.
    ///
    /// - Parameters:
    ///   - text: The search text.
    ///   - range: The positions of the results wanted.
    /// - Returns: The matching items in the range, in the source's search order.
    /// - Throws: Any error of the source.
    /// - Complexity: one search call plus one path query per result.
    public func search(_ text: String, in range: Range<Int>) async throws -> [HierarchyListItem] {
        let nodes = try await source.search(text, in: range)
        var items: [HierarchyListItem] = []
        items.reserveCapacity(nodes.count)
        for node in nodes {
            try Task.checkCancellation()
            let path = try await source.path(toID: node.id)
            let ancestors = path.last?.id == node.id ? path.dropLast().map(\.title) : path.map(\.title)
            items.append(HierarchyListItem(node: node, ancestors: ancestors))
        }
        return items
    }

    /// The most results a search without a range (``searchBatches(_:in:)``) reads.
    public static let exhaustiveLimit = 100_000

    /// The items of a list page in batches: the search results of `text` as they are found
    /// (``searchBatches(_:in:)``), or, with no search text, the page of the breadth-first walk
    /// (``items(in:)``) in one batch.
    ///
    /// - Parameters:
    ///   - text: The search text, or `nil` (or empty) for the whole list.
    ///   - range: The positions wanted, or `nil` for all (at most ``exhaustiveLimit``).
    /// - Returns: The batches, in display order.
    public nonisolated func batches(_ text: String?, in range: Range<Int>?)
        -> AsyncThrowingStream<[HierarchyListItem], Error>
    {
        if let text, !text.isEmpty { return searchBatches(text, in: range) }
        let (stream, continuation) = AsyncThrowingStream<[HierarchyListItem], Error>.makeStream()
        let task = Task {
            do {
                continuation.yield(try await self.items(in: range ?? 0..<Self.exhaustiveLimit))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Items matching a search text, with their ancestors, in batches as they are found.
    ///
    /// In a directory tree the walk streams: a page (`range`) comes folder by folder in the
    /// order of ``search(_:in:)``; all results (`nil`) come from a walk on a few threads, in
    /// the order they are found. Elsewhere each page of ``HierarchySource/search(_:in:)`` is
    /// handed on a few items at a time as their paths are read. Ending the iteration (or
    /// cancelling the task that iterates) stops the search.
    ///
    /// - Parameters:
    ///   - text: The search text.
    ///   - range: The positions of the results wanted, or `nil` for all of them (at most
    ///     ``exhaustiveLimit``).
    /// - Returns: The batches, in display order.
    /// - Complexity: a page: as ``search(_:in:)``; all results: the whole walk, or one search
    ///   call per 500 results, plus one path query per result outside directory trees.
    public nonisolated func searchBatches(_ text: String, in range: Range<Int>?)
        -> AsyncThrowingStream<[HierarchyListItem], Error>
    {
        let source = self.source
        let (stream, continuation) = AsyncThrowingStream<[HierarchyListItem], Error>.makeStream()
        let task = Task {
            do {
                if let streaming = source as? any HierarchyResultStreaming {
                    try await streaming.streamSearch(text, in: range, limit: Self.exhaustiveLimit, into: continuation)
                } else if let range {
                    let nodes = try await source.search(text, in: range)
                    try await Self.streamItems(nodes, of: source, into: continuation)
                } else {
                    var lower = 0
                    while lower < Self.exhaustiveLimit {
                        let upper = min(lower + 500, Self.exhaustiveLimit)
                        let nodes = try await source.search(text, in: lower..<upper)
                        try await Self.streamItems(nodes, of: source, into: continuation)
                        if nodes.count < upper - lower { break }
                        lower = upper
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Hands on search results a few at a time, each with its ancestors (one path query each).
    package static func streamItems(
        _ nodes: [HierarchyNode], of source: any HierarchySource,
        into continuation: AsyncThrowingStream<[HierarchyListItem], Error>.Continuation
    ) async throws {
        var batch: [HierarchyListItem] = []
        for node in nodes {
            try Task.checkCancellation()
            let path = try await source.path(toID: node.id)
            let ancestors = path.last?.id == node.id ? path.dropLast().map(\.title) : path.map(\.title)
            batch.append(HierarchyListItem(node: node, ancestors: ancestors))
            if batch.count >= 10 {
                continuation.yield(batch)
                batch = []
            }
        }
        if !batch.isEmpty { continuation.yield(batch) }
    }

    private var isWalkFinished: Bool { finished }

    private func extend(to upper: Int) async throws {
        if !started {
            started = true
            if let root = try await source.root() {
                walked.append(HierarchyListItem(node: root, ancestors: []))
                queue.append(Pending(node: root, ancestors: []))
            }
        }
        while walked.count < upper, head < queue.count {
            try Task.checkCancellation()
            var pending = queue[head]
            let count: Int
            if let known = pending.count {
                count = known
            } else if !pending.node.isContainer, (pending.node.childCount ?? 0) == 0 {
                count = 0
            } else {
                count = try await source.childCount(ofID: pending.node.id)
            }
            pending.count = count
            guard pending.nextChild < count else {
                queue[head] = pending
                head += 1
                continue
            }
            let range = pending.nextChild..<min(count, pending.nextChild + pageSize)
            let children = try await source.children(ofID: pending.node.id, in: range)
            let ancestors = pending.ancestors + [pending.node.title]
            for child in children {
                walked.append(HierarchyListItem(node: child, ancestors: ancestors))
                queue.append(Pending(node: child, ancestors: ancestors))
            }
            pending.nextChild = children.isEmpty ? count : range.lowerBound + children.count
            queue[head] = pending
        }
        if head >= queue.count { finished = true }
        // Release the parents already walked.
        if head > 4096, head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
    }
}

/// A source that streams its own search results with their ancestors (a folder walked on a few
/// threads, a document followed while it is read) instead of the list query's pages of
/// ``HierarchySource/search(_:in:)``.
package protocol HierarchyResultStreaming: HierarchySource {
    /// Hands on the results for `text` in display order, a batch at a time.
    ///
    /// - Parameters:
    ///   - text: The search text.
    ///   - range: The positions of the results wanted, or `nil` for all of them, at most `limit`.
    ///   - limit: The most results handed on when `range` is `nil`.
    ///   - continuation: Where the batches go; the caller finishes it.
    func streamSearch(
        _ text: String, in range: Range<Int>?, limit: Int,
        into continuation: AsyncThrowingStream<[HierarchyListItem], Error>.Continuation
    ) async throws
}
