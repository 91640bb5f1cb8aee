/// A dynamic-type text style with optional weight and slant modifiers (`font-style`).
///
/// Written in a stylesheet as the style name followed by modifiers, separated by spaces:
/// `subheadline`, `headline bold`, `footnote italic`, `body bold italic`. Names follow
/// `UIFontTextStyle` and may carry its prefix (`UIFontTextStyleHeadline`); case is ignored.
public struct ThemeFontStyle: Hashable, Sendable, CustomStringConvertible {
    /// The dynamic-type styles, largest first.
    public enum TextStyle: String, Hashable, Sendable, CaseIterable {
        /// The text styles of `UIFontTextStyle`, from `largeTitle` (34 points) down to `caption2` (11 points).
        case largeTitle, title1, title2, title3, headline, subheadline, body, callout, footnote, caption1, caption2

        /// The point size at the default content size category, for renderers that scale.
        public var defaultPointSize: Double {
            switch self {
            case .largeTitle: 34
            case .title1: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption1: 12
            case .caption2: 11
            }
        }

        /// Whether the style is semibold by default (only `headline`).
        public var isEmphasizedByDefault: Bool { self == .headline }
    }

    /// The text style.
    public var textStyle: TextStyle
    /// Whether the text is bold.
    public var isBold: Bool
    /// Whether the text is italic.
    public var isItalic: Bool

    /// Creates a font style.
    ///
    /// - Parameters:
    ///   - textStyle: The text style.
    ///   - isBold: Bold, off by default.
    ///   - isItalic: Italic, off by default.
    public init(_ textStyle: TextStyle, isBold: Bool = false, isItalic: Bool = false) {
        self.textStyle = textStyle
        self.isBold = isBold
        self.isItalic = isItalic
    }

    /// Parses a stylesheet value such as `headline bold`.
    ///
    /// - Parameter text: The value.
    /// - Returns: The font style, or `nil` when the name is unknown or a modifier is neither
    ///   `bold` nor `italic`.
    public init?(parsing text: String) {
        let words = text.split(whereSeparator: { $0.isWhitespace }).map { $0.lowercased() }
        guard var name = words.first else { return nil }
        if name.hasPrefix("uifonttextstyle") { name.removeFirst("uifonttextstyle".count) }
        guard let style = TextStyle.allCases.first(where: { $0.rawValue.lowercased() == name }) else { return nil }
        var bold = false
        var italic = false
        for modifier in words.dropFirst() {
            switch modifier {
            case "bold": bold = true
            case "italic": italic = true
            default: return nil
            }
        }
        self.init(style, isBold: bold, isItalic: italic)
    }

    /// The stylesheet form: `headline bold italic`.
    public var description: String {
        [textStyle.rawValue, isBold ? "bold" : nil, isItalic ? "italic" : nil].compactMap { $0 }.joined(separator: " ")
    }
}
