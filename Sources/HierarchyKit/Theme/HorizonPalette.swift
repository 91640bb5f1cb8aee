/// The SAP Fiori Horizon theme parameters the built-in themes are made of.
struct HorizonPalette: Sendable {
    /// `sapBrandColor`: the accent of buttons, indicators and links.
    var brand: ThemeColor
    /// `sapTextColor`: primary text.
    var text: ThemeColor
    /// `sapContent_LabelColor`: secondary text (subtitles, footnotes).
    var label: ThemeColor
    /// `sapBackgroundColor`: the page behind the lists.
    var background: ThemeColor
    /// `sapBaseColor` / `sapList_Background`: list rows and bars.
    var base: ThemeColor
    /// `sapLinkColor`: text buttons.
    var link: ThemeColor
    /// `sapList_BorderColor`: row separators.
    var border: ThemeColor
    /// `sapList_SelectionBackgroundColor`: the selected row.
    var selectionBackground: ThemeColor
    /// `sapList_SelectionBorderColor`: the selected row's border.
    var selectionBorder: ThemeColor
    /// Text on the brand colour.
    var onBrand: ThemeColor
    /// Positive, critical, negative, neutral, informative.
    var status: ThemeStatusColors

    private static func hex(_ text: String) -> ThemeColor {
        ThemeColor(hex: text) ?? ThemeColor(red: 0, green: 0, blue: 0)
    }

    /// Horizon (light).
    static let light = HorizonPalette(
        brand: hex("#0070F2"),
        text: hex("#1D2D3E"),
        label: hex("#556B82"),
        background: hex("#F5F6F7"),
        base: hex("#FFFFFF"),
        link: hex("#0064D9"),
        border: hex("#E5E5E5"),
        selectionBackground: hex("#EBF8FF"),
        selectionBorder: hex("#0064D9"),
        onBrand: hex("#FFFFFF"),
        status: ThemeStatusColors(
            positive: hex("#256F3A"), critical: hex("#E76500"), negative: hex("#AA0808"),
            neutral: hex("#788FA6"), informative: hex("#0070F2")))

    /// Horizon Evening (dark).
    static let dark = HorizonPalette(
        brand: hex("#0070F2"),
        text: hex("#EAECEE"),
        label: hex("#A9B4BE"),
        background: hex("#12171C"),
        base: hex("#1D232A"),
        link: hex("#4DB1FF"),
        border: hex("#34404B"),
        selectionBackground: hex("#1B3650"),
        selectionBorder: hex("#A6CFFF"),
        onBrand: hex("#FFFFFF"),
        status: ThemeStatusColors(
            positive: hex("#5DC122"), critical: hex("#FF8D1A"), negative: hex("#FA6161"),
            neutral: hex("#A9B4BE"), informative: hex("#4DB1FF")))
}
