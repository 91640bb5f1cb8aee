import HierarchySources

/// A failure to read a document: bad syntax, a shape that is not the one asked
/// for, or a failed read, with the place in the input where it was found.
///
/// Callers map it to their public error type (``HierarchySourceError`` in
/// HierarchySources) at their edge.
public struct DocumentReadError: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The bytes are not valid in the format (JSON grammar, UTF-8, YAML syntax...).
        case malformed
        /// The document is well formed but does not follow the items schema.
        case shape
        /// The document is refused by a resource bound (alias expansion, size).
        case limit
        /// Reading the input failed.
        case io
    }

    public var kind: Kind
    public var message: String
    public var line: Int?
    public var column: Int?
    /// The `errno` of a failed system call, for `.io` errors.
    public var systemError: Int32?

    public init(_ kind: Kind, _ message: String, line: Int? = nil, column: Int? = nil) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
    }

    /// A byte as an error message shows it: itself when printable ASCII, else `\x` and two
    /// hexadecimal digits.
    public static func printable(_ byte: UInt8) -> String {
        guard byte < 0x20 || byte >= 0x7F else { return String(UnicodeScalar(byte)) }
        let digits = String(byte, radix: 16, uppercase: true)
        return "\\x" + (digits.count < 2 ? "0" : "") + digits
    }
}
