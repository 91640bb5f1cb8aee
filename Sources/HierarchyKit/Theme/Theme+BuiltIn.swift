extension Theme {
    /// SAP Fiori Horizon (light): brand #0070F2, text #1D2D3E on #F5F6F7, white rows, selected
    /// rows #EBF8FF.
    public static let light = Theme.horizon(name: "light", palette: .light)

    /// SAP Fiori Horizon Evening (dark): text #EAECEE on #12171C, rows #1D232A, selected rows
    /// #1B3650.
    public static let dark = Theme.horizon(name: "dark", palette: .dark)

    /// The built-in themes by name.
    public static let builtIn: [String: Theme] = ["light": light, "dark": dark]

    /// A built-in theme.
    ///
    /// - Parameter name: `light` or `dark` (case ignored).
    /// - Returns: The theme, or `nil` for another name.
    public static func named(_ name: String) -> Theme? {
        builtIn[name.lowercased()]
    }

    private static func horizon(name: String, palette: HorizonPalette) -> Theme {
        let none = ThemeBorderStyle.none
        var theme = Theme(
            name: name,
            defaults: ThemeStyle(
                fontColor: palette.text, fontStyle: ThemeFontStyle(.body), textAlign: .natural,
                tintColor: palette.brand, backgroundColor: palette.background,
                borderColor: palette.border, borderWidth: 0, borderStyle: none),
            statusColors: palette.status)
        func set(_ element: ThemeElement, _ style: ThemeStyle) {
            theme.declare(style, for: ThemeSelector(element))
        }
        func setSelected(_ element: ThemeElement, _ style: ThemeStyle) {
            theme.declare(style, for: ThemeSelector(element, state: .selected))
        }
        let rowBorder = ThemeStyle(borderColor: palette.border, borderWidth: 1, borderStyle: .solid)
        let selectedRow = ThemeStyle(
            backgroundColor: palette.selectionBackground, borderColor: palette.selectionBorder)

        set(.hierarchyView, ThemeStyle(fontColor: palette.text, backgroundColor: palette.background))
        // On the header class, the less specific of its two class paths, so that a user's sheet
        // wins whichever of the two it names.
        set(.header, ThemeStyle(backgroundColor: palette.base).overridden(by: rowBorder))
        set(.headerTitle, ThemeStyle(fontColor: palette.text, fontStyle: ThemeFontStyle(.headline), textAlign: .center))
        for button in [ThemeElement.headerLeftButton, .headerRightButton] {
            set(button, ThemeStyle(fontColor: palette.link, fontStyle: ThemeFontStyle(.body), tintColor: palette.link))
        }
        for cell in [ThemeElement.collectionItem, .tableCell] {
            set(cell, ThemeStyle(backgroundColor: palette.base).overridden(by: rowBorder))
            setSelected(cell, selectedRow)
        }
        set(.itemTitle, ThemeStyle(fontColor: palette.text, fontStyle: ThemeFontStyle(.body)))
        setSelected(.itemTitle, ThemeStyle(fontStyle: ThemeFontStyle(.body, isBold: true)))
        set(.itemSubtitle, ThemeStyle(fontColor: palette.label, fontStyle: ThemeFontStyle(.subheadline)))
        set(.itemFootnote, ThemeStyle(fontColor: palette.label, fontStyle: ThemeFontStyle(.footnote)))
        set(
            .itemStatus,
            ThemeStyle(fontColor: palette.label, fontStyle: ThemeFontStyle(.subheadline), textAlign: .right))
        set(.itemDetailImage, ThemeStyle(tintColor: palette.label))
        set(
            .indicator,
            ThemeStyle(tintColor: palette.brand, borderColor: palette.brand, borderWidth: 1, borderStyle: .solid))
        setSelected(.indicator, ThemeStyle(tintColor: palette.onBrand, backgroundColor: palette.brand))
        set(
            .indicatorTitle,
            ThemeStyle(fontColor: palette.link, fontStyle: ThemeFontStyle(.footnote), textAlign: .center))
        setSelected(
            .indicatorTitle,
            ThemeStyle(fontColor: palette.onBrand, fontStyle: ThemeFontStyle(.footnote, isBold: true)))
        // The lines and screens around the components (path and status lines, the list
        // floorplan, the linear hierarchy) look as they did before they had class paths.
        set(
            .pathLine,
            ThemeStyle(
                fontColor: palette.text, fontStyle: ThemeFontStyle(.headline), tintColor: palette.label,
                backgroundColor: palette.base))
        for line in [ThemeElement.statusLine, .listStatusLine] {
            set(
                line,
                ThemeStyle(
                    fontColor: palette.text, fontStyle: ThemeFontStyle(.body), backgroundColor: palette.background))
        }
        set(.listFloorplan, ThemeStyle(backgroundColor: palette.base))
        set(
            .listSearchBar,
            ThemeStyle(
                fontColor: palette.text, fontStyle: ThemeFontStyle(.headline), tintColor: palette.label,
                backgroundColor: palette.base))
        set(.listTitle, ThemeStyle(fontColor: palette.text, fontStyle: ThemeFontStyle(.body)))
        set(.listSubtitle, ThemeStyle(fontColor: palette.label, fontStyle: ThemeFontStyle(.subheadline)))
        set(.linearView, ThemeStyle(backgroundColor: palette.base))
        set(.linearCell, ThemeStyle(fontColor: palette.text, fontStyle: ThemeFontStyle(.body)))
        setSelected(
            .linearCell,
            ThemeStyle(fontStyle: ThemeFontStyle(.body, isBold: true), backgroundColor: palette.selectionBackground))
        return theme
    }
}
