/// A problem found while parsing a stylesheet, with its position.
public struct StyleSheetDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How bad the problem is.
    public enum Severity: String, Hashable, Sendable {
        /// Syntax errors and unusable values: the declaration or rule is dropped.
        case error
        /// Unknown class paths, states and properties: ignored, the rest of the sheet applies.
        case warning
    }

    /// How bad the problem is.
    public var severity: Severity
    /// The name the caller gave the sheet (usually its path).
    public var sourceName: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, counted in characters (a tab counts as one).
    public var column: Int
    /// A one-line explanation.
    public var message: String

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - severity: Error or warning.
    ///   - sourceName: The sheet's name.
    ///   - line: The line, from 1.
    ///   - column: The column, from 1.
    ///   - message: A one-line explanation.
    public init(severity: Severity, sourceName: String, line: Int, column: Int, message: String) {
        self.severity = severity
        self.sourceName = sourceName
        self.line = line
        self.column = column
        self.message = message
    }

    /// `theme.nss:3:14: error: expected ':' after property 'font-color'`.
    public var description: String { "\(sourceName):\(line):\(column): \(severity.rawValue): \(message)" }
}
