import Testing

@testable import TerminalUI

@Suite("ScreenBuffer")
struct ScreenBufferTests {
    /// Checks that every wide head is followed by its continuation and no continuation stands alone.
    static func checkWideInvariant(_ buffer: ScreenBuffer, sourceLocation: SourceLocation = #_sourceLocation) {
        let offender = buffer._checkInvariants()
        #expect(
            offender == nil, "broken wide character at \(String(describing: offender))", sourceLocation: sourceLocation)
    }

    @Test("The invariant check finds a lone continuation")
    func invariantCheck() {
        var buffer = ScreenBuffer(width: 3, height: 1)
        buffer.put("日", x: 0, y: 0, maxWidth: 3)
        #expect(buffer._checkInvariants() == nil)
        var broken = ScreenBuffer(width: 3, height: 1)
        broken.cells[2] = Cell(grapheme: "", width: 0, style: .plain)
        #expect(broken._checkInvariants()?.x == 2)
    }

    @Test("A new buffer is blank", arguments: [(0, 0), (1, 1), (5, 2), (0, 3)])
    func blank(width: Int, height: Int) {
        let buffer = ScreenBuffer(width: width, height: height)
        let row = String(repeating: " ", count: width)
        #expect(buffer.plainText == Array(repeating: row, count: height).joined(separator: "\n"))
        #expect(buffer[0, 0] == .blank)
    }

    @Test("put writes text and returns the columns used")
    func put() {
        var buffer = ScreenBuffer(width: 8, height: 2)
        #expect(buffer.put("hello", x: 1, y: 0, maxWidth: 10) == 5)
        #expect(buffer.plainText == " hello  \n        ")
        #expect(buffer[1, 0] == Cell(grapheme: "h", width: 1, style: .plain))
    }

    @Test("put truncates with an ellipsis at maxWidth and at the buffer edge")
    func truncation() {
        var buffer = ScreenBuffer(width: 8, height: 3)
        #expect(buffer.put("hello world", x: 0, y: 0, maxWidth: 20) == 8)
        #expect(buffer.put("hello world", x: 0, y: 1, maxWidth: 4) == 4)
        #expect(buffer.put("hello world", x: 6, y: 2, maxWidth: 20) == 2)
        #expect(buffer.plainText == "hello w…\nhel…    \n      h…")
    }

    @Test("Wide characters are never split")
    func wide() {
        var buffer = ScreenBuffer(width: 10, height: 3)
        #expect(buffer.put("日本語", x: 0, y: 0, maxWidth: 5) == 5)
        #expect(buffer.put("日本語", x: 0, y: 1, maxWidth: 4) == 4)
        #expect(buffer.put("日本語", x: 0, y: 2, maxWidth: 10) == 6)
        #expect(buffer.text(row: 0) == "日本…     ")
        #expect(buffer.text(row: 1) == "日…       ")
        #expect(buffer.text(row: 2) == "日本語    ")
        #expect(buffer[0, 0] == Cell(grapheme: "日", width: 2, style: .plain))
        #expect(buffer[1, 0].isContinuation)
        Self.checkWideInvariant(buffer)
    }

    @Test("A wide character at the right edge becomes an ellipsis")
    func wideAtEdge() {
        var buffer = ScreenBuffer(width: 3, height: 2)
        #expect(buffer.put("日", x: 2, y: 0, maxWidth: 5) == 1)
        #expect(buffer.put("ab日", x: 0, y: 1, maxWidth: 5) == 3)
        #expect(buffer.plainText == "  …\nab…")
        Self.checkWideInvariant(buffer)
    }

    @Test("Negative x clips on the left; a straddling wide character leaves a space")
    func negativeX() {
        var buffer = ScreenBuffer(width: 5, height: 2)
        #expect(buffer.put("abcdef", x: -2, y: 0, maxWidth: 10) == 4)
        #expect(buffer.put("日本", x: -1, y: 1, maxWidth: 10) == 3)
        #expect(buffer.plainText == "cdef \n 本  ")
        Self.checkWideInvariant(buffer)
    }

    @Test("Overwriting half of a wide character blanks the other half")
    func overwriteHalf() {
        var buffer = ScreenBuffer(width: 5, height: 3)
        buffer.put("日", x: 0, y: 0, maxWidth: 5)
        buffer.put("x", x: 1, y: 0, maxWidth: 5)
        buffer.put("日", x: 0, y: 1, maxWidth: 5)
        buffer.put("y", x: 0, y: 1, maxWidth: 5)
        buffer.put("日本", x: 0, y: 2, maxWidth: 5)
        buffer.put("語", x: 1, y: 2, maxWidth: 5)
        #expect(buffer.plainText == " x   \ny    \n 語  ")
        Self.checkWideInvariant(buffer)
    }

    @Test("Nothing is drawn outside the buffer")
    func outside() {
        var buffer = ScreenBuffer(width: 4, height: 2)
        #expect(buffer.put("abc", x: 0, y: -1, maxWidth: 4) == 0)
        #expect(buffer.put("abc", x: 0, y: 2, maxWidth: 4) == 0)
        #expect(buffer.put("abc", x: 4, y: 0, maxWidth: 4) == 0)
        #expect(buffer.put("abc", x: 0, y: 0, maxWidth: 0) == 0)
        #expect(buffer.put("abc", x: -5, y: 0, maxWidth: 4) == 0)
        #expect(buffer == ScreenBuffer(width: 4, height: 2))
        var empty = ScreenBuffer(width: 0, height: 0)
        #expect(empty.put("abc", x: 0, y: 0, maxWidth: 4) == 0)
        #expect(empty.plainText == "")
    }

    @Test("put sanitises hostile text")
    func hostile() {
        var buffer = ScreenBuffer(width: 12, height: 1)
        buffer.put("\u{1B}[2J\u{9B}1", x: 0, y: 0, maxWidth: 12)
        #expect(buffer.text(row: 0) == "^[[2J\\u{9B}1")
    }

    @Test("Emoji and combining clusters occupy one cell each")
    func clusters() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        #expect(buffer.put("👨‍👩‍👧e\u{301}🇫🇷", x: 0, y: 0, maxWidth: 6) == 5)
        #expect(buffer.text(row: 0) == "👨‍👩‍👧e\u{301}🇫🇷 ")
        #expect(buffer[2, 0].grapheme == "e\u{301}")
        Self.checkWideInvariant(buffer)
    }

    @Test("fill, restyle and clear")
    func fillAndClear() {
        let red = TextStyle(background: .ansi(1))
        var buffer = ScreenBuffer(width: 4, height: 3)
        buffer.put("日x", x: 0, y: 1, maxWidth: 4)
        buffer.fill(x: 1, y: 1, width: 10, height: 10, style: red)
        #expect(buffer.plainText == "    \n    \n    ")
        #expect(buffer[0, 1] == .blank)
        #expect(buffer[3, 2] == .space(red))
        #expect(buffer[0, 0] == .blank)
        buffer.put("ab", x: 0, y: 0, maxWidth: 4)
        buffer.restyle(x: 1, y: 0, width: 2) { style in
            var style = style
            style.reverse = true
            return style
        }
        #expect(buffer[0, 0].style == .plain)
        #expect(buffer[1, 0].style.reverse && buffer[2, 0].style.reverse)
        #expect(buffer.text(row: 0) == "ab  ")
        buffer.clear()
        #expect(buffer == ScreenBuffer(width: 4, height: 3))
    }

    @Test("Every width keeps the invariants", arguments: 0...12)
    func sweep(maxWidth: Int) {
        var buffer = ScreenBuffer(width: 10, height: 1)
        let used = buffer.put("日本語abc😀", x: 0, y: 0, maxWidth: maxWidth)
        #expect(used <= maxWidth)
        #expect(used == min(maxWidth, 10))
        #expect(DisplayWidth.of(buffer.text(row: 0)) == 10)
        Self.checkWideInvariant(buffer)
    }

    @Test("ASCII text over any background matches truncate at every position", arguments: -2...9)
    func asciiSweep(x: Int) {
        for maxWidth in 0...10 {
            var dotted = ScreenBuffer(width: 8, height: 1)
            dotted.put("........", x: 0, y: 0, maxWidth: 8)
            let used = dotted.put("hello world", x: x, y: 0, maxWidth: maxWidth)
            let visibleStart = max(0, x)
            let limit = min(8, x + maxWidth)
            let expectedText = DisplayWidth.truncate("hello world", toWidth: limit - x)
            let shown = String(expectedText.dropFirst(visibleStart - x))
            let expectedRow =
                limit > visibleStart
                ? String(repeating: ".", count: visibleStart) + shown
                    + String(repeating: ".", count: 8 - visibleStart - shown.count)
                : "........"
            #expect(dotted.text(row: 0) == expectedRow, "x \(x) maxWidth \(maxWidth)")
            #expect(used == max(0, limit - visibleStart))

            var wide = ScreenBuffer(width: 8, height: 1)
            wide.put("日本語日", x: 0, y: 0, maxWidth: 8)
            wide.put("hello world", x: x, y: 0, maxWidth: maxWidth)
            Self.checkWideInvariant(wide)
            #expect(DisplayWidth.of(wide.text(row: 0)) == 8)
        }
    }
}
