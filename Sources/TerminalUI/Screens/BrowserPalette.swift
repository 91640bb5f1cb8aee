import HierarchyKit

/// The styles of the terminal browser, in Fiori Horizon colours.
///
/// Every distinction that matters (focus, the expanded path, selection) is also carried by
/// an attribute or a glyph, so it survives `NO_COLOR` and monochrome terminals.
public struct BrowserPalette: Sendable, Equatable {
    /// The text of an item.
    public var text: TextStyle
    /// Secondary text: subtitles, footnotes, the path line.
    public var secondary: TextStyle
    /// An item's title.
    public var title: TextStyle
    /// An item on the expanded path (its children fill the next column).
    public var expanded: TextStyle
    /// The focused item.
    public var focused: TextStyle
    /// The mark of an item selected in editing mode.
    public var selectedMark: TextStyle
    /// The hierarchy indicator (the child count and its arrow).
    public var indicator: TextStyle
    /// The lines between columns.
    public var separator: TextStyle
    /// The compact header and its buttons.
    public var header: TextStyle
    /// A header button that goes nowhere.
    public var headerDisabled: TextStyle
    /// The status line.
    public var status: TextStyle
    /// An error on the status line.
    public var statusError: TextStyle
    /// A positive status text ("Operational").
    public var positive: TextStyle
    /// A status text that needs attention.
    public var critical: TextStyle
    /// A negative status text ("Error").
    public var negative: TextStyle
    /// A placeholder: an empty column's note, a row still loading.
    public var placeholder: TextStyle
    /// The help overlay: its box and the meaning of each key.
    public var overlay: TextStyle
    /// The help overlay's title and key names.
    public var overlayTitle: TextStyle
    /// The looks of the themable elements by class path and state, from a theme
    /// (``forTheme(_:)``); empty for the built-in palettes, whose looks ``look(_:selected:)``
    /// derives from the styles above.
    public var looks: [ThemeSelector: ElementLook] = [:]

    /// Makes a palette; each parameter sets the style of the same name.
    public init(
        text: TextStyle, secondary: TextStyle, title: TextStyle, expanded: TextStyle, focused: TextStyle,
        selectedMark: TextStyle, indicator: TextStyle, separator: TextStyle, header: TextStyle,
        headerDisabled: TextStyle, status: TextStyle, statusError: TextStyle, positive: TextStyle,
        critical: TextStyle, negative: TextStyle, placeholder: TextStyle, overlay: TextStyle, overlayTitle: TextStyle
    ) {
        self.text = text
        self.secondary = secondary
        self.title = title
        self.expanded = expanded
        self.focused = focused
        self.selectedMark = selectedMark
        self.indicator = indicator
        self.separator = separator
        self.header = header
        self.headerDisabled = headerDisabled
        self.status = status
        self.statusError = statusError
        self.positive = positive
        self.critical = critical
        self.negative = negative
        self.placeholder = placeholder
        self.overlay = overlay
        self.overlayTitle = overlayTitle
    }

    /// Fiori Horizon on the terminal's own background.
    public static let horizon: BrowserPalette = {
        let brand = TerminalColor.rgb(0x00, 0x70, 0xF2)
        let grey = TerminalColor.rgb(0x8C, 0x9B, 0xAB)
        return BrowserPalette(
            text: TextStyle(),
            secondary: TextStyle(foreground: grey),
            title: TextStyle(),
            expanded: TextStyle(foreground: .rgb(0xFF, 0xFF, 0xFF), background: .rgb(0x00, 0x4B, 0xA3), bold: true),
            focused: TextStyle(reverse: true),
            selectedMark: TextStyle(foreground: brand, bold: true),
            indicator: TextStyle(foreground: brand, bold: true),
            separator: TextStyle(foreground: .rgb(0x47, 0x55, 0x63)),
            header: TextStyle(foreground: .rgb(0xFF, 0xFF, 0xFF), background: .rgb(0x1D, 0x2D, 0x3E), bold: true),
            headerDisabled: TextStyle(foreground: .rgb(0x75, 0x88, 0x9B), background: .rgb(0x1D, 0x2D, 0x3E)),
            status: TextStyle(foreground: .rgb(0xD5, 0xDA, 0xDD), background: .rgb(0x12, 0x17, 0x1C)),
            statusError: TextStyle(foreground: .rgb(0xFF, 0x8C, 0x8C), background: .rgb(0x12, 0x17, 0x1C), bold: true),
            positive: TextStyle(foreground: .rgb(0x30, 0x91, 0x4C)),
            critical: TextStyle(foreground: .rgb(0xE7, 0x65, 0x00)),
            negative: TextStyle(foreground: .rgb(0xF5, 0x32, 0x32)),
            placeholder: TextStyle(foreground: grey, italic: true),
            overlay: TextStyle(foreground: .rgb(0x1D, 0x2D, 0x3E), background: .rgb(0xF5, 0xF6, 0xF7)),
            overlayTitle: TextStyle(foreground: brand, background: .rgb(0xF5, 0xF6, 0xF7), bold: true))
    }()

    /// No colours at all: attributes only.
    public static let monochrome = BrowserPalette(
        text: TextStyle(), secondary: TextStyle(dim: true), title: TextStyle(),
        expanded: TextStyle(bold: true, underline: true),
        focused: TextStyle(reverse: true), selectedMark: TextStyle(bold: true), indicator: TextStyle(bold: true),
        separator: TextStyle(dim: true), header: TextStyle(bold: true, reverse: true),
        headerDisabled: TextStyle(dim: true, reverse: true),
        status: TextStyle(reverse: true), statusError: TextStyle(bold: true, reverse: true), positive: TextStyle(),
        critical: TextStyle(bold: true), negative: TextStyle(bold: true, underline: true),
        placeholder: TextStyle(dim: true, italic: true),
        overlay: TextStyle(reverse: true), overlayTitle: TextStyle(bold: true, reverse: true))

    /// The palette for a terminal: monochrome without colours.
    public static func forCapability(_ capability: ColorCapability) -> BrowserPalette {
        capability == .none ? .monochrome : .horizon
    }

    /// The style of a status text: negative for errors and outages, critical for due
    /// maintenance and warnings, positive for running states, secondary otherwise.
    public func style(forStatus status: String) -> TextStyle {
        let lowered = status.lowercased()
        if ["error", "out of service", "failed", "fault", "down", "broken", "critical"].contains(
            where: lowered.contains)
        {
            return negative
        }
        if ["due", "warning", "maintenance", "degraded", "pending", "overdue"].contains(where: lowered.contains) {
            return critical
        }
        if ["operational", "running", "ok", "active", "available", "in service"].contains(where: lowered.contains) {
            return positive
        }
        return secondary
    }
}
