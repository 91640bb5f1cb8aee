import HierarchyKit

/// How one themable element (a class path) is drawn in the terminal: the style of its text,
/// where the text sits within the element's width, the colour of its glyphs and images, and
/// its border line.
///
/// Made from a resolved `ThemeStyle` by ``init(_:)``: `font-color` and `background-color`
/// are the cells' colours; `font-style` gives bold (`bold`, and `headline`, which is semibold
/// by default) and italic, its size cannot be shown; `text-align` places the text;
/// `tint-color` colours glyphs (the indicator's chevron, the header's arrows, image glyphs);
/// `border-*` gives the separator line's glyph and colour.
public struct ElementLook: Hashable, Sendable {
    /// A border line: the glyphs to draw it with and their style.
    public struct Border: Hashable, Sendable {
        /// The glyph of a horizontal line (`─`, `╌` dashed, `┄` dotted).
        public var horizontal: String
        /// The glyph of a vertical line (`│`, `╎` dashed, `┆` dotted).
        public var vertical: String
        /// The line's colour.
        public var style: TextStyle

        /// Creates a border.
        ///
        /// - Parameters:
        ///   - horizontal: The horizontal glyph.
        ///   - vertical: The vertical glyph.
        ///   - style: The line's style.
        public init(horizontal: String = "─", vertical: String = "│", style: TextStyle) {
            self.horizontal = horizontal
            self.vertical = vertical
            self.style = style
        }
    }

    /// The text's colours and attributes.
    public var text: TextStyle
    /// Where the text sits within its width.
    public var alignment: ThemeTextAlignment
    /// The colour of glyphs and images (`.default`: the text's colour).
    public var tint: TerminalColor
    /// The border line, `nil` for none.
    public var border: Border?

    /// Creates a look.
    ///
    /// - Parameters:
    ///   - text: The text's style.
    ///   - alignment: The text's alignment, `.natural` (the face's own placement) by default.
    ///   - tint: The colour of glyphs, the text's by default.
    ///   - border: The border line, none by default.
    public init(
        text: TextStyle, alignment: ThemeTextAlignment = .natural, tint: TerminalColor = .default, border: Border? = nil
    ) {
        self.text = text
        self.alignment = alignment
        self.tint = tint
        self.border = border
    }

    /// The look of a resolved theme style.
    ///
    /// - Parameter style: The style (`Theme.style(for:state:)`).
    public init(_ style: ThemeStyle) {
        let font = style.fontStyle
        text = TextStyle(
            foreground: Self.color(style.fontColor), background: Self.color(style.backgroundColor),
            bold: (font?.isBold ?? false) || (font?.textStyle.isEmphasizedByDefault ?? false),
            italic: font?.isItalic ?? false)
        alignment = style.textAlign ?? .natural
        tint = Self.color(style.tintColor)
        border = nil
        if let kind = style.borderStyle, kind != .none, (style.borderWidth ?? 0) > 0 {
            let glyphs: (String, String) =
                switch kind {
                case .dashed: ("╌", "╎")
                case .dotted: ("┄", "┆")
                default: ("─", "│")
                }
            var line = TextStyle(foreground: Self.color(style.borderColor), background: text.background)
            line.bold = (style.borderWidth ?? 0) >= 2
            border = Border(horizontal: glyphs.0, vertical: glyphs.1, style: line)
        }
    }

    /// A theme colour as a terminal colour; transparent is the terminal's own.
    static func color(_ value: ThemeColor?) -> TerminalColor {
        guard let value, value.alpha > 0 else { return .default }
        return .rgb(value.red, value.green, value.blue)
    }

    /// The style of the element's glyphs: the text's style in the tint colour.
    public var glyph: TextStyle {
        var style = text
        if tint != .default { style.foreground = tint }
        return style
    }

    /// Where a text of `width` cells starts within `room` cells.
    ///
    /// `natural` and `justified` keep the face's own placement, `fallback`: the terminal lays
    /// text from the start of its area in both directions (only columns and indicators are
    /// mirrored), and a line of one label cannot be justified.
    ///
    /// - Parameters:
    ///   - width: The text's display width.
    ///   - room: The width of the area.
    ///   - fallback: The offset for `natural`.
    /// - Returns: The offset from the area's start, within `0...max(0, room - width)`.
    public func offset(ofWidth width: Int, in room: Int, natural fallback: Int = 0) -> Int {
        let spare = max(0, room - width)
        switch alignment {
        case .left: return 0
        case .right: return spare
        case .center: return spare / 2
        case .natural, .justified: return min(max(0, fallback), spare)
        }
    }
}
