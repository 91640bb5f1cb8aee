import HierarchyKit

extension BrowserPalette {
    /// The palette for a resolved theme: every style carries the theme's colours, foreground
    /// and background, so a light theme looks the same on a dark terminal.
    ///
    /// The mapping from the stylesheet's class paths:
    /// - body (`text`, `title`, `secondary`, `indicator`, statuses): the
    ///   `fdlFUIHierarchyCollectionItem` background with the `fdlFUIHierarchyItemView_title`,
    ///   `_subtitle`, `fdlFUIHierarchyIndicator_title` font colours and the status colours;
    /// - `expanded` (the item on the path): the `:selected` state of the cell and its title,
    ///   always bold;
    /// - `separator`: the cell's `border-color`;
    /// - `header`, `headerDisabled`, `overlay`: `fdlFUIHierarchyView_header` background with the
    ///   `_title` and `_leftButton` font colours (disabled buttons use the subtitle colour);
    /// - `status`: the `fdlFUIHierarchyView` background and font colour;
    /// - `focused` (the keyboard focus has no class path): the body reversed.
    ///
    /// Bold, italic and reverse keep every distinction visible without colour. The columns and
    /// the table draw every class path with its own look (``looks``, ``look(_:selected:)``).
    ///
    /// - Parameter theme: The resolved theme.
    /// - Returns: The palette.
    public static func forTheme(_ theme: Theme) -> BrowserPalette {
        func color(_ value: ThemeColor?) -> TerminalColor {
            guard let value, value.alpha > 0 else { return .default }
            return .rgb(value.red, value.green, value.blue)
        }
        func style(_ element: ThemeElement, _ state: ThemeState = .normal) -> ThemeStyle {
            theme.style(for: element, state: state)
        }
        let cellBackground = color(style(.collectionItem).backgroundColor)
        let selectedBackground = color(style(.collectionItem, .selected).backgroundColor)
        let headerBackground = color(style(.hierarchyViewHeader).backgroundColor)
        let viewStyle = style(.hierarchyView)
        let titleStyle = style(.itemTitle)
        let selectedTitle = style(.itemTitle, .selected)
        let label = color(style(.itemSubtitle).fontColor)
        let indicatorTitle = style(.indicatorTitle)
        let brand = color(style(.indicator).tintColor)
        func body(_ foreground: TerminalColor, bold: Bool = false, italic: Bool = false) -> TextStyle {
            TextStyle(foreground: foreground, background: cellBackground, bold: bold, italic: italic)
        }
        let text = color(titleStyle.fontColor)
        let statusColors = theme.statusColors
        var palette = BrowserPalette(
            text: body(text),
            secondary: body(label, italic: style(.itemSubtitle).fontStyle?.isItalic ?? false),
            title: body(text, bold: titleStyle.fontStyle?.isBold ?? false),
            expanded: TextStyle(foreground: color(selectedTitle.fontColor), background: selectedBackground, bold: true),
            focused: TextStyle(foreground: text, background: cellBackground, reverse: true),
            selectedMark: body(brand, bold: true),
            indicator: body(color(indicatorTitle.fontColor), bold: true),
            separator: body(color(style(.collectionItem).borderColor)),
            header: TextStyle(
                foreground: color(style(.headerTitle).fontColor), background: headerBackground, bold: true),
            headerDisabled: TextStyle(foreground: label, background: headerBackground),
            status: TextStyle(foreground: color(viewStyle.fontColor), background: color(viewStyle.backgroundColor)),
            statusError: TextStyle(
                foreground: color(statusColors.negative), background: color(viewStyle.backgroundColor), bold: true),
            positive: body(color(statusColors.positive)),
            critical: body(color(statusColors.critical)),
            negative: body(color(statusColors.negative), bold: true),
            placeholder: body(label, italic: true),
            overlay: TextStyle(foreground: color(style(.headerTitle).fontColor), background: headerBackground),
            overlayTitle: TextStyle(
                foreground: color(style(.headerLeftButton).fontColor), background: headerBackground, bold: true))
        palette.looks = looks(for: theme)
        return palette
    }

    /// The palette for a terminal and an optional theme: monochrome when the terminal shows no
    /// colours (`NO_COLOR` wins over any theme), the theme's colours when one was chosen, else
    /// ``horizon`` on the terminal's own background.
    ///
    /// - Parameters:
    ///   - capability: What the terminal can show.
    ///   - theme: The chosen theme, if any.
    /// - Returns: The palette.
    public static func forCapability(_ capability: ColorCapability, theme: Theme?) -> BrowserPalette {
        if capability == .none { return .monochrome }
        return theme.map(forTheme) ?? .horizon
    }
}
