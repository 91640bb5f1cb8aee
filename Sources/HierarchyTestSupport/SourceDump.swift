import HierarchySources

/// Reads a whole store through the public source API, depth first, as lines
/// `depth|id|title|subtitle|footnote|status|attributes|childCount`.
public func dump(_ source: any HierarchySource, pageSize: Int = 3) async throws -> [String] {
    guard let root = try await source.root() else { return [] }
    var lines: [String] = []
    func visit(_ node: HierarchyNode, depth: Int) async throws {
        let attributes = node.attributes.keys.sorted().map { "\($0)=\(node.attributes[$0] ?? "")" }
            .joined(separator: ";")
        lines.append(
            "\(depth)|\(node.id)|\(node.title)|\(node.subtitle ?? "-")|\(node.footnote ?? "-")|\(node.status ?? "-")|\(attributes)|\(node.childCount ?? -1)"
        )
        let count = try await source.childCount(ofID: node.id)
        var start = 0
        while start < count {
            let page = try await source.children(ofID: node.id, in: start..<min(count, start + pageSize))
            if page.isEmpty { break }
            for child in page { try await visit(child, depth: depth + 1) }
            start += page.count
        }
    }
    try await visit(root, depth: 0)
    return lines
}
