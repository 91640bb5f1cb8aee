import Foundation

/// An sRGB colour with alpha, 8 bits per channel.
///
/// Parsed from and printed as hex (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`) or from a name
/// (see ``init(name:)``).
public struct ThemeColor: Hashable, Sendable, CustomStringConvertible {
    /// The red channel.
    public var red: UInt8
    /// The green channel.
    public var green: UInt8
    /// The blue channel.
    public var blue: UInt8
    /// The alpha channel; 255 is opaque.
    public var alpha: UInt8

    /// Creates a colour from its channels.
    ///
    /// - Parameters:
    ///   - red: The red channel.
    ///   - green: The green channel.
    ///   - blue: The blue channel.
    ///   - alpha: The alpha channel, opaque by default.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses a hex colour: `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` is required,
    /// digits in either case). Short forms repeat each digit: `#0AF` is `#00AAFF`.
    ///
    /// - Parameter hex: The text.
    /// - Returns: The colour, or `nil` when the text is not one of those forms.
    public init?(hex: String) {
        guard hex.first == "#" else { return nil }
        let digits = hex.dropFirst().map { $0.hexDigitValue }
        guard !digits.contains(where: { $0 == nil }) else { return nil }
        let values = digits.compactMap { $0 }.map(UInt8.init)
        switch values.count {
        case 3, 4:
            let expanded = values.map { $0 << 4 | $0 }
            self.init(
                red: expanded[0], green: expanded[1], blue: expanded[2], alpha: values.count == 4 ? expanded[3] : 255)
        case 6, 8:
            let pairs = stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
            self.init(red: pairs[0], green: pairs[1], blue: pairs[2], alpha: pairs.count == 4 ? pairs[3] : 255)
        default:
            return nil
        }
    }

    /// Parses a stylesheet colour value: hex or a colour name.
    ///
    /// - Parameter text: The value, surrounding spaces allowed.
    /// - Returns: The colour, or `nil` when it is neither.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let color = ThemeColor(hex: trimmed) ?? ThemeColor(name: trimmed) {
            self = color
        } else {
            return nil
        }
    }

    /// The colour as `#RRGGBB` (opaque) or `#RRGGBBAA`, upper-case digits.
    public var hex: String {
        let channels = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + channels.map(Self.hexByte).joined()
    }

    public var description: String { hex }

    /// Whether the colour is fully opaque.
    public var isOpaque: Bool { alpha == 255 }

    private static func hexByte(_ value: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(value >> 4)], digits[Int(value & 0xF)]])
    }
}
