/// An image as the engine knows it: a name, and a glyph that text renderers can draw.
///
/// A string literal makes a text icon (the seed's `iconImages = ["1", …]`).
public struct HierarchyImage: Hashable, Sendable, ExpressibleByStringLiteral {
    /// How a renderer should colour the image.
    public enum RenderingMode: Hashable, Sendable {
        /// The renderer's default colouring.
        case automatic
        /// The image keeps its own colours.
        case alwaysOriginal
        /// The image is drawn in the tint colour.
        case alwaysTemplate
    }

    /// The image's name (an icon name, a file name, or the text of a text icon).
    public var name: String
    /// A short text standing for the image where only text can be drawn.
    public var glyph: String
    /// How a renderer colours the image.
    public var renderingMode: RenderingMode

    /// Makes an image.
    ///
    /// - Parameters:
    ///   - name: The icon or file name, or the text of a text icon.
    ///   - glyph: The text drawn where only text can be drawn; `nil` uses `name`.
    ///   - renderingMode: How a renderer colours it.
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

extension HierarchyImage {
    /// The glyph of a named image: an icon of `IconLibrary` by its name
    /// ("indicator.veryHighPriority"), or a common symbol name ("exclamationmark.triangle",
    /// "checkmark", "star.fill", "paperclip", …); `nil` for a name it does not know.
    ///
    /// - Complexity: O(1).
    public static func glyph(forName name: String) -> String? {
        namedGlyphs[name]
    }

    /// The glyph drawn for a named image whose name is not known.
    public static let unknownGlyph = "▪"

    private static let namedGlyphs: [String: String] = {
        var glyphs: [String: String] = [
            "exclamationmark": "!", "exclamationmark.2": "‼", "exclamationmark.3": "‼",
            "exclamationmark.circle": "!", "exclamationmark.circle.fill": "!",
            "exclamationmark.triangle": "⚠", "exclamationmark.triangle.fill": "⚠",
            "checkmark": "✓", "checkmark.circle": "✓", "checkmark.circle.fill": "✓",
            "xmark": "✗", "xmark.circle": "✗", "xmark.circle.fill": "✗", "xmark.octagon": "✗",
            "xmark.octagon.fill": "✗",
            "info": "ⓘ", "info.circle": "ⓘ", "info.circle.fill": "ⓘ",
            "star": "☆", "star.fill": "★", "heart": "♡", "heart.fill": "♥",
            "flag": "⚑", "flag.fill": "⚑", "bell": "🔔", "bell.fill": "🔔",
            "paperclip": "📎", "lock": "🔒", "lock.fill": "🔒", "lock.open": "🔓",
            "folder": "📁", "folder.fill": "📁", "doc": "📄", "doc.text": "📄", "doc.fill": "📄",
            "person": "👤", "person.fill": "👤", "clock": "🕒", "clock.fill": "🕒",
            "gear": "⚙", "gearshape": "⚙", "wrench": "🔧", "wrench.fill": "🔧",
            "mappin": "📍", "location": "📍", "calendar": "📅", "envelope": "✉", "phone": "☎",
            "circle": "○", "circle.fill": "●", "square": "□", "square.fill": "■",
            "arrow.up": "↑", "arrow.down": "↓", "arrow.left": "←", "arrow.right": "→",
            "chevron.right": "›", "chevron.left": "‹", "plus": "+", "minus": "−", "trash": "🗑",
        ]
        for image in IconLibrary.allIcons { glyphs[image.name] = image.glyph }
        return glyphs
    }()
}

/// Named icons, as in the Fiori icon library.
public enum IconLibrary {
    /// The indicator icons: priorities, attachments and outcomes (lower case, as the Fiori icon
    /// library names it).
    // swift-format-ignore: TypeNamesShouldBeCapitalized
    public enum indicator {
        /// Very high priority (`‼`).
        public static let veryHighPriority = HierarchyImage(name: "indicator.veryHighPriority", glyph: "‼")
        /// High priority (`!`).
        public static let highPriority = HierarchyImage(name: "indicator.highPriority", glyph: "!")
        /// Medium priority (`•`).
        public static let mediumPriority = HierarchyImage(name: "indicator.mediumPriority", glyph: "•")
        /// Low priority (`↓`).
        public static let lowPriority = HierarchyImage(name: "indicator.lowPriority", glyph: "↓")
        /// Has an attachment (📎).
        public static let attachment = HierarchyImage(name: "indicator.attachment", glyph: "📎")
        /// Succeeded (`✓`).
        public static let success = HierarchyImage(name: "indicator.success", glyph: "✓")
        /// Failed (`✗`).
        public static let error = HierarchyImage(name: "indicator.error", glyph: "✗")
        /// Needs attention (`⚠`).
        public static let warning = HierarchyImage(name: "indicator.warning", glyph: "⚠")
        /// Has information to read (`ⓘ`).
        public static let information = HierarchyImage(name: "indicator.information", glyph: "ⓘ")
        /// A favourite (`★`).
        public static let favorite = HierarchyImage(name: "indicator.favorite", glyph: "★")
        /// Locked (🔒).
        public static let locked = HierarchyImage(name: "indicator.locked", glyph: "🔒")
    }

    /// Every icon of the library.
    public static let allIcons: [HierarchyImage] = [
        indicator.veryHighPriority, indicator.highPriority, indicator.mediumPriority, indicator.lowPriority,
        indicator.attachment, indicator.success, indicator.error, indicator.warning, indicator.information,
        indicator.favorite, indicator.locked,
    ]
}

/// A view that shows one image.
public final class HierarchyImageView {
    /// The image shown; `nil` shows nothing.
    public var image: HierarchyImage?
    /// Whether the image is left out of the drawing.
    public var isHidden = false
    /// Makes a view showing `image`.
    public init(image: HierarchyImage? = nil) { self.image = image }
}
