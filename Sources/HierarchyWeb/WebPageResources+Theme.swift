import HierarchyKit

extension WebPageResources {
    /// The page's colours from a theme (the terminal's built-in light and dark themes, or a
    /// `.nss` stylesheet applied to one), as CSS custom properties that override the
    /// defaults at the top of `app.css`.
    ///
    /// Only colours go to the page: every value is a `#rrggbb` (or `rgba(...)`) the theme
    /// parsed, so nothing from a stylesheet reaches the CSS as text.
    ///
    /// - Parameter theme: The theme.
    /// - Returns: One `:root { ... }` rule.
    static func styleSheet(for theme: Theme) -> String {
        let view = theme.style(for: .hierarchyView)
        let cell = theme.style(for: .collectionItem)
        let selectedCell = theme.style(for: .collectionItem, state: .selected)
        let title = theme.style(for: .itemTitle)
        let subtitle = theme.style(for: .itemSubtitle)
        let indicator = theme.style(for: .indicator)
        let indicatorTitle = theme.style(for: .indicatorTitle)
        let selectedIndicatorTitle = theme.style(for: .indicatorTitle, state: .selected)
        let header = theme.style(for: .hierarchyViewHeader)
        let headerButton = theme.style(for: .headerLeftButton)
        let background = view.backgroundColor ?? theme.defaults.backgroundColor
        var properties: [(String, ThemeColor?)] = [
            ("--bg", background),
            ("--card", cell.backgroundColor),
            ("--text", title.fontColor),
            ("--muted", subtitle.fontColor),
            ("--accent", indicator.tintColor),
            ("--indicator-text", indicatorTitle.fontColor),
            ("--on-accent", selectedIndicatorTitle.fontColor),
            ("--accent-soft", selectedCell.backgroundColor),
            ("--selected", selectedCell.backgroundColor),
            ("--line", cell.borderColor),
            ("--focus", selectedCell.borderColor),
            ("--header", header.backgroundColor),
            ("--link", headerButton.fontColor),
            ("--indicator-bg", cell.backgroundColor),
        ]
        properties.append(("--status-negative", theme.statusColors.negative))
        var declarations = properties.compactMap { name, color in color.map { "\(name): \(css($0));" } }
        if let background, luminance(background) < 0.4 { declarations.append("color-scheme: dark;") }
        return ":root { " + declarations.joined(separator: " ") + " }\n"
    }

    /// A theme colour in CSS.
    static func css(_ color: ThemeColor) -> String {
        if color.isOpaque { return color.hex }
        let alpha = (Double(color.alpha) / 255 * 1000).rounded() / 1000
        return "rgba(\(color.red), \(color.green), \(color.blue), \(alpha))"
    }

    /// The relative brightness of a colour, 0 (black) to 1 (white).
    static func luminance(_ color: ThemeColor) -> Double {
        (0.2126 * Double(color.red) + 0.7152 * Double(color.green) + 0.0722 * Double(color.blue)) / 255
    }
}
