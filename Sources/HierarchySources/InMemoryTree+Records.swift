import HierarchyDocuments

extension InMemoryTree {
    /// Builds a tree from the records of a document, each stored at its key as it arrives.
    ///
    /// - Parameters:
    ///   - source: The document's events.
    ///   - shape: `.items` or `.structure`.
    ///   - name: The document's name: a synthetic root's title.
    /// - Returns: The finished tree.
    /// - Throws: ``DocumentReadError`` from the reader or builder;
    ///   ``HierarchySourceError/Code/duplicateID`` for an identifier used twice.
    /// - Complexity: O(n) time for n items; memory 28 bytes per item plus text (see ``InMemoryTree``).
    static func build<Source: DocumentEventSource>(from source: inout Source, shape: DocumentShape, name: String)
        throws -> InMemoryTree
    {
        var tree = InMemoryTree()
        let outcome = try DocumentReading.read(&source, shape: shape, name: name) { record, _ in
            var attributes: [String: String] = [:]
            for attribute in record.attributes { attributes[attribute.name] = attribute.value }
            let node = HierarchyNode(
                id: record.id, title: record.title, subtitle: record.subtitle, footnote: record.footnote,
                status: record.status, attributes: attributes)
            try tree.place(
                node, at: Int(record.key), parent: record.parent.map { Int32($0) } ?? -1, isDynamic: record.isDynamic,
                explicitID: record.id != DocumentRecord.generatedID(key: record.key),
                location: record.line.map { "line \($0)" })
        }
        switch outcome.top {
        case .wrapper(let count) where count > 1:
            var id = InMemorySource.syntheticRootID
            while tree.index(ofID: id) != nil { id += "/" }
            try tree.place(HierarchyNode(id: id, title: name), at: 0, parent: -1, isDynamic: false, explicitID: true)
            tree.setRoot(0)
        case .wrapper(let count) where count == 1:
            tree.setRoot(tree.indexes(withParent: 0).first)
        case .wrapper:
            tree.setRoot(nil)
        default:
            tree.setRoot(tree.count > 0 ? 0 : nil)
        }
        try tree.finish()
        return tree
    }
}
