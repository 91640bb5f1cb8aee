/// The standard accessory shown at the trailing edge of a cell.
public enum HierarchyAccessoryType: Hashable, Sendable {
    /// No accessory.
    case none
    /// A chevron: the item leads somewhere (`›`, `‹` right to left).
    case disclosureIndicator
    /// An information button and a chevron.
    case detailDisclosureButton
    /// A checkmark: the item is chosen.
    case checkmark
    /// An information button.
    case detailButton

    /// A glyph for text renderers.
    public var glyph: String {
        switch self {
        case .none: ""
        case .disclosureIndicator: "›"
        case .detailDisclosureButton: "ⓘ›"
        case .checkmark: "✓"
        case .detailButton: "ⓘ"
        }
    }
}
