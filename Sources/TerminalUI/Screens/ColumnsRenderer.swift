import HierarchyKit

/// Draws a `HierarchyViewSnapshot` into a screen buffer: the compact header, the columns
/// with their separators, scroll indicators and cells.
///
/// A cell is up to three lines (title with status, subtitle, footnote) with the hierarchy
/// indicator in the reserved trailing margin: the child count over the expand glyph
/// (multi-line), or both on one line (single-line). Right-to-left layouts put the indicator
/// on the left.
@MainActor
public struct ColumnsRenderer {
    public var palette: BrowserPalette
    /// What an expanded item's empty column says ("Loading…", an error), by the item's uuid;
    /// "Empty" when it answers `nil`.
    public var emptyColumnNote: ((String) -> String?)?

    public init(palette: BrowserPalette) {
        self.palette = palette
    }

    /// The number of lines a cell needs: one per non-empty text line, at least one.
    public static func height(of cell: HierarchyCollectionItem) -> Double {
        Double(max(1, cell.itemView.textLines.count))
    }

    /// Draws the snapshot with its origin at row `top` of the buffer.
    public func draw(_ snapshot: HierarchyViewSnapshot, into buffer: inout ScreenBuffer, top: Int, metrics: HierarchyLayoutMetrics) {
        if let header = snapshot.header {
            drawHeader(header, rtl: snapshot.layoutDirection == .rightToLeft, into: &buffer, top: top)
        }
        for column in snapshot.columns {
            drawColumn(column, snapshot: snapshot, into: &buffer, top: top, metrics: metrics)
        }
    }

    func drawHeader(_ header: HierarchyViewSnapshot.Header, rtl: Bool, into buffer: inout ScreenBuffer, top: Int) {
        let y = top + Int(header.frame.minY)
        let width = Int(header.frame.width)
        buffer.fill(x: 0, y: y, width: width, height: max(1, Int(header.frame.height)), style: palette.header)
        let previous = rtl ? " Prev ›" : "‹ Prev "
        let next = rtl ? "‹ Next " : " Next ›"
        let leftLabel = rtl ? next : previous
        let rightLabel = rtl ? previous : next
        let leftEnabled = rtl ? header.isNextEnabled : header.isPreviousEnabled
        let rightEnabled = rtl ? header.isPreviousEnabled : header.isNextEnabled
        buffer.put(leftLabel, x: 0, y: y, maxWidth: width, style: leftEnabled ? palette.header : palette.headerDisabled)
        let rightWidth = DisplayWidth.of(rightLabel)
        buffer.put(rightLabel, x: max(0, width - rightWidth), y: y, maxWidth: rightWidth, style: rightEnabled ? palette.header : palette.headerDisabled)
        let title = header.title ?? ""
        let room = max(0, width - 2 * (rightWidth + 1))
        let shown = DisplayWidth.truncate(TerminalText.sanitize(title), toWidth: room)
        let x = (width - DisplayWidth.of(shown)) / 2
        buffer.put(shown, x: x, y: y, maxWidth: room, style: palette.header)
    }

    func drawColumn(_ column: HierarchyViewSnapshot.Column, snapshot: HierarchyViewSnapshot, into buffer: inout ScreenBuffer, top: Int, metrics: HierarchyLayoutMetrics) {
        let frame = column.frame
        let x0 = Int(frame.minX.rounded())
        let width = Int(frame.width.rounded())
        let y0 = top + Int(frame.minY)
        let height = Int(frame.height)
        let rtl = snapshot.layoutDirection == .rightToLeft
        // The separator on the trailing side of every column but the last visible one.
        let separatorX = rtl ? x0 : x0 + width - 1
        let isLastOnScreen = rtl ? x0 <= 0 : x0 + width >= Int(snapshot.size.width)
        if !isLastOnScreen {
            for y in y0..<(y0 + height) { buffer.put("│", x: separatorX, y: y, maxWidth: 1, style: palette.separator) }
        }
        if let indicator = column.scrollIndicator {
            let x = rtl ? x0 : x0 + width - 1
            for y in Int(indicator.minY)..<Int(indicator.maxY) {
                buffer.put("┃", x: x, y: top + y, maxWidth: 1, style: palette.indicator)
            }
        }
        if column.items.isEmpty {
            var message = "Loading…"
            if column.itemCount == 0 {
                message = column.parentUUID.map { emptyColumnNote?($0) ?? "Empty" } ?? ""
            }
            if !message.isEmpty {
                buffer.put(TerminalText.sanitize(message), x: x0 + 2, y: y0, maxWidth: max(0, width - 3), style: palette.placeholder)
            }
        }
        for item in column.items {
            drawItem(item, rtl: rtl, into: &buffer, top: top, metrics: metrics, clip: y0..<(y0 + height), editing: snapshot.isEditing)
        }
    }

    func drawItem(_ item: HierarchyViewSnapshot.Item, rtl: Bool, into buffer: inout ScreenBuffer, top: Int, metrics: HierarchyLayoutMetrics, clip: Range<Int>, editing: Bool) {
        let cell = item.cell
        let x = Int(item.frame.minX.rounded())
        let width = Int(item.frame.width.rounded())
        let y = top + Int(item.frame.minY.rounded())
        let lines = max(1, Int(item.frame.height.rounded()))
        guard width > 2 else { return }
        let base: TextStyle = item.isFocused ? palette.focused : (item.isExpanded ? palette.expanded : palette.text)
        for line in 0..<lines where clip.contains(y + line) {
            buffer.fill(x: x, y: y + line, width: width, height: 1, style: base)
        }
        let indicator = cell.hierarchyIndicator
        let indicatorWidth = indicator.isHidden ? 0 : min(width / 3, Int(indicator.reservedWidth(in: metrics)))
        let textX = rtl ? x + indicatorWidth : x
        var textWidth = width - indicatorWidth
        var prefix = ""
        if editing {
            prefix = item.isSelected ? "✓ " : "  "
        }
        prefix += cell.iconImages.map(\.glyph).joined() + (cell.iconImages.isEmpty ? "" : " ")
        if let image = cell.statusImage { prefix = image.glyph + " " + prefix }

        func merged(_ style: TextStyle) -> TextStyle {
            guard item.isFocused || item.isExpanded else { return style }
            var s = base
            s.bold = base.bold || style.bold
            s.italic = style.italic
            return s
        }

        // Line 1: prefix, title, status on the far side.
        if clip.contains(y) {
            // The title keeps its room; the status shows in full where it fits, else as a
            // coloured dot.
            var status = cell.status.visibleText.map { TerminalText.sanitize($0) } ?? ""
            // The accessory: a checkmark or detail button after the status; a disclosure
            // chevron only where the indicator (itself a chevron) is hidden.
            switch editing ? cell.editingAccessoryType : cell.accessoryType {
            case .none: break
            case .checkmark: status += " ✓"
            case .disclosureIndicator: if indicator.isHidden { status += status.isEmpty ? "›" : " ›" }
            case let accessory: status += (status.isEmpty ? "" : " ") + accessory.glyph
            }
            let statusStyle = merged(palette.style(forStatus: status))
            let titleText = cell.title.visibleText ?? ""
            let prefixWidth = DisplayWidth.of(TerminalText.sanitize(prefix))
            let wanted = prefixWidth + DisplayWidth.of(TerminalText.sanitize(titleText))
            let available = textWidth - 2
            if !status.isEmpty {
                let spare = available - wanted - 1
                if spare < DisplayWidth.of(status) { status = "●" }
            }
            let statusWidth = DisplayWidth.of(status)
            let titleRoom = max(0, available - (statusWidth > 0 ? statusWidth + 1 : 0))
            var titleStyle = merged(item.isExpanded ? palette.expanded : palette.title)
            if item.isExpanded || cell.state.isSelected { titleStyle.bold = true }
            let used = buffer.put(prefix, x: textX + 1, y: y, maxWidth: titleRoom, style: merged(palette.selectedMark))
            buffer.put(titleText, x: textX + 1 + used, y: y, maxWidth: max(0, titleRoom - used), style: titleStyle)
            if statusWidth > 0 {
                buffer.put(status, x: textX + 1 + available - statusWidth, y: y, maxWidth: statusWidth, style: statusStyle)
            }
        }
        textWidth = max(0, textWidth - 2)
        var line = 1
        for text in [cell.subtitle.visibleText, cell.footnote.visibleText].compactMap({ $0 }) where line < lines {
            if clip.contains(y + line) {
                buffer.put(text, x: textX + 1, y: y + line, maxWidth: textWidth, style: merged(palette.secondary))
            }
            line += 1
        }
        guard indicatorWidth > 0 else { return }
        // The indicator: count over the expand glyph (multi-line) or side by side.
        let ix = rtl ? x : x + width - indicatorWidth
        let glyph = rtl ? (item.isExpanded ? "◀" : "‹") : (item.isExpanded ? "▶" : "›")
        let room = max(1, indicatorWidth - 1)
        let count = indicator.abbreviatedTitle(maximumCharacters: indicator.isMultiline ? room : max(1, room - 2)) ?? ""
        let style = merged(palette.indicator)
        if indicator.isMultiline && lines >= 2 {
            if clip.contains(y) { putAligned(count, x: ix, width: room, y: y, rtl: rtl, style: style, into: &buffer) }
            if clip.contains(y + 1) { putAligned(glyph, x: ix, width: room, y: y + 1, rtl: rtl, style: style, into: &buffer) }
        } else if clip.contains(y) {
            let text = count.isEmpty ? glyph : (rtl ? "\(glyph) \(count)" : "\(count) \(glyph)")
            putAligned(text, x: ix, width: room, y: y, rtl: rtl, style: style, into: &buffer)
        }
    }

    private func putAligned(_ text: String, x: Int, width: Int, y: Int, rtl: Bool, style: TextStyle, into buffer: inout ScreenBuffer) {
        let shown = DisplayWidth.truncate(text, toWidth: width)
        let w = DisplayWidth.of(shown)
        let start = rtl ? x + 1 : x + width - w
        buffer.put(shown, x: start, y: y, maxWidth: w, style: style)
    }
}
