/// The flat storage behind ``InMemorySource``: dictionaries keyed by identifier.
///
/// Built once, then read only. Every lookup the source needs (node, parent,
/// children, position among siblings) is a single hash lookup.
struct InMemoryTree: Sendable {
    /// The identifier of the root, or `nil` for an empty tree.
    var rootID: String?
    /// Every node by identifier.
    var nodes: [String: HierarchyNode] = [:]
    /// The parent identifier of every node except the root.
    var parentIDs: [String: String] = [:]
    /// The ordered child identifiers of every node that has static children.
    var childIDs: [String: [String]] = [:]
    /// The position of every non-root node among its parent's children.
    var positions: [String: Int] = [:]
    /// Nodes whose children the host supplies at run time.
    var dynamicIDs: Set<String> = []

    /// Adds a node below `parentID` (or as the root when `parentID` is `nil`).
    ///
    /// - Parameters:
    ///   - node: The node; its `childCount` is recomputed by ``finish()``.
    ///   - parentID: The parent, already added.
    ///   - isDynamic: Whether the host supplies the node's children.
    ///   - location: Where the node came from, for the duplicate error message.
    /// - Throws: ``HierarchySourceError/Code/duplicateID`` when the identifier is taken.
    /// - Complexity: O(1) amortized.
    mutating func add(_ node: HierarchyNode, parentID: String?, isDynamic: Bool, location: String? = nil)
        throws(HierarchySourceError)
    {
        guard nodes[node.id] == nil else {
            let place = location.map { " (at \($0))" } ?? ""
            throw HierarchySourceError(.duplicateID, "duplicate id \"\(node.id)\"\(place)")
        }
        nodes[node.id] = node
        if isDynamic { dynamicIDs.insert(node.id) }
        if let parentID {
            parentIDs[node.id] = parentID
            var siblings = childIDs.removeValue(forKey: parentID) ?? []
            positions[node.id] = siblings.count
            siblings.append(node.id)
            childIDs[parentID] = siblings
        } else {
            rootID = node.id
        }
    }

    /// Sets `childCount` and `isContainer` of every node from the children added.
    ///
    /// Static nodes get their exact count; dynamic nodes are containers with an
    /// unknown count until the host has supplied their children.
    mutating func finish() {
        for id in Array(nodes.keys) {
            guard var node = nodes[id] else { continue }
            if dynamicIDs.contains(id) {
                node.childCount = nil
                node.isContainer = true
            } else {
                let count = childIDs[id]?.count ?? 0
                node.childCount = count
                node.isContainer = count > 0
            }
            nodes[id] = node
        }
    }
}
