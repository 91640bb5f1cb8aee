extension InMemorySource {
    /// One item of an in-memory hierarchy: a node and its children.
    public struct Item: Sendable {
        /// The item itself. `childCount` and `isContainer` are derived from `children`
        /// (and `isDynamic`) when the source is built.
        public var node: HierarchyNode
        /// The children, in display order.
        public var children: [Item]
        /// Whether the host supplies the children at run time (CBLinearHierarchy `type: dynamic`).
        public var isDynamic: Bool

        /// Creates an item.
        ///
        /// - Parameters:
        ///   - node: The node.
        ///   - children: Its children, in display order.
        ///   - isDynamic: Whether the children come from the source's `dynamicChildren` closure.
        public init(_ node: HierarchyNode, children: [Item] = [], isDynamic: Bool = false) {
            self.node = node
            self.children = children
            self.isDynamic = isDynamic
        }

        /// Creates an item from an identifier and a title.
        public init(id: String, title: String, children: [Item] = [], isDynamic: Bool = false) {
            self.init(HierarchyNode(id: id, title: title), children: children, isDynamic: isDynamic)
        }
    }
}
