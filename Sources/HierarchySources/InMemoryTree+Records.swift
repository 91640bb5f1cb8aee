import HierarchyDocuments

extension InMemoryTree {
    /// Builds a tree from the records of a document.
    ///
    /// - Parameters:
    ///   - source: The document's events.
    ///   - shape: `.items` or `.structure`.
    ///   - name: The document's name: a synthetic root's title.
    /// - Returns: The finished tree.
    /// - Throws: ``DocumentReadError`` from the reader or builder;
    ///   ``HierarchySourceError/Code/duplicateID`` for an identifier used twice.
    /// - Complexity: O(n) for n items.
    static func build<Source: DocumentEventSource>(from source: inout Source, shape: DocumentShape, name: String)
        throws -> InMemoryTree
    {
        var slots: [DocumentRecord?] = []
        let outcome = try DocumentReading.read(&source, shape: shape, name: name) { record, _ in
            let key = Int(record.key)
            if key >= slots.count { slots.append(contentsOf: repeatElement(nil, count: key - slots.count + 1)) }
            slots[key] = record
        }
        var tree = InMemoryTree()
        var topParentID: String?
        switch outcome.top {
        case .wrapper(let count) where count > 1:
            var taken: Set<String> = []
            taken.reserveCapacity(slots.count)
            for case let record? in slots { taken.insert(record.id) }
            let rootID = InMemorySource.freeSyntheticID(avoiding: taken)
            try tree.add(HierarchyNode(id: rootID, title: name), parentID: nil, isDynamic: false)
            topParentID = rootID
        case .wrapper(let count) where count == 0:
            return tree
        default:
            break
        }
        for case let record? in slots {
            let parentID: String? =
                if let parent = record.parent {
                    parent == 0 && outcome.top != .item ? topParentID : slots[Int(parent)]?.id
                } else {
                    nil
                }
            var attributes: [String: String] = [:]
            for attribute in record.attributes { attributes[attribute.name] = attribute.value }
            let node = HierarchyNode(
                id: record.id, title: record.title, subtitle: record.subtitle, footnote: record.footnote,
                status: record.status, attributes: attributes)
            try tree.add(node, parentID: parentID, isDynamic: record.isDynamic,
                         location: record.line.map { "line \($0)" })
        }
        tree.finish()
        return tree
    }
}
