import Foundation

/// A property a stylesheet may set.
public enum StyleSheetProperty: String, Hashable, Sendable, CaseIterable {
    /// `font-color`: the colour of a text.
    case fontColor = "font-color"
    /// `font-style`: a text style with optional weight and slant (``ThemeFontStyle``).
    case fontStyle = "font-style"
    /// `text-align`: how a text is aligned (``ThemeTextAlignment``).
    case textAlign = "text-align"
    /// `tint-color`: the colour of icons and the hierarchy indicator.
    case tintColor = "tint-color"
    /// `background-color` (or `background`): the fill behind an element.
    case backgroundColor = "background-color"
    /// `border-color`: the colour of an element's border.
    case borderColor = "border-color"
    /// `border-width`: the width of an element's border.
    case borderWidth = "border-width"
    /// `border-style`: how the border line is drawn (``ThemeBorderStyle``).
    case borderStyle = "border-style"

    /// Looks a property up by its stylesheet name, ignoring case; `background` is accepted for
    /// `background-color` (as the issue tracker and CSS write it).
    ///
    /// - Parameter name: The name.
    /// - Returns: The property, or `nil` for an unknown name.
    public init?(named name: String) {
        let lowered = name.lowercased()
        if lowered == "background" {
            self = .backgroundColor
            return
        }
        self.init(rawValue: lowered)
    }

    /// Parses a value for this property and stores it in a style.
    ///
    /// - Parameters:
    ///   - value: The value text, trimmed.
    ///   - style: The style to set the property in.
    /// - Returns: `nil` on success, otherwise a one-line explanation of what is wrong.
    func apply(_ value: String, to style: inout ThemeStyle) -> String? {
        switch self {
        case .fontColor, .tintColor, .backgroundColor, .borderColor:
            guard let color = ThemeColor(parsing: value) else {
                return "invalid colour '\(value)' for '\(rawValue)'; expected #RGB, #RRGGBB, #RRGGBBAA or a colour name"
            }
            switch self {
            case .fontColor: style.fontColor = color
            case .tintColor: style.tintColor = color
            case .backgroundColor: style.backgroundColor = color
            default: style.borderColor = color
            }
        case .fontStyle:
            guard let font = ThemeFontStyle(parsing: value) else {
                let names = ThemeFontStyle.TextStyle.allCases.map(\.rawValue).joined(separator: ", ")
                return "unknown font style '\(value)'; expected one of \(names), optionally followed by bold or italic"
            }
            style.fontStyle = font
        case .textAlign:
            guard let alignment = ThemeTextAlignment(parsing: value) else {
                return "unknown text alignment '\(value)'; expected left, center, right, natural or justified"
            }
            style.textAlign = alignment
        case .borderWidth:
            var number = value.lowercased()
            for unit in ["px", "pt"] where number.hasSuffix(unit) { number.removeLast(unit.count) }
            guard let width = Double(number.trimmingCharacters(in: .whitespaces)), width.isFinite, width >= 0 else {
                return "invalid border width '\(value)'; expected a non-negative number"
            }
            style.borderWidth = width
        case .borderStyle:
            guard let border = ThemeBorderStyle(parsing: value) else {
                return "unknown border style '\(value)'; expected none, solid, dashed or dotted"
            }
            style.borderStyle = border
        }
        return nil
    }

    /// The value a style holds for this property, in stylesheet form, if set.
    ///
    /// - Parameter style: The style.
    /// - Returns: The value text, or `nil` when unset.
    func value(in style: ThemeStyle) -> String? {
        switch self {
        case .fontColor: style.fontColor?.hex
        case .fontStyle: style.fontStyle?.description
        case .textAlign: style.textAlign?.rawValue
        case .tintColor: style.tintColor?.hex
        case .backgroundColor: style.backgroundColor?.hex
        case .borderColor: style.borderColor?.hex
        case .borderWidth: style.borderWidth.map(Self.formatNumber)
        case .borderStyle: style.borderStyle?.rawValue
        }
    }

    /// A number without a trailing `.0` when it is whole: `1`, `0.5`.
    private static func formatNumber(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
