/// An error reported by a hierarchy view: a call that contradicts the view's state, or data
/// that contradicts itself. The view stays consistent; the host's error handler is told.
public struct HierarchyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in kinds a host can act on.
    public enum Code: String, Sendable, Hashable {
        /// An index outside the parent's children.
        case indexOutOfRange
        /// A uuid the view does not show.
        case unknownItem
        /// An update for a parent that is not expanded.
        case parentNotExpanded
        /// An item that is its own ancestor.
        case cycle
        /// The same uuid twice among one parent's children.
        case duplicateItem
        /// A child count that changed without an update call.
        case inconsistentCount
        /// The call is not possible now (no data source, nothing to show).
        case invalidOperation
        /// The data source could not read something (children, a parent, an item); the view
        /// goes on with what it has.
        case loadFailed
    }

    /// What kind of error it is.
    public var code: Code
    /// One readable sentence.
    public var message: String
    /// The uuid the error is about, if any.
    public var uuid: String?

    /// Makes an error.
    ///
    /// - Parameters:
    ///   - code: What kind of error it is.
    ///   - message: One readable sentence.
    ///   - uuid: The item it is about, if any.
    public init(_ code: Code, _ message: String, uuid: String? = nil) {
        self.code = code
        self.message = message
        self.uuid = uuid
    }

    public var description: String { "\(code.rawValue): \(message)" }
}

extension HierarchyError {
    /// A cell was dequeued under an identifier no class is registered for.
    static func unregisteredCell(_ identifier: String, uuid: String) -> HierarchyError {
        HierarchyError(
            .invalidOperation,
            "no cell class is registered for reuse identifier \"\(identifier)\"; using the default cell",
            uuid: uuid)
    }
}
