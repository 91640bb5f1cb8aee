/// The standard accessory shown at the trailing edge of a cell.
public enum HierarchyAccessoryType: Hashable, Sendable {
    case none
    case disclosureIndicator
    case detailDisclosureButton
    case checkmark
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
