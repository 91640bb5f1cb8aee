import HierarchyKit

/// The top line of the browsers: the path to the focused item on the left (its end kept when
/// it does not fit), the source's name on the right (hidden below 60 columns, or when empty).
///
/// Drawn in the `fdlFUIHierarchyView_pathLine` look: its font and background, the name in its
/// tint, the path placed by its `text-align`.
struct PathLine {
    var parts: [String]
    var sourceName: String

    func draw(into buffer: inout ScreenBuffer, palette: BrowserPalette) {
        let columns = buffer.width
        let look = palette.look(.pathLine)
        let style = look.text
        let nameStyle = palette.isThemed ? look.glyph : palette.headerDisabled
        buffer.fill(x: 0, y: 0, width: columns, height: 1, style: style)
        let name = " \(sourceName) "
        let nameWidth =
            columns < 60 || sourceName.isEmpty ? 0 : min(DisplayWidth.of(TerminalText.sanitize(name)), columns / 3)
        var path = parts.map(TerminalText.sanitize).joined(separator: " › ")
        let room = max(0, columns - nameWidth - 2)
        if DisplayWidth.of(path) > room {
            // Keep the end of the path, where the user is.
            while DisplayWidth.of(path) > max(0, room - 1), !path.isEmpty { path.removeFirst() }
            path = "…" + path
        }
        let offset = look.offset(ofWidth: DisplayWidth.of(path), in: room)
        buffer.put(" " + path, x: offset, y: 0, maxWidth: room + 1 - offset, style: style)
        if nameWidth > 0 {
            buffer.put(name, x: columns - nameWidth, y: 0, maxWidth: nameWidth, style: nameStyle)
        }
    }
}
