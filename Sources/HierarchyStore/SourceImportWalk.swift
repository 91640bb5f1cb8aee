import HierarchySources

/// How both stores import another source: every item read a page of children at a time, depth
/// first, one page per level at a time, and handed on as a record in key order (the root is key
/// 0, each item's key one more than the one before). Each store writes the records its own way
/// (SQLite with bulk inserts, PostgreSQL with `COPY`).
package enum SourceImportWalk {
    /// Reads every item of `source`.
    ///
    /// - Parameters:
    ///   - pageSize: The children read per request.
    ///   - maximumDepth: The deepest nesting walked before the walk fails (a source whose items
    ///     are their own ancestors never ends).
    ///   - emit: Takes each item's record, in key order.
    /// - Returns: The number of items; `nil` for a source without a root.
    /// - Throws: The source's and `emit`'s errors; `HierarchySourceError.Code.cycle` past
    ///   `maximumDepth`.
    /// - Complexity: O(items) source calls, children in pages of `pageSize`; memory
    ///   O(depth · pageSize).
    package static func walk(
        _ source: any HierarchySource, pageSize: Int, maximumDepth: Int,
        emit: (ItemRecord) async throws -> Void
    ) async throws -> Int64? {
        guard let root = try await source.root() else { return nil }
        struct Level {
            var id: String
            var key: Int64
            var count: Int
            var next: Int
        }
        let pageSize = max(1, pageSize)
        var nextKey: Int64 = 0
        /// Hands on the item's record and returns its number of children.
        func add(_ node: HierarchyNode, parent: Int64?, position: Int, isRoot: Bool = false) async throws -> Int {
            let children =
                isRoot || node.isContainer || (node.childCount ?? 0) > 0
                ? try await source.childCount(ofID: node.id) : 0
            try await emit(record(node, key: nextKey, parent: parent, position: Int64(position), childCount: children))
            nextKey += 1
            return children
        }
        var stack = [
            Level(id: root.id, key: 0, count: try await add(root, parent: nil, position: 0, isRoot: true), next: 0)
        ]
        while let top = stack.last {
            try Task.checkCancellation()
            guard top.next < top.count else {
                stack.removeLast()
                continue
            }
            let page = try await source.children(ofID: top.id, in: top.next..<min(top.count, top.next + pageSize))
            guard !page.isEmpty else {
                stack.removeLast()
                continue
            }
            // Children of this page are handed on now; their subtrees are walked before the
            // next page.
            stack[stack.count - 1].next += page.count
            var pending: [Level] = []
            for (offset, child) in page.enumerated() {
                let key = nextKey
                let children = try await add(child, parent: top.key, position: top.next + offset)
                if children > 0 { pending.append(Level(id: child.id, key: key, count: children, next: 0)) }
            }
            guard stack.count < maximumDepth else {
                throw HierarchySourceError(.cycle, "the hierarchy is deeper than \(maximumDepth) levels")
            }
            stack.append(contentsOf: pending.reversed())
        }
        return nextKey
    }

    /// A node as a record, its attributes in name order.
    package static func record(_ node: HierarchyNode, key: Int64, parent: Int64?, position: Int64, childCount: Int)
        -> ItemRecord
    {
        ItemRecord(
            key: key, parent: parent, position: position, id: node.id, title: node.title, subtitle: node.subtitle,
            footnote: node.footnote, status: node.status,
            attributes: node.attributes.sorted { $0.key < $1.key }.map { ItemRecord.Attribute($0.key, $0.value) },
            childCount: Int64(childCount))
    }
}
