import HierarchyKit

/// Draws a compact `HierarchyViewSnapshot` as a table: the header (title, previous and next)
/// above one full-width list of the current level, one `HierarchyItemTableViewCell` per row.
///
/// A row is up to three lines (title with status, subtitle, footnote) followed by a rule.
/// The hierarchy indicator sits outside the row's content, in the reserved trailing margin
/// (`HierarchyItemTableViewCell/reservedTrailingMargin(in:)`: the metrics'
/// `indicatorWidthMultiline` or `indicatorWidthSingleLine`), on the left in right-to-left
/// layouts. Accessories: a checkmark `✓` and a detail button `ⓘ` at the content's trailing
/// end; the disclosure indicator is the hierarchy indicator's glyph itself.
@MainActor
public struct TableRenderer {
    public var palette: BrowserPalette

    /// A renderer drawing in `palette`.
    public init(palette: BrowserPalette) {
        self.palette = palette
    }

    /// Draws the snapshot with its origin at row `top` of the buffer.
    ///
    /// - Parameters:
    ///   - snapshot: What the view shows (compact: header and one level).
    ///   - buffer: The buffer to draw into.
    ///   - top: The buffer row of the view's origin.
    ///   - metrics: The metrics giving the indicator margins.
    /// - Complexity: O(visible rows × width).
    public func draw(_ snapshot: HierarchyViewSnapshot, into buffer: inout ScreenBuffer, top: Int, metrics: HierarchyLayoutMetrics) {
        let rtl = snapshot.layoutDirection == .rightToLeft
        buffer.fill(x: 0, y: top, width: Int(snapshot.size.width), height: Int(snapshot.size.height), style: palette.text)
        if let header = snapshot.header {
            ColumnsRenderer(palette: palette).drawHeader(header, rtl: rtl, into: &buffer, top: top)
        }
        for column in snapshot.columns {
            let x0 = Int(column.frame.minX.rounded())
            let width = Int(column.frame.width.rounded())
            let y0 = top + Int(column.frame.minY)
            let clip = y0..<(y0 + Int(column.frame.height))
            if column.items.isEmpty {
                let message = column.itemCount == 0 ? (column.parentUUID == nil ? "" : "No items") : "Loading…"
                buffer.put(message, x: x0 + 1, y: y0, maxWidth: max(0, width - 2), style: palette.placeholder)
            }
            for item in column.items {
                drawRow(item, rtl: rtl, editing: snapshot.isEditing, metrics: metrics, top: top, clip: clip, into: &buffer)
            }
            if let indicator = column.scrollIndicator {
                let x = rtl ? x0 : x0 + width - 1
                for y in Int(indicator.minY)..<Int(indicator.maxY) {
                    buffer.put("┃", x: x, y: top + y, maxWidth: 1, style: palette.indicator)
                }
            }
        }
    }

    /// The width of the margin reserved for a cell's indicator, in cells (0 when hidden).
    static func margin(of cell: HierarchyCollectionItem, metrics: HierarchyLayoutMetrics, width: Int) -> Int {
        guard !cell.hierarchyIndicator.isHidden else { return 0 }
        let reserved = (cell as? HierarchyItemTableViewCell)?.reservedTrailingMargin(in: metrics)
            ?? cell.hierarchyIndicator.reservedWidth(in: metrics)
        return min(width / 3, max(0, Int(reserved.rounded())))
    }

    func drawRow(
        _ item: HierarchyViewSnapshot.Item, rtl: Bool, editing: Bool, metrics: HierarchyLayoutMetrics,
        top: Int, clip: Range<Int>, into buffer: inout ScreenBuffer
    ) {
        let cell = item.cell
        let x = Int(item.frame.minX.rounded())
        let width = Int(item.frame.width.rounded())
        let y = top + Int(item.frame.minY.rounded())
        let lines = max(1, Int(item.frame.height.rounded()))
        guard width > 4 else { return }
        let highlighted = item.isFocused || item.isExpanded || cell.state.isSelected
        let base: TextStyle = item.isFocused ? palette.focused : (item.isExpanded ? palette.expanded : palette.text)
        func merged(_ style: TextStyle) -> TextStyle {
            guard highlighted else { return style }
            var s = base
            s.bold = base.bold || style.bold
            s.italic = style.italic
            return s
        }
        let margin = Self.margin(of: cell, metrics: metrics, width: width)
        let contentX = rtl ? x + margin : x
        let contentWidth = width - margin
        for line in 0..<lines where clip.contains(y + line) {
            buffer.fill(x: contentX, y: y + line, width: contentWidth, height: 1, style: base)
        }
        // The rule under the row, in the spacing line.
        if clip.contains(y + lines) {
            buffer.put(String(repeating: "─", count: max(0, contentWidth - 2)), x: contentX + 1, y: y + lines,
                       maxWidth: max(0, contentWidth - 2), style: palette.separator)
        }
        var prefix = editing ? (item.isSelected ? "✓ " : "  ") : ""
        prefix += cell.iconImages.map(\.glyph).joined() + (cell.iconImages.isEmpty ? "" : " ")
        if let image = cell.statusImage { prefix = image.glyph + " " + prefix }
        let accessory: String
        switch editing ? cell.editingAccessoryType : cell.accessoryType {
        case .checkmark: accessory = "✓"
        case .detailButton, .detailDisclosureButton: accessory = "ⓘ"
        case .disclosureIndicator where cell.hierarchyIndicator.isHidden: accessory = rtl ? "‹" : "›"
        default: accessory = ""
        }
        let accessoryWidth = accessory.isEmpty ? 0 : DisplayWidth.of(accessory) + 1
        let textWidth = max(0, contentWidth - 2 - accessoryWidth)
        let textX = contentX + 1 + (rtl ? accessoryWidth : 0)
        if clip.contains(y) {
            var status = cell.status.visibleText.map { TerminalText.sanitize($0) } ?? ""
            let titleText = TerminalText.sanitize(cell.title.visibleText ?? "")
            let wanted = DisplayWidth.of(TerminalText.sanitize(prefix)) + DisplayWidth.of(titleText)
            if !status.isEmpty, textWidth - wanted - 1 < DisplayWidth.of(status) { status = "●" }
            let statusWidth = DisplayWidth.of(status)
            let titleRoom = max(0, textWidth - (statusWidth > 0 ? statusWidth + 1 : 0))
            var titleStyle = merged(palette.title)
            if item.isExpanded || cell.state.isSelected { titleStyle.bold = true }
            let used = buffer.put(prefix, x: textX, y: y, maxWidth: titleRoom, style: merged(palette.selectedMark))
            buffer.put(titleText, x: textX + used, y: y, maxWidth: max(0, titleRoom - used), style: titleStyle)
            if statusWidth > 0 {
                buffer.put(status, x: textX + textWidth - statusWidth, y: y, maxWidth: statusWidth,
                           style: merged(palette.style(forStatus: status)))
            }
            if !accessory.isEmpty {
                let ax = rtl ? contentX + 1 : contentX + contentWidth - 1 - DisplayWidth.of(accessory)
                buffer.put(accessory, x: ax, y: y, maxWidth: DisplayWidth.of(accessory), style: merged(palette.indicator))
            }
        }
        var line = 1
        for text in [cell.subtitle.visibleText, cell.footnote.visibleText].compactMap({ $0 }) where line < lines {
            if clip.contains(y + line) {
                buffer.put(text, x: textX, y: y + line, maxWidth: textWidth, style: merged(palette.secondary))
            }
            line += 1
        }
        guard margin > 0 else { return }
        drawIndicator(cell.hierarchyIndicator, expanded: item.isExpanded, x: rtl ? x : x + width - margin, width: margin,
                      y: y, lines: lines, rtl: rtl, clip: clip, into: &buffer)
    }

    /// The indicator in its margin: the count over the glyph (multi-line), or side by side
    /// (single-line), against the content (leading side of the margin).
    private func drawIndicator(
        _ indicator: HierarchyIndicator, expanded: Bool, x: Int, width: Int, y: Int, lines: Int, rtl: Bool,
        clip: Range<Int>, into buffer: inout ScreenBuffer
    ) {
        let glyph = rtl ? (expanded ? "◀" : "‹") : (expanded ? "▶" : "›")
        let room = max(1, width - 1)
        let count = indicator.abbreviatedTitle(maximumCharacters: indicator.isMultiline ? room : max(1, room - 2)) ?? ""
        var style = palette.indicator
        if indicator.state.isSelected || expanded { style.bold = true }
        func put(_ text: String, line: Int) {
            guard clip.contains(y + line) else { return }
            let shown = DisplayWidth.truncate(text, toWidth: room)
            let w = DisplayWidth.of(shown)
            // Against the content: left-aligned in LTR (the margin follows the row), right in RTL.
            buffer.put(shown, x: rtl ? x + width - w - 1 : x + 1, y: y + line, maxWidth: w, style: style)
        }
        if indicator.isMultiline && lines >= 2 {
            put(count, line: 0)
            put(glyph, line: 1)
        } else {
            put(count.isEmpty ? glyph : (rtl ? "\(glyph) \(count)" : "\(count) \(glyph)"), line: 0)
        }
    }
}
