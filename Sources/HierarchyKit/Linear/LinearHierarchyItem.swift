/// One entry of a linear hierarchy: a node with a name, a kind and (for static nodes) its children.
///
/// Items are told apart by ``id``, never by ``name``: two siblings may carry the same name.
/// Identity is kept apart from equality: a changed name with the same `id` is the same item redrawn.
public struct LinearHierarchyItem: Identifiable, Hashable, Sendable {
    /// The identity of an item, unique within one ``LinearHierarchy``.
    public struct ID: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The raw integer value.
        public var rawValue: Int

        /// Creates an identifier from its raw value.
        ///
        /// - Parameter rawValue: Any integer; uniqueness is checked by ``LinearHierarchy``.
        public init(_ rawValue: Int) {
            self.rawValue = rawValue
        }

        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String { "#\(rawValue)" }
    }

    /// Where an item's children come from.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Children are part of the data (possibly none: a leaf).
        case `static`
        /// Children are asked from the host each time the item is expanded.
        case dynamic
    }

    /// The identity of the item.
    public var id: ID
    /// The text shown for the item. Not necessarily unique.
    public var name: String
    /// Whether the children are fixed or asked from the host.
    public var kind: Kind
    /// The fixed children, in order. Always empty for dynamic items.
    public var children: [LinearHierarchyItem]
    /// The item's own size, when it differs from the layout's default item size.
    public var size: LinearSize?
    /// An opaque value for the host (for example a key into its own model); not interpreted here.
    public var payload: String?

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - id: The identity, unique within the hierarchy the item is put into.
    ///   - name: The text shown for the item.
    ///   - kind: `.static` (the default) or `.dynamic`.
    ///   - children: The fixed children; must be empty for a dynamic item.
    ///   - size: The item's own size, if any.
    ///   - payload: An opaque value for the host.
    public init(
        id: ID,
        name: String,
        kind: Kind = .static,
        children: [LinearHierarchyItem] = [],
        size: LinearSize? = nil,
        payload: String? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.children = children
        self.size = size
        self.payload = payload
    }

    /// Whether tapping the item expands it: it is dynamic or has children.
    public var isExpandable: Bool { kind == .dynamic || !children.isEmpty }

    /// Whether the item is a leaf: static without children. Tapping a leaf selects it.
    public var isLeaf: Bool { !isExpandable }

    /// The number of items in this subtree, the item included.
    ///
    /// - Complexity: O(n) in the size of the subtree.
    public var subtreeCount: Int {
        var count = 0
        forEachInSubtree { _ in count += 1 }
        return count
    }

    /// Calls `body` for this item and every descendant, depth first, parents before children.
    ///
    /// - Parameter body: The visitor.
    /// - Complexity: O(n) in the size of the subtree; uses an explicit stack, so deep trees do not
    ///   exhaust the call stack.
    func forEachInSubtree(_ body: (LinearHierarchyItem) -> Void) {
        var stack: [LinearHierarchyItem] = [self]
        while let item = stack.popLast() {
            body(item)
            stack.append(contentsOf: item.children.reversed())
        }
    }
}
