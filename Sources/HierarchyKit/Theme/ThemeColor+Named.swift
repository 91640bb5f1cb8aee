extension ThemeColor {
    /// Parses a colour name, ignoring case: `white`, `black`, `transparent` (also `clear`), and
    /// the SAP Fiori Horizon (light) theme parameters such as `sapBrandColor` or `sapTextColor`
    /// (see ``namedColors``).
    ///
    /// - Parameter name: The name.
    /// - Returns: The colour, or `nil` for an unknown name.
    public init?(name: String) {
        guard let color = Self.namedColorsByLowercasedName[name.lowercased()] else { return nil }
        self = color
    }

    /// The colours a stylesheet may name, by name.
    ///
    /// The `sap…` names carry the SAP Fiori Horizon light values.
    public static let namedColors: [String: ThemeColor] = [
        "white": ThemeColor(red: 255, green: 255, blue: 255),
        "black": ThemeColor(red: 0, green: 0, blue: 0),
        "transparent": ThemeColor(red: 0, green: 0, blue: 0, alpha: 0),
        "clear": ThemeColor(red: 0, green: 0, blue: 0, alpha: 0),
        "sapBrandColor": HorizonPalette.light.brand,
        "sapHighlightColor": HorizonPalette.light.brand,
        "sapTextColor": HorizonPalette.light.text,
        "sapContent_LabelColor": HorizonPalette.light.label,
        "sapBackgroundColor": HorizonPalette.light.background,
        "sapBaseColor": HorizonPalette.light.base,
        "sapLinkColor": HorizonPalette.light.link,
        "sapList_BorderColor": HorizonPalette.light.border,
        "sapList_SelectionBackgroundColor": HorizonPalette.light.selectionBackground,
        "sapList_SelectionBorderColor": HorizonPalette.light.selectionBorder,
        "sapPositiveColor": HorizonPalette.light.status.positive,
        "sapCriticalColor": HorizonPalette.light.status.critical,
        "sapNegativeColor": HorizonPalette.light.status.negative,
        "sapNeutralColor": HorizonPalette.light.status.neutral,
        "sapInformativeColor": HorizonPalette.light.status.informative,
    ]

    private static let namedColorsByLowercasedName: [String: ThemeColor] = Dictionary(
        uniqueKeysWithValues: namedColors.map { ($0.key.lowercased(), $0.value) })
}
