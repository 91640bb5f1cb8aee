import HierarchySources

extension DocumentLoad: HierarchyResultStreaming {
    /// The search results of a document that may still be read, handed on as the read finds
    /// them: each time the read reports (every 100 ms while it goes on) the items read since the
    /// last look are searched (``DocumentLoad`` reads in document order, so results found keep
    /// their places), and the whole range once more when it ends. Ends when the range is full,
    /// when the read has ended, or when the document is read again as its structure (`.reset`: a
    /// list showing the results asks again).
    package func streamSearch(
        _ text: String, in range: Range<Int>?, limit: Int,
        into continuation: AsyncThrowingStream<[HierarchyListItem], Error>.Continuation
    ) async throws {
        let load = self
        // Subscribed before the first look, so that the end of the read is never missed.
        var changes = load.changes().makeAsyncIterator()
        let wanted = range ?? 0..<limit
        var handedOn: Set<String> = []
        // Matches among the items looked at so far, and the item the next look starts at.
        var matched = 0
        var cursor = 0
        var isFirst = true
        while load.isReading, handedOn.count < wanted.count {
            let (nodes, next) = try load.search(text, from: cursor, limit: wanted.upperBound - matched)
            cursor = next
            var fresh: [HierarchyNode] = []
            for node in nodes {
                if matched >= wanted.lowerBound, handedOn.insert(node.id).inserted { fresh.append(node) }
                matched += 1
            }
            try await HierarchyListQuery.streamItems(fresh, of: load, into: continuation)
            // An answer, even an empty one, so that a list waiting for the first batch does not
            // give up while the read goes on.
            if isFirst, handedOn.isEmpty { continuation.yield([]) }
            isFirst = false
            guard handedOn.count < wanted.count else { return }
            switch await changes.next() {
            case .reset?: return
            case nil: if load.isReading { return }
            default: break
            }
        }
        // Read: the whole range (a container whose text came after its children matches only
        // once it is read), less what was handed on.
        var lower = wanted.lowerBound
        while lower < wanted.upperBound, handedOn.count < wanted.count {
            let upper = min(lower + 500, wanted.upperBound)
            let nodes = try await load.search(text, in: lower..<upper)
            try await HierarchyListQuery.streamItems(
                nodes.filter { handedOn.insert($0.id).inserted }, of: load, into: continuation)
            if nodes.count < upper - lower { break }
            lower = upper
        }
    }
}
