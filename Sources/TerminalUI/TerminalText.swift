/// Makes untrusted text safe to write to a terminal.
///
/// File names, document values and pasted text can contain escape sequences
/// that would move the cursor, change colours, set the window title or worse.
/// ``sanitize(_:)`` never lets a control character through; it shows each one
/// visibly instead:
///
/// | input | shown as |
/// |---|---|
/// | tab (U+0009) | `␉` (U+2409) |
/// | line feed (U+000A) | `␤` (U+2424) |
/// | other C0 controls U+0000–U+001F, including ESC and CR | caret notation: `^@`, `^M`, `^[` … |
/// | DEL (U+007F) | `^?` |
/// | C1 controls U+0080–U+009F | `\u{9B}` (the Swift escape, literally) |
/// | bidi embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069 | `\u{202E}` … |
/// | line and paragraph separators U+2028, U+2029 | `\u{2028}`, `\u{2029}` |
public enum TerminalText {
    /// Replaces every control character of `s` with a visible, harmless spelling (see the table above).
    ///
    /// - Parameter s: Untrusted text.
    /// - Returns: Text with no C0, C1, DEL or bidi-override characters.
    /// - Complexity: O(n); returns `s` unchanged after one byte scan when it has nothing to replace.
    public static func sanitize(_ s: String) -> String {
        guard needsSanitizing(s) else { return s }
        var result = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x09:
                result.append("\u{2409}")
            case 0x0A:
                result.append("\u{2424}")
            case 0x00..<0x20:
                result.append("^")
                result.append(Unicode.Scalar(UInt8(v + 0x40)))
            case 0x7F:
                result.append(contentsOf: "^?".unicodeScalars)
            case 0x80..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
                result.append(contentsOf: escaped(v).unicodeScalars)
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Cleans pasted text for use as input: keeps printable text, `\n` and `\t`.
    ///
    /// CR and CR LF become `\n`; every other control character, ESC and bidi
    /// override is removed. The result is still not fit to be written raw: draw it
    /// through ``ScreenBuffer/put(_:x:y:maxWidth:style:)``, which sanitises.
    ///
    /// - Parameter s: The pasted text.
    /// - Returns: The cleaned text.
    public static func cleanPaste(_ s: String) -> String {
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in s.unicodeScalars {
            let v = scalar.value
            defer { previousWasCR = v == 0x0D }
            switch v {
            case 0x0D:
                result.append("\n")
            case 0x0A:
                if !previousWasCR { result.append("\n") }
            case 0x09:
                result.append(scalar)
            case 0x00..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `s` has any character ``sanitize(_:)`` would replace.
    static func needsSanitizing(_ s: String) -> Bool {
        var utf8 = s.utf8.makeIterator()
        while let byte = utf8.next() {
            if byte < 0x20 || byte == 0x7F { return true }
            if byte == 0xC2 {
                // U+0080–U+009F are encoded as C2 80 … C2 9F.
                if let next = utf8.next(), next < 0xA0 { return true }
            } else if byte == 0xE2 {
                // U+2028–U+202E are E2 80 A8 … E2 80 AE; U+2066–U+2069 are E2 81 A6 … E2 81 A9.
                let b1 = utf8.next() ?? 0
                let b2 = utf8.next() ?? 0
                if b1 == 0x80 && (0xA8...0xAE).contains(b2) { return true }
                if b1 == 0x81 && (0xA6...0xA9).contains(b2) { return true }
            }
        }
        return false
    }

    /// The visible spelling `\u{XX}` of a scalar value.
    static func escaped(_ value: UInt32) -> String {
        "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }
}
