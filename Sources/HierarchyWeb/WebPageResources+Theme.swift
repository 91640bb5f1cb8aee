import Foundation
import HierarchyKit

extension WebPageResources {
    /// The page's colours from a theme (the terminal's built-in light and dark themes, or a
    /// `.nss` stylesheet applied to one), as CSS custom properties that override the
    /// defaults at the top of `app.css`.
    ///
    /// Then one rule per class path and state (``elementRules(for:)``). Only parsed values go
    /// to the page: colours as `#rrggbb` (or `rgba(...)`), numbers and keywords from the
    /// theme's enums, so nothing from a stylesheet reaches the CSS as text.
    ///
    /// - Parameter theme: The theme.
    /// - Returns: One `:root { ... }` rule, then the element rules.
    static func styleSheet(
        for theme: Theme, selectors: [(ThemeElement, Part, normal: String, selected: String?)] = elementSelectors
    ) -> String {
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
            + elementRules(for: theme, selectors: selectors)
    }

    /// What a class path styles in the page, and how.
    enum Part: Sendable {
        /// A background (the view, the header, a cell, the indicator): background, text colour
        /// and, with `border`, the border on the given sides.
        case box(border: String?)
        /// A text: colour, font, alignment; a background only where its own class path sets one.
        case text
        /// A header button: the word in the font, the arrow in the tint.
        case button
        /// An image: the tint colours it (glyph images; template images take it as `color`).
        case image
    }

    /// The page element of every class path, normal and selected; the table form's class paths
    /// apply to the compact layout (`#columns.table`, the page's table form). A class path may
    /// style more than one element (the path line: the bar and the path in it).
    static let elementSelectors: [(ThemeElement, Part, normal: String, selected: String?)] = {
        let cell = "#columns .card"
        let table = "#columns.table .card"
        func selected(_ prefix: String, _ suffix: String) -> String {
            "\(prefix).expanded\(suffix), \(prefix).selected\(suffix)"
        }
        return [
            (.hierarchyView, .box(border: nil), "#viewport", nil),
            (.controllerHierarchyView, .box(border: nil), "#stage", nil),
            (.header, .box(border: "bottom"), "#compact-header", nil),
            (.headerTitle, .text, "#compact-header #header-title", nil),
            (.headerLeftButton, .button, "#compact-header #prev", nil),
            (.headerRightButton, .button, "#compact-header #next", nil),
            (.collectionItem, .box(border: "all"), cell, selected(cell, "")),
            (.itemTitle, .text, cell + " .title", selected(cell, " .title")),
            (.itemSubtitle, .text, cell + " .subtitle", selected(cell, " .subtitle")),
            (.itemFootnote, .text, cell + " .footnote", selected(cell, " .footnote")),
            (.itemStatus, .text, cell + " .status", selected(cell, " .status")),
            (.itemDetailImage, .image, cell + " .detail-image", selected(cell, " .detail-image")),
            (.indicator, .box(border: "inline-start"), cell + " .indicator", selected(cell, " .indicator")),
            (.indicatorTitle, .text, cell + " .indicator .count", selected(cell, " .indicator .count")),
            (.tableCell, .box(border: "all"), table, selected(table, "")),
            (.tableCellTitle, .text, table + " .title", selected(table, " .title")),
            (.tableCellSubtitle, .text, table + " .subtitle", selected(table, " .subtitle")),
            (.tableCellFootnote, .text, table + " .footnote", selected(table, " .footnote")),
            (.tableCellDetailImage, .image, table + " .detail-image", selected(table, " .detail-image")),
            // The lines around the hierarchy: the bar is the path line (its tint names the
            // source, as in the terminal), the status text its status line (errors keep theirs).
            (.pathLine, .box(border: "bottom"), "#bar", nil),
            (.pathLine, .text, "#bar #path", nil),
            (.statusLine, .text, "#bar #status:not(.error)", nil),
            // The search results are the page's list floorplan.
            (.listFloorplan, .box(border: "all"), "#results", nil),
            (.listSearchBar, .text, "#bar #search", nil),
            (.listTitle, .text, "#result-list li .title", nil),
            (.listSubtitle, .text, "#result-list li .sub", nil),
            (.listStatusLine, .text, "#results #results-head", nil),
            // The linear hierarchy's page (`serve --layout linear-*`) has its own selectors
            // (`WebScreenPage.elementSelectors`).
        ]
    }()

    /// One CSS rule per class path and state, from the theme's resolved styles: the page's
    /// counterpart of the terminal's element looks.
    ///
    /// Every value is written from a parsed value (a colour, a text style's size and weight,
    /// an alignment keyword, a border width and style), never from the stylesheet's text.
    /// `font-style` gives the size (the text style's point size in CSS pixels), the weight
    /// (600 for `headline`, 700 for `bold`) and italic; `text-align: natural` leaves the page's
    /// own alignment (the start of each text's own direction).
    ///
    /// - Parameter theme: The theme.
    /// - Returns: The rules, one per line.
    static func elementRules(
        for theme: Theme, selectors: [(ThemeElement, Part, normal: String, selected: String?)] = elementSelectors
    ) -> String {
        var rules = ""
        for (element, part, normal, selected) in selectors {
            rules += rule(normal, declarations(theme, element, .normal, part), part: part)
            if let selected {
                rules += rule(selected, declarations(theme, element, .selected, part), part: part)
            }
        }
        return rules
    }

    private static func rule(_ selector: String, _ declarations: (main: [String], arrow: [String]), part: Part)
        -> String
    {
        var text = ""
        if !declarations.main.isEmpty {
            text += "\(selector) { \(declarations.main.joined(separator: " ")) }\n"
        }
        if !declarations.arrow.isEmpty {
            let target =
                switch part {
                case .button: " .arrow"
                default: " .chevron"
                }
            let arrows = selector.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) + target }
            text += "\(arrows.joined(separator: ", ")) { \(declarations.arrow.joined(separator: " ")) }\n"
        }
        return text
    }

    private static func declarations(_ theme: Theme, _ element: ThemeElement, _ state: ThemeState, _ part: Part) -> (
        main: [String], arrow: [String]
    ) {
        let style = theme.style(for: element, state: state)
        var main: [String] = []
        var arrow: [String] = []
        func font() {
            guard let font = style.fontStyle else { return }
            main.append("font-size: \(formatNumber(font.textStyle.defaultPointSize))px;")
            main.append("font-weight: \(font.isBold ? 700 : (font.textStyle.isEmphasizedByDefault ? 600 : 400));")
            main.append("font-style: \(font.isItalic ? "italic" : "normal");")
        }
        func alignment() {
            switch style.textAlign {
            case .left: main.append("text-align: left;")
            case .center: main.append("text-align: center;")
            case .right: main.append("text-align: right;")
            case .justified: main.append("text-align: justify;")
            case .natural, nil: break
            }
        }
        switch part {
        case .box(let sides):
            if let color = style.backgroundColor { main.append("background-color: \(css(color));") }
            if let color = style.fontColor { main.append("color: \(css(color));") }
            if let color = style.tintColor, element == .indicator { arrow.append("color: \(css(color));") }
            if let sides { main += border(style, sides: sides) }
        case .text:
            if let color = style.fontColor { main.append("color: \(css(color));") }
            if let color = ownBackground(theme, element, state) { main.append("background-color: \(css(color));") }
            font()
            alignment()
        case .button:
            if let color = style.fontColor { main.append("color: \(css(color));") }
            if let color = ownBackground(theme, element, state) { main.append("background-color: \(css(color));") }
            if let color = style.tintColor { arrow.append("color: \(css(color));") }
            font()
        case .image:
            if let color = style.tintColor { main.append("color: \(css(color));") }
            if let color = ownBackground(theme, element, state) { main.append("background-color: \(css(color));") }
        }
        return (main, arrow)
    }

    /// The background an element's own class paths declare (not its container's), if any.
    private static func ownBackground(_ theme: Theme, _ element: ThemeElement, _ state: ThemeState) -> ThemeColor? {
        let states: [ThemeState] = state == .selected ? [.selected, .normal] : [.normal]
        for candidateState in states {
            for candidate in element.sameView {
                if let color = theme.declaredStyle(for: ThemeSelector(candidate, state: candidateState)).backgroundColor
                {
                    return color
                }
            }
        }
        return nil
    }

    /// The border declarations for some sides (`all`, `bottom`, `inline-start`).
    private static func border(_ style: ThemeStyle, sides: String) -> [String] {
        guard let kind = style.borderStyle, let width = style.borderWidth else { return [] }
        let property = sides == "all" ? "border" : "border-\(sides)"
        guard kind != .none, width > 0 else { return ["\(property): none;"] }
        let color = style.borderColor.map(css) ?? "currentColor"
        return ["\(property): \(formatNumber(width))px \(kind.rawValue) \(color);"]
    }

    /// A number without a trailing `.0`, at most three decimals.
    static func formatNumber(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e9 { return String(Int(rounded)) }
        return String(rounded)
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
