/// A custom accessory of a cell (`accessoryView`, `editingAccessoryView`): drawn at the
/// trailing end of the cell instead of the standard accessory type.
///
/// Text renderers draw `glyph`; screen readers say `accessibilityLabel`.
open class HierarchyAccessoryView {
    /// A short text standing for the accessory ("★", "⋯", "Edit").
    open var glyph: String
    /// What a screen reader says for it.
    open var accessibilityLabel: String?
    /// Hides the accessory (nothing is drawn, not even the accessory type's glyph).
    open var isHidden = false

    public init(glyph: String, accessibilityLabel: String? = nil) {
        self.glyph = glyph
        self.accessibilityLabel = accessibilityLabel
    }
}
