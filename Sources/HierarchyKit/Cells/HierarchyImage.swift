/// An image as the engine knows it: a name, and a glyph that text renderers can draw.
///
/// A string literal makes a text icon (the seed's `iconImages = ["1", …]`).
public struct HierarchyImage: Hashable, Sendable, ExpressibleByStringLiteral {
    /// How a renderer should colour the image.
    public enum RenderingMode: Hashable, Sendable {
        case automatic
        case alwaysOriginal
        case alwaysTemplate
    }

    /// The image's name (an icon name, a file name, or the text of a text icon).
    public var name: String
    /// A short text standing for the image where only text can be drawn.
    public var glyph: String
    public var renderingMode: RenderingMode

    public init(name: String, glyph: String? = nil, renderingMode: RenderingMode = .automatic) {
        self.name = name
        self.glyph = glyph ?? name
        self.renderingMode = renderingMode
    }

    public init(stringLiteral value: String) {
        self.init(name: value, glyph: value)
    }

    /// The same image drawn with another rendering mode.
    public func withRenderingMode(_ mode: RenderingMode) -> HierarchyImage {
        var copy = self
        copy.renderingMode = mode
        return copy
    }
}

/// Named icons, as in the Fiori icon library.
public enum IconLibrary {
    public enum indicator {
        public static let veryHighPriority = HierarchyImage(name: "indicator.veryHighPriority", glyph: "‼")
        public static let highPriority = HierarchyImage(name: "indicator.highPriority", glyph: "!")
        public static let attachment = HierarchyImage(name: "indicator.attachment", glyph: "📎")
        public static let success = HierarchyImage(name: "indicator.success", glyph: "✓")
        public static let error = HierarchyImage(name: "indicator.error", glyph: "✗")
        public static let warning = HierarchyImage(name: "indicator.warning", glyph: "⚠")
    }
}

/// A view that shows one image.
public final class HierarchyImageView {
    public var image: HierarchyImage?
    public var isHidden = false
    public init(image: HierarchyImage? = nil) { self.image = image }
}
