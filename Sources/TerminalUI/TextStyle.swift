/// How the text of a cell looks: colours and attributes.
public struct TextStyle: Hashable, Sendable {
    /// The text colour.
    public var foreground: TerminalColor
    /// The cell's background colour.
    public var background: TerminalColor
    /// Bold (increased intensity).
    public var bold: Bool
    /// Dim (decreased intensity).
    public var dim: Bool
    /// Italic.
    public var italic: Bool
    /// Underlined.
    public var underline: Bool
    /// Foreground and background swapped.
    public var reverse: Bool

    /// The terminal's default colours with no attributes.
    public static let plain = TextStyle()

    /// Creates a style.
    ///
    /// - Parameters:
    ///   - foreground: The text colour.
    ///   - background: The background colour.
    ///   - bold: Bold text.
    ///   - dim: Dim text.
    ///   - italic: Italic text.
    ///   - underline: Underlined text.
    ///   - reverse: Swapped foreground and background.
    public init(
        foreground: TerminalColor = .default,
        background: TerminalColor = .default,
        bold: Bool = false,
        dim: Bool = false,
        italic: Bool = false,
        underline: Bool = false,
        reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
    }

    /// This style with its colours downgraded to `capability`.
    func downgraded(to capability: ColorCapability) -> TextStyle {
        var style = self
        style.foreground = foreground.downgraded(to: capability)
        style.background = background.downgraded(to: capability)
        return style
    }
}
