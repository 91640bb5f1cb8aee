import Testing

@testable import TerminalUI

@Suite("FrameRenderer")
struct FrameRendererTests {
    static let begin = "\u{1B}[?2026h"
    static let end = "\u{1B}[?2026l"

    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    @Test("The first frame clears the screen and writes every row up to its last non-blank cell")
    func firstFrame() {
        var buffer = ScreenBuffer(width: 4, height: 3)
        buffer.put("ab", x: 0, y: 0, maxWidth: 4)
        buffer.put("c", x: 2, y: 2, maxWidth: 4)
        var renderer = FrameRenderer(capability: .trueColor)
        let bytes = renderer.render(buffer)
        #expect(
            Self.text(bytes) == Self.begin + "\u{1B}[0m\u{1B}[H\u{1B}[2J" + "ab" + "\u{1B}[3H  c" + "\u{1B}[?25l"
                + Self.end)
    }

    @Test("An unchanged frame writes nothing")
    func unchanged() {
        var buffer = ScreenBuffer(width: 4, height: 2)
        buffer.put("ab", x: 0, y: 0, maxWidth: 4)
        var renderer = FrameRenderer(capability: .trueColor)
        _ = renderer.render(buffer)
        #expect(renderer.render(buffer).isEmpty)
    }

    @Test("A one-cell change moves the cursor and writes that cell only")
    func oneCell() {
        var buffer = ScreenBuffer(width: 4, height: 2)
        buffer.put("ab", x: 0, y: 0, maxWidth: 4)
        var renderer = FrameRenderer(capability: .trueColor)
        _ = renderer.render(buffer)
        buffer.put("x", x: 1, y: 1, maxWidth: 1)
        #expect(Self.text(renderer.render(buffer)) == Self.begin + "\u{1B}[2;2Hx" + Self.end)
        buffer.put("y", x: 1, y: 1, maxWidth: 1, style: TextStyle(foreground: .ansi(1), bold: true))
        #expect(Self.text(renderer.render(buffer)) == Self.begin + "\u{1B}[2;2H\u{1B}[1;31my\u{1B}[0m" + Self.end)
    }

    @Test("Nearby changes rewrite the short gap instead of moving the cursor")
    func gap() {
        var buffer = ScreenBuffer(width: 12, height: 1)
        buffer.put("abcdefghijkl", x: 0, y: 0, maxWidth: 12)
        var renderer = FrameRenderer(capability: .trueColor)
        _ = renderer.render(buffer)
        buffer.put("X", x: 1, y: 0, maxWidth: 1)
        buffer.put("Y", x: 4, y: 0, maxWidth: 1)
        buffer.put("Z", x: 11, y: 0, maxWidth: 1)
        #expect(Self.text(renderer.render(buffer)) == Self.begin + "\u{1B}[1;2HXcdY\u{1B}[1;12HZ" + Self.end)
        buffer.put("W", x: 6, y: 0, maxWidth: 1)
        buffer.put("V", x: 11, y: 0, maxWidth: 1)
        #expect(Self.text(renderer.render(buffer)) == Self.begin + "\u{1B}[1;7HWhijkV" + Self.end)
    }

    @Test("A size change or invalidate() redraws everything")
    func fullRedraws() {
        var renderer = FrameRenderer(capability: .ansi16)
        var small = ScreenBuffer(width: 3, height: 1)
        small.put("abc", x: 0, y: 0, maxWidth: 3)
        _ = renderer.render(small)
        var large = ScreenBuffer(width: 4, height: 2)
        large.put("abc", x: 0, y: 0, maxWidth: 3)
        #expect(renderer.needsFullRedraw(width: 4, height: 2))
        let resized = Self.text(renderer.render(large))
        #expect(resized == Self.begin + "\u{1B}[0m\u{1B}[H\u{1B}[2Jabc\u{1B}[?25l" + Self.end)
        #expect(renderer.render(large).isEmpty)
        renderer.invalidate()
        #expect(Self.text(renderer.render(large)) == resized)
    }

    @Test(
        "Colours are downgraded to the capability",
        arguments: [
            (ColorCapability.trueColor, "\u{1B}[38;2;255;0;0;48;5;21m"),
            (.indexed256, "\u{1B}[38;5;196;48;5;21m"),
            (.ansi16, "\u{1B}[91;44m"),
            (.none, ""),
        ])
    func colours(capability: ColorCapability, sgr: String) {
        var buffer = ScreenBuffer(width: 1, height: 1)
        buffer.put(
            "x", x: 0, y: 0, maxWidth: 1, style: TextStyle(foreground: .rgb(255, 0, 0), background: .indexed(21)))
        var renderer = FrameRenderer(capability: capability)
        let reset = capability == .none ? "" : "\u{1B}[0m"
        #expect(
            Self.text(renderer.render(buffer)) == Self.begin + "\u{1B}[0m\u{1B}[H\u{1B}[2J" + sgr + "x\u{1B}[?25l"
                + reset + Self.end)
    }

    @Test("Style changes use the fewest parameters")
    func minimalSGR() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        let bold = TextStyle(bold: true)
        let boldItalic = TextStyle(bold: true, italic: true)
        let dimReverse = TextStyle(dim: true, reverse: true)
        buffer.put("a", x: 0, y: 0, maxWidth: 1, style: bold)
        buffer.put("b", x: 1, y: 0, maxWidth: 1, style: boldItalic)
        buffer.put("c", x: 2, y: 0, maxWidth: 1, style: dimReverse)
        buffer.put("d", x: 3, y: 0, maxWidth: 1)
        var renderer = FrameRenderer(capability: .trueColor)
        let expected = "\u{1B}[1ma\u{1B}[3mb\u{1B}[22;2;23;7mc\u{1B}[0md"
        #expect(
            Self.text(renderer.render(buffer)) == Self.begin + "\u{1B}[0m\u{1B}[H\u{1B}[2J" + expected + "\u{1B}[?25l"
                + Self.end)
    }

    @Test("Wide characters advance the cursor by two; emoji sequences force a cursor move")
    func wide() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.put("日b", x: 0, y: 0, maxWidth: 6)
        var renderer = FrameRenderer(capability: .trueColor)
        _ = renderer.render(buffer)
        buffer.put("本c", x: 0, y: 0, maxWidth: 6)
        #expect(Self.text(renderer.render(buffer)) == Self.begin + "\u{1B}[H本c" + Self.end)
        buffer.put("👍🏽d", x: 0, y: 0, maxWidth: 6)
        #expect(Self.text(renderer.render(buffer)) == Self.begin + "\u{1B}[H👍🏽\u{1B}[1;3Hd" + Self.end)
    }

    @Test("The text cursor is shown where asked and hidden again")
    func cursor() {
        var buffer = ScreenBuffer(width: 4, height: 2)
        var renderer = FrameRenderer(capability: .trueColor)
        _ = renderer.render(buffer)
        #expect(
            Self.text(renderer.render(buffer, cursor: (x: 2, y: 1))) == Self.begin + "\u{1B}[2;3H\u{1B}[?25h" + Self.end
        )
        #expect(renderer.render(buffer, cursor: (x: 2, y: 1)).isEmpty)
        buffer.put("a", x: 0, y: 0, maxWidth: 1)
        #expect(
            Self.text(renderer.render(buffer, cursor: (x: 2, y: 1))) == Self.begin + "\u{1B}[Ha\u{1B}[2;3H" + Self.end)
        #expect(Self.text(renderer.render(buffer)) == Self.begin + "\u{1B}[?25l" + Self.end)
    }

    /// A 200×60 frame of three text columns with a highlighted row, like a Miller-column browser.
    static func browserFrame(selected: Int, width: Int = 200, height: Int = 60) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        let columnWidth = width / 3
        let header = TextStyle(foreground: .ansi(15), background: .indexed(24), bold: true)
        buffer.fill(x: 0, y: 0, width: width, height: 1, style: header)
        buffer.put("/ home / user / projects", x: 1, y: 0, maxWidth: width - 2, style: header)
        for row in 1..<height {
            for column in 0..<3 {
                let name = "entry-\(column)-\(row)-" + String(repeating: "x", count: (row * 7 + column * 3) % 40)
                let style = row == selected && column == 1 ? TextStyle(reverse: true) : .plain
                let x = column * columnWidth
                buffer.fill(x: x, y: row, width: columnWidth - 1, height: 1, style: style)
                buffer.put(name, x: x + 1, y: row, maxWidth: columnWidth - 3, style: style)
                buffer.put("│", x: x + columnWidth - 1, y: row, maxWidth: 1, style: TextStyle(foreground: .ansi(8)))
            }
        }
        return buffer
    }

    @Test("On 200×60, a one-row change writes under 2% of a full redraw")
    func ratio() {
        var renderer = FrameRenderer(capability: .indexed256)
        let first = Self.browserFrame(selected: 5)
        let full = renderer.render(first)
        var oneRow = first
        oneRow.put(String(repeating: "changed ", count: 30), x: 0, y: 30, maxWidth: 200)
        let rowBytes = renderer.render(oneRow)
        renderer.invalidate()
        _ = renderer.render(first)
        let moveBytes = renderer.render(Self.browserFrame(selected: 6))
        let ratio = Double(rowBytes.count) / Double(full.count)
        print(
            "FrameRenderer 200x60: full \(full.count) B, one row \(rowBytes.count) B (\(ratio * 100)%), selection move \(moveBytes.count) B"
        )
        #expect(full.count > 200 * 50)
        #expect(rowBytes.count < full.count / 50)
        #expect(moveBytes.count < full.count / 50)
    }
}
