import Foundation
import GRDB
import HierarchySources

extension SQLiteImporter {
    /// Copies any hierarchy into a store, walking it depth first page by page.
    ///
    /// Starts at `root()`, keeps the order of children, and writes in batches
    /// (each in its own transaction on the temporary file; the file is renamed
    /// into place only at the end, so the import is still all or nothing).
    /// Memory holds one page per level of the walk.
    ///
    /// - Parameters:
    ///   - source: The hierarchy to copy.
    ///   - pageSize: Children read per request.
    /// - Returns: What was imported.
    /// - Throws: The source's errors; `SQLiteImportError` for duplicate identifiers.
    @discardableResult
    public func importSource(_ source: any HierarchySource, pageSize: Int = 1000) async throws -> Summary {
        let plan = Plan(staging: false, resolveParents: false, rootTitle: source.displayName, recountChildren: true)
        let pageSize = max(1, pageSize)
        return try await build(plan: plan, inputPath: source.displayName) { queue in
            guard let root = try await source.root() else { return Inserted(count: 0, nextKey: 0, wrapperCount: nil) }
            struct Level {
                var id: String
                var key: Int64
                var count: Int
                var next: Int
            }
            var batch: [ImportRow] = []
            var count: Int64 = 0
            func flush() async throws {
                let rows = batch
                batch.removeAll(keepingCapacity: true)
                let written = count
                _ = try await bulkWrite(queue, staging: false) { inserter, reporter in
                    for row in rows { try inserter.insert(row) }
                    reporter.report(.reading, items: written)
                    return Inserted(count: Int64(rows.count), nextKey: 0, wrapperCount: nil)
                }
            }
            func add(_ node: HierarchyNode, key: Int64, parent: Int64?, sortKey: Int64) async throws -> Int {
                let children = try await source.childCount(ofID: node.id)
                batch.append(Self.row(node, key: key, parent: parent, sortKey: sortKey, childCount: 0))
                count += 1
                if batch.count >= 10_000 { try await flush() }
                return children
            }
            var nextKey: Int64 = 0
            var stack = [
                Level(id: root.id, key: 0, count: try await add(root, key: 0, parent: nil, sortKey: 0), next: 0)
            ]
            nextKey = 1
            while let top = stack.last {
                try Task.checkCancellation()
                guard top.next < top.count else {
                    stack.removeLast()
                    continue
                }
                let page = try await source.children(
                    ofID: top.id, in: top.next..<min(top.count, top.next + pageSize))
                guard !page.isEmpty else {
                    stack.removeLast()
                    continue
                }
                // Children of this page are written now; their subtrees are walked
                // before the next page, one page per level at a time.
                stack[stack.count - 1].next += page.count
                var pending: [Level] = []
                for (offset, child) in page.enumerated() {
                    let key = nextKey
                    nextKey += 1
                    let children = try await add(
                        child, key: key, parent: top.key, sortKey: Int64(top.next + offset))
                    if children > 0 { pending.append(Level(id: child.id, key: key, count: children, next: 0)) }
                }
                guard stack.count < SQLiteSource.maximumDepth else {
                    throw HierarchySourceError(
                        .cycle, "the hierarchy is deeper than \(SQLiteSource.maximumDepth) levels")
                }
                stack.append(contentsOf: pending.reversed())
            }
            try await flush()
            return Inserted(count: count, nextKey: nextKey, wrapperCount: nil)
        }
    }

    static func row(_ node: HierarchyNode, key: Int64, parent: Int64?, sortKey: Int64, childCount: Int) -> ImportRow {
        ImportRow(
            key: key, parent: parent, sortKey: sortKey, id: node.id, title: node.title, subtitle: node.subtitle,
            footnote: node.footnote, status: node.status, childCount: Int64(childCount),
            attributes: AttributesJSON.encode(node.attributes))
    }
}
