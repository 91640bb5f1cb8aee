/// A custom accessory of a cell (`accessoryView`, `editingAccessoryView`): drawn at the
/// trailing end of the cell instead of the standard accessory type.
///
/// Text renderers draw ``drawnGlyph`` (the image's glyph when there is an image, else
/// `glyph`) in ``tintColor``; the web page shows an image given as a `data:image/…` address as
/// an image. Screen readers say `accessibilityLabel`.
open class HierarchyAccessoryView {
    /// A short text standing for the accessory ("★", "⋯", "Edit").
    open var glyph: String
    /// An image shown instead of `glyph` (its glyph in text faces).
    open var image: HierarchyImage?
    /// The colour of the glyph or template image; `nil` draws it in the cell's accessory colour.
    open var tintColor: ThemeColor?
    /// What a screen reader says for it.
    open var accessibilityLabel: String?
    /// Hides the accessory (nothing is drawn, not even the accessory type's glyph).
    open var isHidden = false

    /// An accessory showing a text.
    ///
    /// - Parameters:
    ///   - glyph: The text ("★", "Edit").
    ///   - tintColor: Its colour, the cell's accessory colour by default.
    ///   - accessibilityLabel: What a screen reader says for it.
    public init(glyph: String, tintColor: ThemeColor? = nil, accessibilityLabel: String? = nil) {
        self.glyph = glyph
        self.tintColor = tintColor
        self.accessibilityLabel = accessibilityLabel
    }

    /// An accessory showing an image.
    ///
    /// - Parameters:
    ///   - image: The image; text faces draw its glyph.
    ///   - tintColor: Its colour, the cell's accessory colour by default.
    ///   - accessibilityLabel: What a screen reader says for it (the image's name by default).
    public init(image: HierarchyImage, tintColor: ThemeColor? = nil, accessibilityLabel: String? = nil) {
        self.glyph = image.glyph
        self.image = image
        self.tintColor = tintColor
        self.accessibilityLabel = accessibilityLabel
    }

    /// What a text face draws: the image's glyph when there is an image, else `glyph`.
    public var drawnGlyph: String {
        image?.glyph ?? glyph
    }
}
