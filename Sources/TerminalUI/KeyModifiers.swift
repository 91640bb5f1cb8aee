/// Modifier keys held with a key or mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Shift, where the terminal reports it (letters arrive already shifted).
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Alt (Meta, Option): reported as an ESC prefix or a CSI modifier parameter.
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    /// Control: reported as a control character or a CSI modifier parameter.
    public static let control = KeyModifiers(rawValue: 1 << 2)

    /// Modifiers from an xterm modifier parameter (`1 + bits`: 1 shift, 2 alt, 4 control, 8 meta).
    ///
    /// Meta counts as ``alt``. Values below 2 mean no modifier.
    init(xtermParameter parameter: Int) {
        let bits = max(0, parameter - 1)
        var result: KeyModifiers = []
        if bits & 1 != 0 { result.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { result.insert(.alt) }
        if bits & 4 != 0 { result.insert(.control) }
        self = result
    }
}
