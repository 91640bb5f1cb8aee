import HierarchySources

extension FileSystemSource: HierarchyResultStreaming {
    /// Streams the walk of a directory tree; ancestors come from the identifiers (relative
    /// paths), so no result is stat'ed for its path.
    package func streamSearch(
        _ text: String, in range: Range<Int>?, limit: Int,
        into continuation: AsyncThrowingStream<[HierarchyListItem], Error>.Continuation
    ) async throws {
        let files = self
        let rootTitle = try await files.root()?.title ?? FileSystemSource.rootTitle(files.rootPath)
        let batches = range.map { files.searchBatches(text, in: $0) } ?? files.searchBatches(text)
        var count = 0
        for try await batch in batches {
            let kept = batch.prefix(limit - count)
            count += kept.count
            continuation.yield(
                kept.map { node in
                    let folders = node.id.split(separator: "/").dropLast().map(String.init)
                    return HierarchyListItem(node: node, ancestors: [rootTitle] + folders)
                })
            if count >= limit { break }
        }
    }
}
