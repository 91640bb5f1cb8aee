/// An error from a hierarchy source: a code, a one-line message, an optional cause.
public struct HierarchySourceError: Error, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable {
        case notFound
        case malformed
        case permissionDenied
        case cycle
        case duplicateID
        case unknownParent
        case unsupported
        case io
    }

    public var code: Code
    public var message: String
    /// The file the error is about, if any.
    public var path: String?
    /// Line and column in that file (1-based), where the parser gives them.
    public var line: Int?
    public var column: Int?
    public var cause: (any Error & Sendable)?

    public init(
        _ code: Code, _ message: String, path: String? = nil, line: Int? = nil, column: Int? = nil,
        cause: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.cause = cause
    }

    /// One readable line: `path:line:column: message`.
    public var description: String {
        var prefix = ""
        if let path { prefix += path }
        if let line { prefix += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return prefix.isEmpty ? message : "\(prefix): \(message)"
    }
}
