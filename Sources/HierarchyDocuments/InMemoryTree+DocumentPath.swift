import HierarchySources

extension InMemoryTree {
    /// The path of a node of a structure read: its ancestors' keys and indexes from the root.
    ///
    /// - Returns: `nil` when the node or an ancestor is no value of a structure read.
    /// - Complexity: O(d) for a node at depth d.
    func documentPath(of index: Int32) -> DocumentPath? {
        var components: [DocumentPath.Component] = []
        var current = index
        while let parent = parent(of: current) {
            guard valueKind(of: current) != nil, let kind = valueKind(of: parent) else { return nil }
            let title = withTitle(of: current) { String(decoding: $0, as: UTF8.self) }
            if kind == .array {
                // An element's title is its index, `[n]`.
                guard let number = Int(title.dropFirst().dropLast()) else { return nil }
                components.append(.index(number))
            } else {
                components.append(.key(title))
            }
            current = parent
        }
        guard valueKind(of: current) != nil else { return nil }
        return DocumentPath(components.reversed())
    }

    /// The value of a node of a finished structure read as compact JSON, walked without
    /// recursion.
    ///
    /// - Parameters:
    ///   - index: The node.
    ///   - limit: The most UTF-8 bytes to make.
    /// - Returns: The JSON, `nil` when the node is no value of a structure read.
    /// - Throws: ``DocumentJSONTooLarge`` past `limit`.
    /// - Complexity: O(the subtree's nodes and text).
    func documentJSON(of index: Int32, limit: Int) throws(DocumentJSONTooLarge) -> String? {
        guard isFinished, valueKind(of: index) != nil else { return nil }
        var out = ""
        // Each open container: its node, the next child position, its child count.
        var stack: [(node: Int32, next: Int, count: Int)] = []
        var pending: Int32? = index
        while true {
            if let node = pending {
                pending = nil
                if let parent = stack.last, let kind = valueKind(of: parent.node) {
                    if parent.next > 1 { out += "," }
                    if kind == .object {
                        out += DocumentJSON.quoted(withTitle(of: node) { String(decoding: $0, as: UTF8.self) }) + ":"
                    }
                }
                switch valueKind(of: node) {
                case .object, .array:
                    let isObject = valueKind(of: node) == .object
                    out += isObject ? "{" : "["
                    stack.append((node, 0, childCount(of: node)))
                case let kind?:
                    out += DocumentJSON.scalar(subtitle(of: node) ?? "", kind: kind)
                case nil:
                    return nil
                }
                guard out.utf8.count <= limit else { throw DocumentJSONTooLarge(limit: limit) }
            }
            guard var top = stack.popLast() else { break }
            if top.next < top.count {
                pending = children(of: top.node, in: top.next..<(top.next + 1)).first
                top.next += 1
                stack.append(top)
            } else {
                out += valueKind(of: top.node) == .object ? "}" : "]"
            }
        }
        return out
    }
}

/// A value whose JSON is longer than asked for.
public struct DocumentJSONTooLarge: Error, Equatable, Sendable {
    /// The limit, in UTF-8 bytes.
    public var limit: Int
}
