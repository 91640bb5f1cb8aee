import HierarchyKit

/// Draws a compact `HierarchyViewSnapshot` as a table: the header (title, previous and next)
/// above one full-width list of the current level, one `HierarchyItemTableViewCell` per row.
///
/// A row is up to three lines (title with status, subtitle, footnote) followed by a rule.
/// The hierarchy indicator sits outside the row's content, in the reserved trailing margin
/// (`HierarchyItemTableViewCell/reservedTrailingMargin(in:)`: the metrics'
/// `indicatorWidthMultiline` or `indicatorWidthSingleLine`), on the left in right-to-left
/// layouts. Accessories: a checkmark `✓`, a detail button `ⓘ` and a disclosure chevron `›` at
/// the content's trailing end. A custom accessory view is drawn instead of the type's glyph, in
/// its tint. A cell's `directionalLayoutMargins` (top, leading, bottom, in lines and columns)
/// move its content inside the row; the trailing edge has no effect.
@MainActor
public struct TableRenderer {
    /// The styles to draw with.
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
    public func draw(
        _ snapshot: HierarchyViewSnapshot, into buffer: inout ScreenBuffer, top: Int, metrics: HierarchyLayoutMetrics
    ) {
        let rtl = snapshot.layoutDirection == .rightToLeft
        buffer.fill(
            x: 0, y: top, width: Int(snapshot.size.width), height: Int(snapshot.size.height),
            style: palette.look(.controllerHierarchyView).text)
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
                buffer.put(message, x: x0 + 1, y: y0, maxWidth: max(0, width - 2), style: palette.placeholderInView)
            }
            for item in column.items {
                drawRow(
                    item, rtl: rtl, editing: snapshot.isEditing, metrics: metrics, top: top, clip: clip, into: &buffer)
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
        let reserved =
            (cell as? HierarchyItemTableViewCell)?.reservedTrailingMargin(in: metrics)
            ?? cell.hierarchyIndicator.reservedWidth(in: metrics)
        return min(width / 3, max(0, Int(reserved.rounded())))
    }

    /// Draws one row: `fdlFUIBaseCollectionViewCell` behind the content and its rule; the
    /// detail image's glyph (`_detailImageView` tint), the title, subtitle and footnote in
    /// their `fdlFUIBaseCollectionViewCell_…` looks (which fall back to the item view's), the
    /// status in `fdlFUIHierarchyItemView_status`; the accessory; the indicator in its margin.
    /// A row that is expanded or selected in editing mode takes the selected state of every
    /// look; the keyboard focus is drawn over them.
    ///
    /// - Complexity: O(width × lines) of the row.
    func drawRow(
        _ item: HierarchyViewSnapshot.Item, rtl: Bool, editing: Bool, metrics: HierarchyLayoutMetrics,
        top: Int, clip: Range<Int>, into buffer: inout ScreenBuffer
    ) {
        let cell = item.cell
        let x = Int(item.frame.minX.rounded())
        let width = Int(item.frame.width.rounded())
        let rowY = top + Int(item.frame.minY.rounded())
        let rowLines = max(1, Int(item.frame.height.rounded()))
        guard width > 4 else { return }
        let selected = item.isExpanded || item.isSelected || cell.state.isSelected
        func look(_ element: ThemeElement) -> ElementLook { palette.look(element, selected: selected) }
        func shown(_ style: TextStyle) -> TextStyle { item.isFocused ? palette.focused(style) : style }
        let columns = ColumnsRenderer(palette: palette)
        let cellLook = look(.tableCell)
        let base = shown(cellLook.text)
        let margin = Self.margin(of: cell, metrics: metrics, width: width)
        let contentX = rtl ? x + margin : x
        let contentWidth = width - margin
        for line in 0..<rowLines where clip.contains(rowY + line) {
            buffer.fill(x: contentX, y: rowY + line, width: contentWidth, height: 1, style: base)
        }
        // The rule under the row, in the spacing line, in the cell's border.
        if clip.contains(rowY + rowLines), let border = palette.look(.tableCell).border {
            let ruleWidth = max(0, contentWidth - 2)
            buffer.put(
                String(repeating: border.horizontal, count: ruleWidth), x: contentX + 1, y: rowY + rowLines,
                maxWidth: ruleWidth, style: border.style)
        }
        // The layout margins move the content: down by the top, in by the leading edge.
        let insets = Self.layoutMargins(of: cell, width: contentWidth, lines: rowLines)
        let innerX = rtl ? contentX : contentX + insets.leading
        let innerWidth = contentWidth - insets.leading
        let y = rowY + insets.top
        let lines = rowLines - insets.top - insets.bottom
        let prefix = (editing ? (item.isSelected ? "✓ " : "  ") : "") + ColumnsRenderer.imagePrefix(of: cell)
        let accessory = ColumnsRenderer.accessoryText(of: cell, editing: editing, rtl: rtl)
        let accessoryWidth = accessory.isEmpty ? 0 : DisplayWidth.of(accessory) + 1
        var detail = ""
        if let image = cell.detailImage, !cell.detailImageView.isHidden {
            detail = DisplayWidth.truncate(TerminalText.sanitize(image.glyph), toWidth: 2)
        }
        let fullWidth = max(0, innerWidth - 2 - accessoryWidth)
        let detailWidth = detail.isEmpty ? 0 : min(fullWidth, DisplayWidth.of(detail) + 1)
        let textWidth = max(0, fullWidth - detailWidth)
        let textX = innerX + 1 + (rtl ? accessoryWidth : 0) + detailWidth
        if !detail.isEmpty, clip.contains(y) {
            buffer.put(
                detail, x: textX - detailWidth, y: y, maxWidth: detailWidth,
                style: shown(look(.tableCellDetailImage).glyph))
        }
        if clip.contains(y) {
            var status = cell.status.visibleText.map { TerminalText.sanitize($0) } ?? ""
            let statusLook = look(.itemStatus)
            let statusStyle = shown(columns.statusStyle(status, look: statusLook))
            let titleText = TerminalText.sanitize(cell.title.visibleText ?? "")
            let wanted = DisplayWidth.of(TerminalText.sanitize(prefix)) + DisplayWidth.of(titleText)
            if !status.isEmpty, textWidth - wanted - 1 < DisplayWidth.of(status) { status = "●" }
            let statusWidth = DisplayWidth.of(status)
            let titleRoom = max(0, textWidth - (statusWidth > 0 ? statusWidth + 1 : 0))
            let used = buffer.put(
                prefix, x: textX, y: y, maxWidth: titleRoom,
                style: columns.prefixStyle(base: base, focused: item.isFocused, selected: selected))
            let titleLook = look(.tableCellTitle)
            columns.drawLabel(
                titleText, look: titleLook, style: shown(titleLook.text), x: textX + used, y: y,
                room: max(0, titleRoom - used), into: &buffer)
            if statusWidth > 0 {
                let start = textX + min(titleRoom, wanted) + 1
                let statusRoom = max(statusWidth, textX + textWidth - start)
                let offset = statusLook.offset(ofWidth: statusWidth, in: statusRoom, natural: statusRoom - statusWidth)
                buffer.put(status, x: start + offset, y: y, maxWidth: statusWidth, style: statusStyle)
            }
            if !accessory.isEmpty {
                let ax = rtl ? innerX + 1 : innerX + innerWidth - 1 - DisplayWidth.of(accessory)
                buffer.put(
                    accessory, x: ax, y: y, maxWidth: DisplayWidth.of(accessory),
                    style: ColumnsRenderer.accessoryStyle(of: cell, editing: editing, base: shown(cellLook.glyph)))
            }
        }
        var line = 1
        for (text, element) in [
            (cell.subtitle.visibleText, ThemeElement.tableCellSubtitle),
            (cell.footnote.visibleText, .tableCellFootnote),
        ] {
            guard let text, line < lines else { continue }
            if clip.contains(y + line) {
                let labelLook = look(element)
                columns.drawLabel(
                    TerminalText.sanitize(text), look: labelLook, style: shown(labelLook.text), x: textX, y: y + line,
                    room: textWidth, into: &buffer)
            }
            line += 1
        }
        guard margin > 0 else { return }
        drawIndicator(
            cell.hierarchyIndicator, expanded: item.isExpanded, selected: selected, x: rtl ? x : x + width - margin,
            width: margin, y: rowY, lines: rowLines, rtl: rtl, clip: clip, into: &buffer)
    }

    /// A table cell's layout margins in whole cells (top and bottom in lines, leading in
    /// columns), each kept small enough that one line of content with room for its text stays.
    static func layoutMargins(of cell: HierarchyCollectionItem, width: Int, lines: Int) -> (
        top: Int, leading: Int, bottom: Int
    ) {
        guard let margins = (cell as? HierarchyItemTableViewCell)?.directionalLayoutMargins else { return (0, 0, 0) }
        func cells(_ value: Double, _ limit: Int) -> Int {
            guard value.isFinite, value > 0 else { return 0 }
            return min(max(0, limit), Int(value.rounded()))
        }
        let top = cells(margins.top, lines - 1)
        let bottom = cells(margins.bottom, lines - 1 - top)
        return (top, cells(margins.leading, width / 2 - 4), bottom)
    }

    /// The indicator in its margin: the count (`fdlFUIHierarchyIndicator_title`) over the glyph
    /// (`fdlFUIHierarchyIndicator` tint), or side by side (single-line), against the content
    /// (leading side of the margin) unless the title's `text-align` says otherwise; the
    /// selected state fills it with the indicator's selected background.
    private func drawIndicator(
        _ indicator: HierarchyIndicator, expanded: Bool, selected: Bool, x: Int, width: Int, y: Int, lines: Int,
        rtl: Bool,
        clip: Range<Int>, into buffer: inout ScreenBuffer
    ) {
        let glyph = rtl ? (expanded ? "◀" : "‹") : (expanded ? "▶" : "›")
        let room = max(1, width - 1)
        let count =
            indicator.abbreviatedTitle(
                maximumCharacters: indicator.isShownMultiline(lines: lines) ? room : max(1, room - 2)) ?? ""
        let isSelected = selected || indicator.state.isSelected
        // The built-in palettes keep their indicator style in every state, bold when selected.
        let themed = palette.isThemed
        let indicatorLook =
            themed ? palette.look(.indicator, selected: isSelected) : ElementLook(text: palette.indicator)
        let countLook =
            themed ? palette.look(.indicatorTitle, selected: isSelected) : ElementLook(text: palette.indicator)
        var countStyle = countLook.text
        countStyle.background = indicatorLook.text.background
        countStyle.bold = countStyle.bold || indicatorLook.text.bold || isSelected
        var glyphStyle = indicatorLook.glyph
        glyphStyle.bold = glyphStyle.bold || isSelected
        let shownLines = indicator.isShownMultiline(lines: lines) ? 2 : 1
        if themed {
            for line in 0..<shownLines where clip.contains(y + line) {
                buffer.fill(x: rtl ? x : x + 1, y: y + line, width: room, height: 1, style: indicatorLook.text)
            }
        }
        // Against the content: from the margin's leading cell in LTR, ending before its last in RTL.
        let areaX = rtl ? x : x + 1
        func start(ofWidth w: Int) -> Int {
            switch countLook.alignment {
            case .natural, .justified: areaX + (rtl ? room - w : 0)
            default: areaX + countLook.offset(ofWidth: w, in: room)
            }
        }
        IndicatorText(
            count: count, glyph: glyph, lines: shownLines, countStyle: countStyle, glyphStyle: glyphStyle,
            rightToLeft: rtl, room: room, start: start(ofWidth:)
        ).draw(y: y, clip: clip, into: &buffer)
    }
}
