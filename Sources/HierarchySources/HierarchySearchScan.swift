import Foundation

/// A breadth-first scan of a source for items whose text contains a query.
///
/// Used by sources without an index. Bounded: stops as soon as `range.upperBound`
/// matches are found.
public struct HierarchySearchScan<Source: HierarchySource>: Sendable {
    public var source: Source
    /// Children are read in pages of this size.
    public var pageSize: Int = 500

    public init(source: Source) { self.source = source }

    public func matches(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        let needle = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !needle.isEmpty, !range.isEmpty, let root = try await source.root() else { return [] }
        var found: [HierarchyNode] = []
        var queue: [HierarchyNode] = [root]
        var head = 0
        var seen: Set<String> = [root.id]
        while head < queue.count, found.count < range.upperBound {
            try Task.checkCancellation()
            let node = queue[head]
            head += 1
            if Self.matches(node, needle) { found.append(node) }
            let count = try await source.childCount(ofID: node.id)
            var start = 0
            while start < count {
                let page = try await source.children(ofID: node.id, in: start..<min(count, start + pageSize))
                if page.isEmpty { break }
                for child in page where seen.insert(child.id).inserted { queue.append(child) }
                start += page.count
            }
        }
        guard range.lowerBound < found.count else { return [] }
        return Array(found[range.lowerBound..<min(found.count, range.upperBound)])
    }

    static func matches(_ node: HierarchyNode, _ needle: String) -> Bool {
        for text in [node.title, node.subtitle, node.footnote] {
            if let text, text.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil {
                return true
            }
        }
        return false
    }
}
