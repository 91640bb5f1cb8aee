import Foundation
import Synchronization

/// A hierarchy held in memory: built once, then read without I/O.
///
/// The storage is the compact ``InMemoryTree`` (20 bytes per item plus its
/// text); a lookup by identifier is one hash lookup (or none, for the generated
/// `#n` identifiers of documents), a page of children a slice. Build one
/// from ``Item`` values, from in-code arrays and dictionaries (the
/// CBLinearHierarchy `hierarchyItems` shape), or from a document with
/// ``DocumentSource``.
///
/// Dynamic items (CBLinearHierarchy `type: dynamic`) are containers without
/// static children. Their children come from the `dynamicChildren` closure
/// given at initialization, the first time they are asked for; the answer is
/// cached, and from then on the produced nodes are found by ``node(withID:)``,
/// ``parent(ofID:)`` and ``path(toID:)`` like static ones. A produced node that
/// is a container is itself dynamic.
///
/// Identifier conventions: when several top-level items are given, a synthetic
/// root titled with the display name is added; its identifier is
/// ``syntheticRootID`` (`"."`) unless an item already uses it, then `"./"`,
/// `".//"`, and so on.
public final class InMemorySource: HierarchySource {
    /// Supplies the children of a dynamic item at run time.
    public typealias DynamicChildren = @Sendable (HierarchyNode) async throws -> [HierarchyNode]

    /// The preferred identifier of a synthetic root.
    public static let syntheticRootID = "."

    public let displayName: String
    package let tree: InMemoryTree
    package let dynamicChildren: DynamicChildren?
    package let dynamic = Mutex(DynamicState())

    /// Creates a source from its built storage.
    package init(tree: InMemoryTree, displayName: String, dynamicChildren: DynamicChildren?) {
        self.tree = tree
        self.displayName = displayName
        self.dynamicChildren = dynamicChildren
    }

    /// Creates a source with one root item.
    ///
    /// - Parameters:
    ///   - root: The root and its descendants, or `nil` for an empty hierarchy.
    ///   - displayName: A short human name for the source.
    ///   - dynamicChildren: Supplies the children of dynamic items; without it they have none.
    /// - Throws: ``HierarchySourceError/Code/duplicateID`` when two items share an identifier.
    /// - Complexity: O(n) for n items.
    public convenience init(
        root: Item?, displayName: String = "Hierarchy", dynamicChildren: DynamicChildren? = nil
    ) throws {
        var tree = InMemoryTree()
        if let root { try Self.add(root, parentID: nil, to: &tree) }
        try tree.finish()
        self.init(tree: tree, displayName: displayName, dynamicChildren: dynamicChildren)
    }

    /// Creates a source from top-level items.
    ///
    /// One item becomes the root; several get a synthetic root titled `displayName`;
    /// none make an empty hierarchy.
    ///
    /// - Parameters:
    ///   - items: The top-level items and their descendants.
    ///   - displayName: A short human name for the source, also the synthetic root's title.
    ///   - dynamicChildren: Supplies the children of dynamic items.
    /// - Throws: ``HierarchySourceError/Code/duplicateID`` when two items share an identifier.
    /// - Complexity: O(n) for n items.
    public convenience init(
        items: [Item], displayName: String = "Hierarchy", dynamicChildren: DynamicChildren? = nil
    ) throws {
        if items.count <= 1 {
            try self.init(root: items.first, displayName: displayName, dynamicChildren: dynamicChildren)
            return
        }
        var taken: Set<String> = []
        var stack = items
        while let item = stack.popLast() {
            taken.insert(item.node.id)
            stack.append(contentsOf: item.children)
        }
        let rootID = Self.freeSyntheticID(avoiding: taken)
        var tree = InMemoryTree()
        try tree.add(HierarchyNode(id: rootID, title: displayName), parentID: nil, isDynamic: false)
        for item in items { try Self.add(item, parentID: rootID, to: &tree) }
        try tree.finish()
        self.init(tree: tree, displayName: displayName, dynamicChildren: dynamicChildren)
    }

    /// The first of `"."`, `"./"`, `".//"`... that is not in `taken`.
    package static func freeSyntheticID(avoiding taken: Set<String>) -> String {
        var id = syntheticRootID
        while taken.contains(id) { id += "/" }
        return id
    }

    /// Adds an item and its descendants without recursion (deep trees are safe).
    private static func add(_ item: Item, parentID: String?, to tree: inout InMemoryTree) throws {
        var stack: [(item: Item, parentID: String?)] = [(item, parentID)]
        while let (current, parent) = stack.popLast() {
            try tree.add(current.node, parentID: parent, isDynamic: current.isDynamic)
            for child in current.children.reversed() { stack.append((child, current.node.id)) }
        }
    }

    // MARK: - Synchronous lookups

    /// The number of static items (dynamic children not included).
    public var staticCount: Int { tree.count }

    /// Whether the source knows the item, statically or among dynamic children already supplied.
    public func contains(id: String) -> Bool {
        if tree.index(ofID: id) != nil { return true }
        return dynamic.withLock { $0.nodes[id] != nil }
    }

    /// The node with this identifier, with the count of supplied dynamic children filled in.
    package func lookup(_ id: String) -> HierarchyNode? {
        if let index = tree.index(ofID: id) {
            var node = tree.node(at: index)
            if tree.isDynamic(index), let ids = dynamic.withLock({ $0.childIDs[id] }) {
                node.childCount = ids.count
            }
            return node
        }
        return dynamic.withLock { state in
            guard var node = state.nodes[id] else { return nil }
            if let ids = state.childIDs[id] { node.childCount = ids.count }
            return node
        }
    }

    package func parentID(of id: String) -> String? {
        if let index = tree.index(ofID: id) { return tree.parent(of: index).map(tree.id(of:)) }
        return dynamic.withLock { $0.parentIDs[id] }
    }

    package func isDynamic(_ id: String) -> Bool {
        if let index = tree.index(ofID: id) { return tree.isDynamic(index) }
        return dynamic.withLock { $0.dynamicIDs.contains(id) }
    }

    // MARK: - HierarchySource

    public func root() async throws -> HierarchyNode? {
        tree.rootIndex.map(tree.node(at:))
    }

    public func node(withID id: String) async throws -> HierarchyNode? {
        lookup(id)
    }

    public func parent(ofID id: String) async throws -> HierarchyNode? {
        parentID(of: id).flatMap(lookup)
    }

    /// - Throws: ``HierarchySourceError/Code/notFound`` for an unknown identifier;
    ///   any error of the `dynamicChildren` closure.
    /// - Complexity: O(1), or one call of `dynamicChildren` for a dynamic item not yet loaded.
    public func childCount(ofID id: String) async throws -> Int {
        if let index = tree.index(ofID: id), !tree.isDynamic(index) { return tree.childCount(of: index) }
        return try await childIDs(of: id).count
    }

    /// - Throws: ``HierarchySourceError/Code/notFound`` for an unknown identifier;
    ///   any error of the `dynamicChildren` closure.
    /// - Complexity: O(k) for k children returned.
    public func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        if let index = tree.index(ofID: id), !tree.isDynamic(index) {
            return tree.children(of: index, in: range).map(tree.node(at:))
        }
        let ids = try await childIDs(of: id)
        let lower = min(max(range.lowerBound, 0), ids.count)
        let upper = min(max(range.upperBound, lower), ids.count)
        return ids[lower..<upper].compactMap(lookup)
    }

    /// - Complexity: O(d) for an item at depth d.
    public func path(toID id: String) async throws -> [HierarchyNode] {
        guard let start = lookup(id) else { return [] }
        var path = [start]
        var current = id
        // Acyclic by construction: every item is added under an item that already exists.
        while let parent = parentID(of: current), let node = lookup(parent) {
            path.append(node)
            current = parent
        }
        return path.reversed()
    }

    /// - Complexity: O(log k) for k siblings.
    public func index(ofChildID childID: String, inParentID parentID: String) async throws -> Int? {
        if let child = tree.index(ofID: childID) {
            guard let parent = tree.parent(of: child), tree.id(of: parent) == parentID else { return nil }
            return tree.position(of: child)
        }
        return dynamic.withLock { state in
            state.parentIDs[childID] == parentID ? state.positions[childID] : nil
        }
    }

    /// Scans breadth first, like ``HierarchySearchScan``, over the static items and the
    /// dynamic children supplied so far; it never asks the host for dynamic children.
    ///
    /// - Complexity: O(n) for n items in the worst case.
    public func search(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        let needle = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !needle.isEmpty, !range.isEmpty, let rootIndex = tree.rootIndex else { return [] }
        let rootID = tree.id(of: rootIndex)
        let supplied = dynamic.withLock { $0.childIDs }
        var found: [HierarchyNode] = []
        var queue = [rootID]
        var head = 0
        while head < queue.count, found.count < range.upperBound {
            if head % 4096 == 0 { try Task.checkCancellation() }
            let id = queue[head]
            head += 1
            if let node = lookup(id), HierarchySearchScan<InMemorySource>.matches(node, needle) {
                found.append(node)
            }
            if let index = tree.index(ofID: id), !tree.isDynamic(index) {
                queue.append(contentsOf: tree.children(of: index, in: 0..<tree.childCount(of: index)).map(tree.id(of:)))
            } else if let ids = supplied[id] {
                queue.append(contentsOf: ids)
            }
        }
        guard range.lowerBound < found.count else { return [] }
        return Array(found[range.lowerBound..<min(found.count, range.upperBound)])
    }
}
