/// How a border line is drawn (`border-style`).
public enum ThemeBorderStyle: String, Hashable, Sendable, CaseIterable {
    /// No border, whatever the width.
    case none
    /// A continuous line.
    case solid
    /// A dashed line.
    case dashed
    /// A dotted line.
    case dotted

    /// Parses a stylesheet value, ignoring case.
    ///
    /// - Parameter text: The value.
    /// - Returns: The style, or `nil` for an unknown value.
    public init?(parsing text: String) {
        self.init(rawValue: text.lowercased())
    }
}
