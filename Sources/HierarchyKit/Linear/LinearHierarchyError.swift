/// An error raised while building or updating a linear hierarchy.
///
/// Carries the index path of the offending entry (indexes from the root array down), so that the
/// message can point at the bad entry of a plist or JSON document.
public struct LinearHierarchyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Hashable, Sendable {
        /// The document could not be decoded at all (not JSON, not a property list).
        case unreadableDocument
        /// The top level is neither an array nor a dictionary with a `root` array.
        case invalidRoot
        /// An entry is not a dictionary.
        case entryNotDictionary
        /// An entry has no `name`, or the name is not a string.
        case invalidName
        /// The `type` value is neither `static` nor `dynamic`.
        case invalidType
        /// The `children` value is not an array.
        case invalidChildren
        /// A dynamic entry lists children; they come from the host at run time.
        case dynamicWithChildren
        /// `width` / `height` are not non-negative numbers, or only one of them is given.
        case invalidSize
        /// Two items share an identifier.
        case duplicateID
    }

    /// What went wrong.
    public var code: Code
    /// The index path of the entry: `[2, 0]` is the first child of the third root entry.
    /// Empty for errors about the document as a whole.
    public var indexPath: [Int]
    /// A one-line explanation.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - indexPath: The index path of the offending entry.
    ///   - message: A one-line explanation.
    public init(code: Code, indexPath: [Int], message: String) {
        self.code = code
        self.indexPath = indexPath
        self.message = message
    }

    /// The index path as text, `root` for the top level, otherwise indexes joined by dots (`2.0`).
    public var indexPathDescription: String {
        indexPath.isEmpty ? "root" : indexPath.map(String.init).joined(separator: ".")
    }

    public var description: String { "entry \(indexPathDescription): \(message)" }
}
