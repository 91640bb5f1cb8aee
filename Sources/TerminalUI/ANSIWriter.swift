/// Builds terminal control sequences into a byte array.
///
/// Everything is appended to ``bytes`` without intermediate strings, so a whole
/// frame costs one growing array.
struct ANSIWriter {
    /// The bytes written so far.
    var bytes: [UInt8] = []

    /// Creates an empty writer with room for `capacity` bytes.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends raw bytes.
    mutating func append<S: Sequence>(_ other: S) where S.Element == UInt8 {
        bytes.append(contentsOf: other)
    }

    /// Appends the UTF-8 bytes of a string.
    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a non-negative integer in decimal.
    mutating func appendDecimal(_ value: Int) {
        var v = max(0, value)
        if v < 10 {
            bytes.append(0x30 + UInt8(v))
            return
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while v > 0 {
                buffer[count] = 0x30 + UInt8(v % 10)
                v /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) {
                bytes.append(buffer[index])
            }
        }
    }

    /// Appends the Control Sequence Introducer `ESC [`.
    mutating func csi() {
        bytes.append(0x1B)
        bytes.append(0x5B)
    }

    /// Appends a DEC private mode set (`ESC [ ? n h`) or reset (`ESC [ ? n l`).
    mutating func privateMode(_ mode: Int, _ enabled: Bool) {
        csi()
        bytes.append(0x3F)
        appendDecimal(mode)
        bytes.append(enabled ? 0x68 : 0x6C)
    }

    /// Appends a cursor position (CUP) to a 0-based column and row.
    mutating func moveCursor(x: Int, y: Int) {
        csi()
        if x == 0 && y == 0 {
            bytes.append(0x48)
            return
        }
        appendDecimal(y + 1)
        if x > 0 {
            bytes.append(0x3B)
            appendDecimal(x + 1)
        }
        bytes.append(0x48)
    }

    /// Appends the SGR reset `ESC [ 0 m`.
    mutating func resetStyle() {
        append([0x1B, 0x5B, 0x30, 0x6D])
    }

    /// Appends the shortest SGR sequence that changes the pen from `old` to `new`.
    ///
    /// - Parameters:
    ///   - old: The current pen, or `nil` when unknown (the sequence then starts with a reset).
    ///   - new: The wanted pen.
    ///   - capability: Colours are downgraded to this before they are compared and written.
    mutating func changeStyle(from old: TextStyle?, to new: TextStyle, capability: ColorCapability) {
        if old == new { return }
        if new == .plain {
            resetStyle()
            return
        }
        var parameters = SGRParameters()
        let newForeground = new.foreground.downgraded(to: capability)
        let newBackground = new.background.downgraded(to: capability)
        if let old {
            if (old.bold && !new.bold) || (old.dim && !new.dim) {
                parameters.add(22)
                if new.bold { parameters.add(1) }
                if new.dim { parameters.add(2) }
            } else {
                if new.bold && !old.bold { parameters.add(1) }
                if new.dim && !old.dim { parameters.add(2) }
            }
            if old.italic != new.italic { parameters.add(new.italic ? 3 : 23) }
            if old.underline != new.underline { parameters.add(new.underline ? 4 : 24) }
            if old.reverse != new.reverse { parameters.add(new.reverse ? 7 : 27) }
            if old.foreground.downgraded(to: capability) != newForeground {
                parameters.addColor(newForeground, background: false)
            }
            if old.background.downgraded(to: capability) != newBackground {
                parameters.addColor(newBackground, background: true)
            }
        } else {
            parameters.add(0)
            if new.bold { parameters.add(1) }
            if new.dim { parameters.add(2) }
            if new.italic { parameters.add(3) }
            if new.underline { parameters.add(4) }
            if new.reverse { parameters.add(7) }
            if newForeground != .default { parameters.addColor(newForeground, background: false) }
            if newBackground != .default { parameters.addColor(newBackground, background: true) }
        }
        guard !parameters.isEmpty else { return }
        csi()
        for (index, value) in parameters.values.enumerated() {
            if index > 0 { bytes.append(0x3B) }
            appendDecimal(value)
        }
        bytes.append(0x6D)
    }
}

/// The numeric parameters of one SGR sequence.
struct SGRParameters {
    /// The parameters in order.
    var values: [Int] = []

    /// Whether there is nothing to write.
    var isEmpty: Bool { values.isEmpty }

    /// Adds one parameter.
    mutating func add(_ value: Int) {
        values.append(value)
    }

    /// Adds the parameters that select a foreground or background colour.
    mutating func addColor(_ color: TerminalColor, background: Bool) {
        switch color {
        case .default:
            add(background ? 49 : 39)
        case .ansi(let n):
            let index = Int(n % 16)
            if index < 8 {
                add((background ? 40 : 30) + index)
            } else {
                add((background ? 100 : 90) + index - 8)
            }
        case .indexed(let n):
            values.append(contentsOf: [background ? 48 : 38, 5, Int(n)])
        case .rgb(let r, let g, let b):
            values.append(contentsOf: [background ? 48 : 38, 2, Int(r), Int(g), Int(b)])
        }
    }
}
