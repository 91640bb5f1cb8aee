#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The number of terminal columns text occupies.
///
/// Widths are computed per grapheme cluster (Swift `Character`): the first
/// scalar's width comes from the C library's `wcwidth`; combining marks,
/// zero-width joiners and variation selectors add nothing; a cluster shown with
/// emoji presentation (a VS16 selector, an emoji ZWJ sequence, a regional
/// indicator flag, or an emoji-presentation base) and East Asian wide or
/// fullwidth characters take two columns. Widths are never negative and never
/// above two. Control characters have width 0 (sanitise text before drawing it,
/// see ``TerminalText``).
public enum DisplayWidth {
    /// Where a padded string sits in its field.
    public enum Alignment: Sendable, Hashable {
        /// Text first, padding after (left in left-to-right layouts).
        case leading
        /// Padding first, text after.
        case trailing
        /// Padding split on both sides, the extra column after.
        case center
    }

    /// A UTF-8 character-type locale for `wcwidth`, made once (`C.UTF-8`, else `en_US.UTF-8`).
    ///
    /// It is installed with `uselocale` only around each `wcwidth` call, on the calling
    /// thread: the process's `LC_CTYPE` is never changed.
    // Safe: written once by the lazy initialiser, then only read; a locale_t is immutable.
    private nonisolated(unsafe) static let utf8Locale: locale_t? = {
        newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) ?? newlocale(LC_CTYPE_MASK, "en_US.UTF-8", nil)
    }()

    /// `wcwidth` of a scalar in a UTF-8 character type on this thread only; -1 when unknown.
    private static func utf8WCWidth(_ value: UInt32) -> Int32 {
        guard let locale = utf8Locale, let previous = uselocale(locale) else { return -1 }
        defer { uselocale(previous) }
        return systemWCWidth(Int32(bitPattern: value))
    }

    /// The number of columns one grapheme cluster occupies (0, 1 or 2).
    ///
    /// - Parameter c: The character.
    /// - Returns: Its display width.
    public static func of(_ c: Character) -> Int {
        if let ascii = c.asciiValue {
            return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
        }
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return 0 }
        var count = 0
        var hasVS16 = false
        var hasVS15 = false
        var hasZWJ = false
        var regionalIndicators = 0
        var emojiScalars = 0
        for scalar in scalars {
            count += 1
            switch scalar.value {
            case 0xFE0F: hasVS16 = true
            case 0xFE0E: hasVS15 = true
            case 0x200D: hasZWJ = true
            case 0x1F1E6...0x1F1FF: regionalIndicators += 1
            default:
                if scalar.value > 0xFF && scalar.properties.isEmoji { emojiScalars += 1 }
            }
        }
        if count > 1 {
            if regionalIndicators >= 2 { return 2 }
            if hasVS16 && first.properties.isEmoji { return 2 }
            if hasZWJ && emojiScalars >= 2 { return 2 }
            if (0x1F3FB...0x1F3FF).contains(scalars.dropFirst().first?.value ?? 0) { return 2 }
        }
        let base = scalarWidth(first)
        if hasVS15 && base == 2 && first.properties.isEmojiPresentation {
            return 1
        }
        return base
    }

    /// The number of columns a string occupies: the sum of its characters' widths.
    ///
    /// - Parameter s: The string.
    /// - Returns: Its display width.
    /// - Complexity: O(n) in the length of `s`; one pass over the bytes for ASCII text.
    public static func of(_ s: String) -> Int {
        var asciiWidth = 0
        var allPrintableASCII = true
        for byte in s.utf8 {
            if byte >= 0x20 && byte < 0x7F {
                asciiWidth += 1
            } else {
                allPrintableASCII = false
                break
            }
        }
        if allPrintableASCII { return asciiWidth }
        var total = 0
        for c in s { total += of(c) }
        return total
    }

    /// The width of a single scalar shown on its own.
    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x7F { return 1 }
        if (0x1F1E6...0x1F1FF).contains(value) { return 1 }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            return 0
        default:
            break
        }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return 0 }
        if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels and final consonants
        if properties.isEmojiPresentation { return 2 }
        let width = utf8WCWidth(value)
        if width < 0 {
            return isWideFallback(value) ? 2 : 1
        }
        return min(Int(width), 2)
    }

    /// East Asian wide ranges, used when `wcwidth` does not know a character.
    static func isWideFallback(_ v: UInt32) -> Bool {
        (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
            || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x3FFFD).contains(v)
    }

    /// Shortens a string to at most `width` columns, ending it with `ellipsis` when anything was cut.
    ///
    /// A wide character that would straddle the limit is dropped whole, so the
    /// result can be one column narrower than `width`. When even the ellipsis does
    /// not fit, the result is the widest prefix of `ellipsis` that does.
    ///
    /// - Parameters:
    ///   - s: The text (sanitise it first if it may contain control characters).
    ///   - width: The maximum number of columns; values below 1 give an empty string.
    ///   - ellipsis: What marks the cut, `…` by default; may be empty.
    /// - Returns: `s` itself if it fits, otherwise a prefix of it followed by `ellipsis`.
    /// - Complexity: O(n) in the length of `s`.
    public static func truncate(_ s: String, toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if of(s) <= width { return s }
        let ellipsisWidth = of(ellipsis)
        if ellipsisWidth > width {
            return prefix(ellipsis, width: width)
        }
        return prefix(s, width: width - ellipsisWidth) + ellipsis
    }

    /// Fits a string into exactly `width` columns: truncates it (with `ellipsis`) or pads it with spaces.
    ///
    /// - Parameters:
    ///   - s: The text.
    ///   - width: The field width; values below 1 give an empty string.
    ///   - alignment: Where the text sits when it is narrower than the field.
    ///   - ellipsis: What marks a cut.
    /// - Returns: A string whose display width is exactly `max(0, width)`.
    /// - Complexity: O(n + width).
    public static func pad(
        _ s: String, toWidth width: Int, alignment: Alignment = .leading, ellipsis: String = "…"
    ) -> String {
        guard width > 0 else { return "" }
        let fitted = truncate(s, toWidth: width, ellipsis: ellipsis)
        let missing = width - of(fitted)
        guard missing > 0 else { return fitted }
        switch alignment {
        case .leading:
            return fitted + String(repeating: " ", count: missing)
        case .trailing:
            return String(repeating: " ", count: missing) + fitted
        case .center:
            let before = missing / 2
            return String(repeating: " ", count: before) + fitted + String(repeating: " ", count: missing - before)
        }
    }

    /// The longest prefix of `s` that is at most `width` columns wide.
    static func prefix(_ s: String, width: Int) -> String {
        var used = 0
        var end = s.startIndex
        for index in s.indices {
            let w = of(s[index])
            if used + w > width { break }
            used += w
            end = s.index(after: index)
        }
        return String(s[..<end])
    }
}

/// The C library's `wcwidth(3)`, which Glibc's module map does not export.
@_silgen_name("wcwidth")
private func systemWCWidth(_ character: Int32) -> Int32
