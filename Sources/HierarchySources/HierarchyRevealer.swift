/// Finds what a view needs to reveal an item deep in a hierarchy: its path to the root and, per
/// level, the child count and the one page of children that holds the path's next item.
///
/// The position of a child is asked with ``HierarchySource/index(ofChildID:inParentID:)`` (one
/// query in SQLite, a name lookup in a directory); only a source without that answer has its
/// children read page by page, and only up to ``scanLimit`` of them. So revealing the last of a
/// million children costs a few queries, never a listing of the million.
public struct HierarchyRevealer: Sendable {
    /// The hierarchy.
    public let source: any HierarchySource
    /// The size of the pages read around each item on the path (the data source's page size).
    public var pageSize: Int
    /// At most this many children are read to find a child when the source cannot tell its position.
    public var scanLimit: Int
    /// Children are read in pages of this many when looking for a child without an index.
    public var scanPageSize = 1000

    /// Creates a revealer.
    ///
    /// - Parameters:
    ///   - source: The hierarchy.
    ///   - pageSize: The size of the pages read around each item on the path.
    ///   - scanLimit: The most children read to find a child without an index.
    public init(source: any HierarchySource, pageSize: Int = 200, scanLimit: Int = 100_000) {
        self.source = source
        self.pageSize = max(1, pageSize)
        self.scanLimit = max(0, scanLimit)
    }

    /// Plans the reveal of an item.
    ///
    /// - Parameters:
    ///   - id: The item to reveal.
    ///   - anchorID: The item the view shows at its top (its first column), if any. When it is on the
    ///     item's path the plan starts there; otherwise it starts at the top of the hierarchy.
    /// - Returns: The path and the levels below the anchor.
    /// - Throws: ``HierarchySourceError`` `.notFound` for an unknown item or a child its parent does
    ///   not list; any error of the source.
    /// - Complexity: per level, one count, one position query (or a scan of at most ``scanLimit``
    ///   children) and one page of ``pageSize`` children.
    public func plan(for id: String, from anchorID: String? = nil) async throws -> HierarchyRevealPlan {
        let path = try await source.path(toID: id)
        guard !path.isEmpty else {
            throw HierarchySourceError(.notFound, "no item \(id) in \(source.displayName)")
        }
        let anchorIndex = anchorID.flatMap { anchor in path.firstIndex { $0.id == anchor } } ?? 0
        var levels: [HierarchyRevealPlan.Level] = []
        for i in anchorIndex..<(path.count - 1) {
            try Task.checkCancellation()
            let parent = path[i]
            let child = path[i + 1]
            let count = try await source.childCount(ofID: parent.id)
            guard let index = try await position(of: child.id, in: parent.id, count: count), index < count else {
                throw HierarchySourceError(.notFound, "\(child.title) is not among the children of \(parent.title)")
            }
            let start = index / pageSize * pageSize
            let page = try await source.children(ofID: parent.id, in: start..<min(count, start + pageSize))
            levels.append(.init(parent: parent, childCount: count, childIndex: index, pageStart: start, page: page))
        }
        return HierarchyRevealPlan(path: path, anchorIndex: anchorIndex, levels: levels)
    }

    /// The position of a child: asked of the source, or found by reading at most ``scanLimit`` children.
    private func position(of child: String, in parent: String, count: Int) async throws -> Int? {
        if let index = try await source.index(ofChildID: child, inParentID: parent) { return index }
        var start = 0
        let end = min(count, scanLimit)
        while start < end {
            try Task.checkCancellation()
            let page = try await source.children(ofID: parent, in: start..<min(end, start + scanPageSize))
            if let found = page.firstIndex(where: { $0.id == child }) { return start + found }
            if page.isEmpty { break }
            start += page.count
        }
        return nil
    }
}
