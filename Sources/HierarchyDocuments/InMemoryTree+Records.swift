import HierarchySources

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
    /// - Complexity: O(n) time for n items; memory 20 bytes per item plus its text (see ``InMemoryTree``).
    static func build<Source: DocumentEventSource>(from source: inout Source, shape: DocumentShape, name: String)
        throws -> InMemoryTree
    {
        var tree = InMemoryTree()
        let outcome = try DocumentReading.read(&source, shape: shape, name: name) { record, _ in
            try tree.place(record, sharesTitle: shape == .structure)
        }
        try tree.close(outcome, name: name, keepsWrapper: false)
        try tree.finish()
        tree.isStructure = outcome.shape == .structure
        return tree
    }

    /// Stores a document record at its key (again, for a provisional record's final one).
    ///
    /// `sharesTitle` (for a structure read, whose titles are the document's keys) keeps each
    /// distinct title once, up to the tree's limit of shared names.
    ///
    /// - Throws: ``HierarchySourceError/Code/duplicateID`` for an identifier used twice.
    /// - Complexity: O(1) amortized plus the text's length.
    mutating func place(_ record: ItemRecord, sharesTitle: Bool = false) throws(HierarchySourceError) {
        let generated = record.id == ItemRecord.generatedID(key: record.key)
        try store(
            at: Int(record.key), parent: record.parent.map { Int32(clamping: $0) } ?? -1, isDynamic: record.isDynamic,
            id: generated ? nil : record.id, title: record.title, subtitle: record.subtitle,
            footnote: record.footnote, status: record.status, attributes: record.attributes, name: \.name,
            value: \.value, location: record.line.map { "line \($0)" }, sharesTitle: sharesTitle && record.key > 0,
            valueKind: record.valueKind)
    }

    /// Sets the root once every record is stored: the single top-level item, or a synthetic
    /// root (`.`, titled with the document's name) above several.
    ///
    /// - Parameters:
    ///   - outcome: What the read found.
    ///   - name: The document's name.
    ///   - keepsWrapper: Keep the synthetic root above a single top-level item too (a view that
    ///     showed the document while it was read already shows that root).
    /// - Throws: ``HierarchySourceError/Code/duplicateID`` when the synthetic root cannot be stored.
    mutating func close(_ outcome: DocumentReading.Outcome, name: String, keepsWrapper: Bool)
        throws(HierarchySourceError)
    {
        switch outcome.top {
        case .wrapper(let count) where count > 1 || keepsWrapper:
            var id = InMemorySource.syntheticRootID
            while let taken = index(ofID: id), taken != 0 { id += "/" }
            try place(HierarchyNode(id: id, title: name), at: 0, parent: -1, isDynamic: false, explicitID: true)
            setRoot(0)
        case .wrapper(let count) where count == 1:
            let single = indexes(withParent: 0).first
            setRoot(single)
            remove(0)
        case .wrapper:
            setRoot(nil)
            remove(0)
        default:
            setRoot(count > 0 ? 0 : nil)
        }
    }
}
