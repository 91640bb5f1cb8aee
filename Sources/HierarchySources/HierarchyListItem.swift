/// One row of a flat list of a hierarchy's items: the item and the titles of its ancestors.
///
/// Identity is the item's: two list items with the same ``id`` are the same row, even when the
/// item's payload changed.
public struct HierarchyListItem: Sendable, Hashable, Identifiable {
    /// The item.
    public var node: HierarchyNode
    /// The titles of its ancestors, from the top of the hierarchy to its parent.
    public var ancestors: [String]

    /// Creates a list item.
    ///
    /// - Parameters:
    ///   - node: The item.
    ///   - ancestors: The titles of its ancestors, top first.
    public init(node: HierarchyNode, ancestors: [String]) {
        self.node = node
        self.ancestors = ancestors
    }

    /// The item's identifier.
    public var id: String { node.id }

    /// The ancestors joined with " › " ("Plant › Area › Unit"); empty for a top-level item.
    public var ancestorPath: String { ancestors.joined(separator: " › ") }
}
