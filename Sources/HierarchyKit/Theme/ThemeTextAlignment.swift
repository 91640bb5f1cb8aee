/// How a text is aligned within its frame (`text-align`, as `NSTextAlignment`).
public enum ThemeTextAlignment: String, Hashable, Sendable, CaseIterable {
    /// Left edge.
    case left
    /// Centred.
    case center
    /// Right edge.
    case right
    /// The leading edge of the reading direction (left in left-to-right, right in right-to-left).
    case natural
    /// Both edges (the last line like `natural`).
    case justified

    /// Parses a stylesheet value, ignoring case; `centre` and `justify` are accepted too.
    ///
    /// - Parameter text: The value.
    /// - Returns: The alignment, or `nil` for an unknown value.
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "left": self = .left
        case "center", "centre": self = .center
        case "right": self = .right
        case "natural": self = .natural
        case "justified", "justify": self = .justified
        default: return nil
        }
    }
}
