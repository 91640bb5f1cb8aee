import Testing

@testable import TerminalUI

@Suite("TerminalText")
struct TerminalTextTests {
    @Test(
        "Hostile names are shown, not executed",
        arguments: [
            ("\u{1B}[2J evil", "^[[2J evil"),
            ("\u{1B}]0;pwned\u{07}name", "^[]0;pwned^Gname"),
            ("\u{1B}]52;c;ZXZpbA==\u{1B}\\", "^[]52;c;ZXZpbA==^[\\"),
            ("\u{9B}31mred", "\\u{9B}31mred"),
            ("\u{9D}8;;http://x\u{9C}", "\\u{9D}8;;http://x\\u{9C}"),
            ("a\tb\nc\r", "a␉b␤c^M"),
            ("\r\n", "^M␤"),
            ("\u{0}\u{7F}", "^@^?"),
            ("invoice\u{202E}fdp.exe", "invoice\\u{202E}fdp.exe"),
            ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
            ("line\u{2028}break", "line\\u{2028}break"),
        ])
    func hostile(input: String, shown: String) {
        #expect(TerminalText.sanitize(input) == shown)
    }

    @Test(
        "Ordinary text passes through unchanged",
        arguments: ["", "plain", "日本語 café", "👨‍👩‍👧", "שלום", "a\u{200F}b", "€ ₿ ©"])
    func ordinary(text: String) {
        #expect(TerminalText.sanitize(text) == text)
    }

    @Test("No control, C1 or bidi override scalar survives")
    func exhaustive() {
        let forbidden: [ClosedRange<UInt32>] = [0...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069]
        var all = String.UnicodeScalarView()
        for range in forbidden {
            for value in range { all.append(Unicode.Scalar(value)!) }
        }
        let sanitized = TerminalText.sanitize("x" + String(all) + "y")
        for scalar in sanitized.unicodeScalars {
            #expect(!forbidden.contains { $0.contains(scalar.value) }, "U+\(String(scalar.value, radix: 16)) passed")
        }
        #expect(sanitized.hasPrefix("x^@^A"))
        #expect(sanitized.hasSuffix("\\u{2069}y"))
    }

    @Test("Pasted text keeps only newlines and tabs")
    func paste() {
        #expect(TerminalText.cleanPaste("a\r\nb\rc\nd") == "a\nb\nc\nd")
        #expect(TerminalText.cleanPaste("x\u{1B}[31my\u{9B}z\u{202E}\t") == "x[31myz\t")
        #expect(TerminalText.cleanPaste("") == "")
    }
}
