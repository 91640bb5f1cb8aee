/// The resolved or declared look of one element; `nil` means "not set here".
public struct ThemeStyle: Hashable, Sendable {
    /// The text colour (`font-color`).
    public var fontColor: ThemeColor?
    /// The text style (`font-style`).
    public var fontStyle: ThemeFontStyle?
    /// The text alignment (`text-align`).
    public var textAlign: ThemeTextAlignment?
    /// The colour of icons and images (`tint-color`).
    public var tintColor: ThemeColor?
    /// The background (`background-color`).
    public var backgroundColor: ThemeColor?
    /// The border colour (`border-color`). Not inherited from containers.
    public var borderColor: ThemeColor?
    /// The border width in the renderer's units (`border-width`). Not inherited from containers.
    public var borderWidth: Double?
    /// The border line style (`border-style`). Not inherited from containers.
    public var borderStyle: ThemeBorderStyle?

    /// Creates a style; every property is optional.
    ///
    /// - Parameters:
    ///   - fontColor: The text colour.
    ///   - fontStyle: The text style.
    ///   - textAlign: The text alignment.
    ///   - tintColor: The colour of icons and images.
    ///   - backgroundColor: The background.
    ///   - borderColor: The border colour.
    ///   - borderWidth: The border width.
    ///   - borderStyle: The border line style.
    public init(
        fontColor: ThemeColor? = nil,
        fontStyle: ThemeFontStyle? = nil,
        textAlign: ThemeTextAlignment? = nil,
        tintColor: ThemeColor? = nil,
        backgroundColor: ThemeColor? = nil,
        borderColor: ThemeColor? = nil,
        borderWidth: Double? = nil,
        borderStyle: ThemeBorderStyle? = nil
    ) {
        self.fontColor = fontColor
        self.fontStyle = fontStyle
        self.textAlign = textAlign
        self.tintColor = tintColor
        self.backgroundColor = backgroundColor
        self.borderColor = borderColor
        self.borderWidth = borderWidth
        self.borderStyle = borderStyle
    }

    /// Whether no property is set.
    public var isEmpty: Bool { self == ThemeStyle() }

    /// Whether every property is set.
    public var isComplete: Bool {
        fontColor != nil && fontStyle != nil && textAlign != nil && tintColor != nil && backgroundColor != nil
            && borderColor != nil && borderWidth != nil && borderStyle != nil
    }

    /// This style with the properties `other` sets replacing this style's.
    ///
    /// - Parameter other: The style that wins.
    /// - Returns: The merged style.
    public func overridden(by other: ThemeStyle) -> ThemeStyle {
        other.filled(from: self, inheritedOnly: false)
    }

    /// This style with its unset properties taken from `fallback`.
    ///
    /// - Parameters:
    ///   - fallback: The style that loses.
    ///   - inheritedOnly: Take only the properties a container passes on (all but the border).
    /// - Returns: The merged style.
    public func filled(from fallback: ThemeStyle, inheritedOnly: Bool = false) -> ThemeStyle {
        var result = self
        result.fontColor = fontColor ?? fallback.fontColor
        result.fontStyle = fontStyle ?? fallback.fontStyle
        result.textAlign = textAlign ?? fallback.textAlign
        result.tintColor = tintColor ?? fallback.tintColor
        result.backgroundColor = backgroundColor ?? fallback.backgroundColor
        if !inheritedOnly {
            result.borderColor = borderColor ?? fallback.borderColor
            result.borderWidth = borderWidth ?? fallback.borderWidth
            result.borderStyle = borderStyle ?? fallback.borderStyle
        }
        return result
    }
}
