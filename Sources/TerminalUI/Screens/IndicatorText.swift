/// An indicator's count and expand glyph inside its area, as the column and table forms draw
/// it: the count over the glyph on two lines, or side by side on one (the glyph in its own
/// tint), cut to the area's width.
struct IndicatorText {
    var count: String
    var glyph: String
    /// 2 for count over glyph, else 1.
    var lines: Int
    var countStyle: TextStyle
    var glyphStyle: TextStyle
    var rightToLeft: Bool
    /// The area's width in cells.
    var room: Int
    /// The first cell of a text of a given width (the alignment within the area).
    var start: (Int) -> Int

    /// Draws at row `y`, only on the rows in `clip`.
    func draw(y: Int, clip: Range<Int>, into buffer: inout ScreenBuffer) {
        func put(_ text: String, style: TextStyle, line: Int) {
            guard clip.contains(y + line) else { return }
            let shown = DisplayWidth.truncate(text, toWidth: room)
            buffer.put(shown, x: start(DisplayWidth.of(shown)), y: y + line, maxWidth: room, style: style)
        }
        if lines == 2 {
            put(count, style: countStyle, line: 0)
            put(glyph, style: glyphStyle, line: 1)
        } else if count.isEmpty {
            put(glyph, style: glyphStyle, line: 0)
        } else if clip.contains(y) {
            let text = rightToLeft ? "\(glyph) \(count)" : "\(count) \(glyph)"
            let shown = DisplayWidth.truncate(text, toWidth: room)
            let w = DisplayWidth.of(shown)
            let x0 = start(w)
            buffer.put(shown, x: x0, y: y, maxWidth: room, style: countStyle)
            if shown == text {
                buffer.put(
                    glyph, x: rightToLeft ? x0 : x0 + w - DisplayWidth.of(glyph), y: y, maxWidth: 1, style: glyphStyle)
            }
        }
    }
}
