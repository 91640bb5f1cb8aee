import Testing

@testable import TerminalUI

@Suite("ANSIWriter")
struct ANSIWriterTests {
    static func text(_ build: (inout ANSIWriter) -> Void) -> String {
        var writer = ANSIWriter()
        build(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test(
        "Decimal numbers",
        arguments: [(0, "0"), (7, "7"), (10, "10"), (2026, "2026"), (-5, "0"), (Int.max, "\(Int.max)")])
    func decimal(value: Int, expected: String) {
        #expect(Self.text { $0.appendDecimal(value) } == expected)
    }

    @Test(
        "Cursor moves use the shortest CUP form",
        arguments: [
            (0, 0, "\u{1B}[H"), (0, 4, "\u{1B}[5H"), (3, 0, "\u{1B}[1;4H"), (199, 59, "\u{1B}[60;200H"),
        ])
    func cursor(x: Int, y: Int, expected: String) {
        #expect(Self.text { $0.moveCursor(x: x, y: y) } == expected)
    }

    @Test("Private modes")
    func modes() {
        #expect(Self.text { $0.privateMode(2026, true) } == "\u{1B}[?2026h")
        #expect(Self.text { $0.privateMode(25, false) } == "\u{1B}[?25l")
    }

    @Test(
        "Style changes",
        arguments: [
            (TextStyle?.none, TextStyle(bold: true), "\u{1B}[0;1m"),
            (TextStyle?.none, TextStyle.plain, "\u{1B}[0m"),
            (TextStyle.plain, TextStyle.plain, ""),
            (TextStyle(underline: true), TextStyle(italic: true), "\u{1B}[3;24m"),
            (TextStyle(bold: true, dim: true), TextStyle(bold: true), "\u{1B}[22;1m"),
            (TextStyle(foreground: .ansi(1)), TextStyle(foreground: .ansi(12), background: .ansi(3)), "\u{1B}[94;43m"),
            (TextStyle(foreground: .ansi(1), reverse: true), TextStyle(foreground: .default), "\u{1B}[0m"),
            (TextStyle(foreground: .ansi(1), bold: true), TextStyle(foreground: .default, bold: true), "\u{1B}[39m"),
            (TextStyle.plain, TextStyle(background: .indexed(236)), "\u{1B}[48;5;236m"),
        ])
    func styles(old: TextStyle?, new: TextStyle, expected: String) {
        #expect(Self.text { $0.changeStyle(from: old, to: new, capability: .trueColor) } == expected)
    }

    @Test("Colours that downgrade to the same value are not rewritten")
    func sameAfterDowngrade() {
        let old = TextStyle(foreground: .rgb(255, 0, 0))
        let new = TextStyle(foreground: .rgb(250, 5, 5))
        #expect(Self.text { $0.changeStyle(from: old, to: new, capability: .ansi16) } == "")
        #expect(Self.text { $0.changeStyle(from: old, to: new, capability: .trueColor) } == "\u{1B}[38;2;250;5;5m")
    }
}
