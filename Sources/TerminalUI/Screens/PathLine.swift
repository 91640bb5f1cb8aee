/// The top line of the browsers: the path to the focused item on the left (its end kept when
/// it does not fit), the source's name on the right (hidden below 60 columns).
struct PathLine {
    var parts: [String]
    var sourceName: String

    func draw(into buffer: inout ScreenBuffer, palette: BrowserPalette) {
        let columns = buffer.width
        buffer.fill(x: 0, y: 0, width: columns, height: 1, style: palette.header)
        let name = " \(sourceName) "
        let nameWidth = columns < 60 ? 0 : min(DisplayWidth.of(TerminalText.sanitize(name)), columns / 3)
        var path = parts.map(TerminalText.sanitize).joined(separator: " › ")
        let room = max(0, columns - nameWidth - 2)
        if DisplayWidth.of(path) > room {
            // Keep the end of the path, where the user is.
            while DisplayWidth.of(path) > max(0, room - 1), !path.isEmpty { path.removeFirst() }
            path = "…" + path
        }
        buffer.put(" " + path, x: 0, y: 0, maxWidth: room + 1, style: palette.header)
        if nameWidth > 0 {
            buffer.put(name, x: columns - nameWidth, y: 0, maxWidth: nameWidth, style: palette.headerDisabled)
        }
    }
}
