/// The hierarchy indicator of a cell: a text (usually the child count) and an icon telling
/// whether the item is expanded. Tapping it drills down one level.
public final class HierarchyIndicator {
    /// The text, such as the number of children ("128", "99+").
    public let title = HierarchyLabel()
    /// Vertical (multi-line, default) or horizontal (single-line) arrangement.
    public var isMultiline = true
    /// Hides the indicator (items without children).
    public var isHidden = false
    /// Normal, or selected when the item is expanded.
    public var state: HierarchyState = .normal
    /// Called when the user taps the indicator, before the view reacts.
    public var didTapHandler: (() -> Void)?

    /// Makes an indicator with no title, shown, drawn on several lines when it has room.
    public init() {}

    /// The width a renderer reserves for the indicator, in the metrics' units.
    public func reservedWidth(in metrics: HierarchyLayoutMetrics) -> Double {
        isMultiline ? metrics.indicatorWidthMultiline : metrics.indicatorWidthSingleLine
    }

    /// The width a renderer reserves for the indicator in a cell of `lines` text lines: a
    /// multi-line indicator in a cell of one line is drawn side by side, as a single-line one,
    /// and takes that width.
    public func reservedWidth(in metrics: HierarchyLayoutMetrics, lines: Int) -> Double {
        isShownMultiline(lines: lines) ? metrics.indicatorWidthMultiline : metrics.indicatorWidthSingleLine
    }

    /// Whether the count is drawn over the glyph in a cell of `lines` text lines.
    public func isShownMultiline(lines: Int) -> Bool { isMultiline && lines >= 2 }

    /// The title shortened to fit `maximumCharacters`: counts above 99 become "99+".
    public func abbreviatedTitle(maximumCharacters: Int) -> String? {
        guard let text = title.visibleText else { return nil }
        guard text.count > maximumCharacters else { return text }
        let digits = text.filter(\.isNumber)
        if digits.count == text.filter({ $0 != "," && $0 != "." && $0 != " " }).count, !digits.isEmpty {
            let nines = String(repeating: "9", count: max(1, maximumCharacters - 1))
            return nines + "+"
        }
        return String(text.prefix(max(0, maximumCharacters - 1))) + "…"
    }
}
