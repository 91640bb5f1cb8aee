/// The `?` overlay of the browsers: a centred box of keys and what they do.
struct HelpOverlay {
    var lines: [(keys: String, meaning: String)]

    func draw(into buffer: inout ScreenBuffer, palette: BrowserPalette) {
        let columns = buffer.width
        let rows = buffer.height
        let keyWidth = lines.map { DisplayWidth.of($0.keys) }.max() ?? 0
        let textWidth = lines.map { DisplayWidth.of($0.meaning) }.max() ?? 0
        let width = min(columns - 2, keyWidth + textWidth + 6)
        let height = min(rows - 2, lines.count + 4)
        let x = (columns - width) / 2
        let y = (rows - height) / 2
        buffer.fill(x: x, y: y, width: width, height: height, style: palette.overlay)
        buffer.put(" Keys ", x: x + 2, y: y, maxWidth: width - 4, style: palette.overlayTitle)
        for (i, line) in lines.enumerated() where i + 2 < height - 1 {
            buffer.put(line.keys, x: x + 2, y: y + 2 + i, maxWidth: keyWidth, style: palette.overlayTitle)
            buffer.put(
                line.meaning, x: x + 4 + keyWidth, y: y + 2 + i, maxWidth: max(0, width - keyWidth - 6),
                style: palette.overlay)
        }
    }
}
