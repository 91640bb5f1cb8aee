import Testing

@testable import TerminalUI

#if canImport(Glibc)
    import Glibc
#endif

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test("ASCII counts one column per character", arguments: [("", 0), ("a", 1), ("hello", 5), ("a b\u{7E}", 4)])
    func ascii(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test("Measuring leaves the process's LC_CTYPE as it was")
    func processLocaleUntouched() {
        let before = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
        // Characters that need the UTF-8 locale (wcwidth), measured more than once.
        #expect(DisplayWidth.of("日本語 e\u{301} ⌘") == 10)
        #expect(DisplayWidth.of("한국어") == 6)
        let after = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
        #expect(before != nil)
        #expect(after == before)
    }

    @Test("East Asian wide and fullwidth characters take two columns")
    func wide() {
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("Ａ") == 2)
        #expect(DisplayWidth.of("a日b") == 4)
        // Decomposed Hangul syllable: leading consonant + vowel.
        #expect(DisplayWidth.of(Character("\u{1100}\u{1161}")) == 2)
    }

    @Test("Emoji sequences, flags and presentation selectors take two columns")
    func emoji() {
        #expect(DisplayWidth.of(Character("👨‍👩‍👧")) == 2)
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
        #expect(DisplayWidth.of("🇫🇷") == 2)
        #expect(DisplayWidth.of("🇫🇷🇩🇪") == 4)
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(DisplayWidth.of("❤️") == 2)
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("x😀y") == 4)
    }

    @Test("Combining marks, joiners and selectors add nothing")
    func combining() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("Cafe\u{301}") == 4)
        #expect(DisplayWidth.of("a\u{20DD}") == 1)
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)
        #expect(DisplayWidth.of("\u{200B}") == 0)
        #expect(DisplayWidth.of("❤") == 1)
    }

    @Test("Control characters have no width and widths are never negative")
    func controls() {
        for value in UInt32(0)..<0x20 {
            let scalar = Unicode.Scalar(value)!
            #expect(DisplayWidth.of(Character(scalar)) == 0)
        }
        #expect(DisplayWidth.of("\u{7F}\u{85}\u{9B}") == 0)
        #expect(DisplayWidth.of("\u{E000}") >= 0)
        #expect(DisplayWidth.of("\u{10FFFD}") >= 0)
    }

    @Test("truncate cuts with an ellipsis and never splits a wide character")
    func truncate() {
        #expect(DisplayWidth.truncate("hello world", toWidth: 5) == "hell…")
        #expect(DisplayWidth.truncate("hello", toWidth: 5) == "hello")
        #expect(DisplayWidth.truncate("hello", toWidth: 1) == "…")
        #expect(DisplayWidth.truncate("hello", toWidth: 0) == "")
        #expect(DisplayWidth.truncate("hello", toWidth: -3) == "")
        #expect(DisplayWidth.truncate("日本語", toWidth: 4) == "日…")
        #expect(DisplayWidth.truncate("日本語", toWidth: 5) == "日本…")
        #expect(DisplayWidth.truncate("hello world", toWidth: 6, ellipsis: "...") == "hel...")
        #expect(DisplayWidth.truncate("hello world", toWidth: 2, ellipsis: "...") == "..")
        #expect(DisplayWidth.truncate("hello world", toWidth: 4, ellipsis: "") == "hell")
    }

    @Test("pad fits text into exactly the field width")
    func pad() {
        #expect(DisplayWidth.pad("ab", toWidth: 5) == "ab   ")
        #expect(DisplayWidth.pad("ab", toWidth: 5, alignment: .trailing) == "   ab")
        #expect(DisplayWidth.pad("ab", toWidth: 5, alignment: .center) == " ab  ")
        #expect(DisplayWidth.pad("日本語", toWidth: 4) == "日… ")
        #expect(DisplayWidth.pad("abcdef", toWidth: 3) == "ab…")
        #expect(DisplayWidth.pad("abc", toWidth: 0) == "")
    }

    @Test("truncate and pad respect every width", arguments: ["", "a", "hello world", "日本語abc", "👨‍👩‍👧🇫🇷e\u{301}x"])
    func sweep(text: String) {
        for width in -1...14 {
            let truncated = DisplayWidth.truncate(text, toWidth: width)
            #expect(DisplayWidth.of(truncated) <= max(0, width))
            if DisplayWidth.of(text) <= width { #expect(truncated == text) }
            #expect(DisplayWidth.of(DisplayWidth.pad(text, toWidth: width)) == max(0, width))
        }
    }
}
