import HierarchySources

extension InMemorySource {
    /// Where an item of a document read as its structure sits in the document (its JSON
    /// Pointer and jq path).
    ///
    /// - Parameter id: The item.
    /// - Returns: `nil` for an unknown item or a document read as items.
    /// - Complexity: O(d) for an item at depth d.
    public func documentPath(ofID id: String) -> DocumentPath? {
        tree.index(ofID: id).flatMap { tree.documentPath(of: $0) }
    }

    /// An item of a document read as its structure as compact JSON: a scalar's value, or an
    /// object or array with everything in it.
    ///
    /// - Parameters:
    ///   - id: The item.
    ///   - limit: The most UTF-8 bytes to make.
    /// - Returns: `nil` for an unknown item or a document read as items.
    /// - Throws: ``DocumentJSONTooLarge`` past `limit`.
    /// - Complexity: O(the item's subtree).
    public func documentJSON(ofID id: String, limit: Int) throws(DocumentJSONTooLarge) -> String? {
        guard let index = tree.index(ofID: id) else { return nil }
        return try tree.documentJSON(of: index, limit: limit)
    }
}
