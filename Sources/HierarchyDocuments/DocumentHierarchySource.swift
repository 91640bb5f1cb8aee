import HierarchySources

/// A hierarchy that is a document: whether it shows the document's structure, and where an
/// item sits in the document and what its value is, for the copies (`yp`, `yq`, `yv`) and
/// for `print`'s values.
///
/// ``InMemorySource`` (a document read whole), ``DocumentLoad`` (one still read) and
/// ``IndexedJSONSource`` (a JSON file read where it lies) adopt it.
public protocol DocumentHierarchySource: HierarchySource {
    /// Whether the document is read as its structure: its leaves are the document's scalars,
    /// with their values as subtitles (see ``TreePrinter/showsValues``).
    var isDocumentStructure: Bool { get }

    /// Where an item of a document read as its structure sits in the document (its JSON
    /// Pointer and jq path).
    ///
    /// - Parameter id: The item.
    /// - Returns: `nil` for an unknown item or a document read as items.
    func documentPath(ofID id: String) -> DocumentPath?

    /// An item of a document read as its structure as compact JSON: a scalar's value, or an
    /// object or array with everything in it.
    ///
    /// - Parameters:
    ///   - id: The item.
    ///   - limit: The most UTF-8 bytes to make.
    /// - Returns: `nil` for an unknown item, a document read as items, or a value that cannot
    ///   be made yet.
    /// - Throws: ``DocumentJSONTooLarge`` past `limit`.
    func documentJSON(ofID id: String, limit: Int) throws(DocumentJSONTooLarge) -> String?
}

extension InMemorySource: DocumentHierarchySource {}

extension DocumentLoad: DocumentHierarchySource {}
