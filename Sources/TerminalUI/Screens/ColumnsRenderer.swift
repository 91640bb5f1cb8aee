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
    /// The styles to draw with.
    public var palette: BrowserPalette
    /// What an expanded item's empty column says ("Loading…", an error), by the item's uuid;
    /// "Empty" when it answers `nil`.
    public var emptyColumnNote: ((String) -> String?)?

    /// Makes a renderer that draws with `palette`.
    public init(palette: BrowserPalette) {
        self.palette = palette
    }

    /// The number of lines a cell needs: one per non-empty text line, at least one.
    public static func height(of cell: HierarchyCollectionItem) -> Double {
        Double(max(1, cell.itemView.textLines.count))
    }

    /// Draws the snapshot with its origin at row `top` of the buffer.
    ///
    /// The view's area takes the `fdlHierarchyViewController_hierarchyView` look (which falls
    /// back to `fdlFUIHierarchyView`) first; cells, header and indicators take their own.
    public func draw(
        _ snapshot: HierarchyViewSnapshot, into buffer: inout ScreenBuffer, top: Int, metrics: HierarchyLayoutMetrics
    ) {
        buffer.fill(
            x: 0, y: top, width: Int(snapshot.size.width), height: Int(snapshot.size.height),
            style: palette.look(.controllerHierarchyView).text)
        if let header = snapshot.header {
            drawHeader(header, rtl: snapshot.layoutDirection == .rightToLeft, into: &buffer, top: top)
        }
        for column in snapshot.columns {
            drawColumn(column, snapshot: snapshot, into: &buffer, top: top, metrics: metrics)
        }
    }

    /// Draws the header: `fdlFUIHierarchyViewHeader` (or `fdlFUIHierarchyView_header`) behind,
    /// the back button (`_leftButton`) on the leading side, the forward button
    /// (`_rightButton`) on the trailing side, each arrow in its tint and word in its font
    /// colour, and the title (`_title`) between them, centred unless its `text-align` says
    /// otherwise.
    func drawHeader(_ header: HierarchyViewSnapshot.Header, rtl: Bool, into buffer: inout ScreenBuffer, top: Int) {
        let y = top + Int(header.frame.minY)
        let width = Int(header.frame.width)
        let headerLook = palette.look(.hierarchyViewHeader)
        buffer.fill(x: 0, y: y, width: width, height: max(1, Int(header.frame.height)), style: headerLook.text)
        let buttonWidth = 7
        func button(_ element: ThemeElement, word: String, arrow: String, arrowFirst: Bool, enabled: Bool, x: Int) {
            let look = palette.look(element)
            let wordStyle = enabled ? look.text : palette.headerDisabled
            let arrowStyle = enabled ? look.glyph : palette.headerDisabled
            let parts =
                arrowFirst
                ? [(arrow, arrowStyle), (" " + word + " ", wordStyle)]
                : [(" " + word + " ", wordStyle), (arrow, arrowStyle)]
            var cursor = x
            for (text, style) in parts {
                cursor += buffer.put(text, x: cursor, y: y, maxWidth: max(0, x + buttonWidth - cursor), style: style)
            }
        }
        // Back is on the leading side: left in left-to-right, right in right-to-left.
        button(
            .headerLeftButton, word: "Prev", arrow: rtl ? "›" : "‹", arrowFirst: !rtl,
            enabled: header.isPreviousEnabled,
            x: rtl ? max(0, width - buttonWidth) : 0)
        button(
            .headerRightButton, word: "Next", arrow: rtl ? "‹" : "›", arrowFirst: rtl, enabled: header.isNextEnabled,
            x: rtl ? 0 : max(0, width - buttonWidth))
        let titleLook = palette.look(.headerTitle)
        let title = header.title ?? ""
        let areaX = buttonWidth + 1
        let room = max(0, width - 2 * areaX)
        let shown = DisplayWidth.truncate(TerminalText.sanitize(title), toWidth: room)
        let shownWidth = DisplayWidth.of(shown)
        buffer.fill(x: areaX, y: y, width: room, height: 1, style: titleLook.text)
        let offset = titleLook.offset(ofWidth: shownWidth, in: room, natural: (room - shownWidth) / 2)
        buffer.put(shown, x: areaX + offset, y: y, maxWidth: room - offset, style: titleLook.text)
    }

    func drawColumn(
        _ column: HierarchyViewSnapshot.Column, snapshot: HierarchyViewSnapshot, into buffer: inout ScreenBuffer,
        top: Int, metrics: HierarchyLayoutMetrics
    ) {
        let frame = column.frame
        let x0 = Int(frame.minX.rounded())
        let width = Int(frame.width.rounded())
        let y0 = top + Int(frame.minY)
        let height = Int(frame.height)
        let rtl = snapshot.layoutDirection == .rightToLeft
        // The separator on the trailing side of every column but the last visible one, in the
        // cells' border (none when the theme sets no border).
        let separatorX = rtl ? x0 : x0 + width - 1
        let isLastOnScreen = rtl ? x0 <= 0 : x0 + width >= Int(snapshot.size.width)
        if !isLastOnScreen, let border = palette.look(.collectionItem).border {
            for y in y0..<(y0 + height) {
                buffer.put(border.vertical, x: separatorX, y: y, maxWidth: 1, style: border.style)
            }
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
                buffer.put(
                    TerminalText.sanitize(message), x: x0 + 2, y: y0, maxWidth: max(0, width - 3),
                    style: palette.placeholderInView)
            }
        }
        for item in column.items {
            drawItem(
                item, rtl: rtl, into: &buffer, top: top, metrics: metrics, clip: y0..<(y0 + height),
                editing: snapshot.isEditing)
        }
    }

    /// The text of a cell's accessory in the column form: the checkmark, the detail button, the
    /// detail disclosure button and the disclosure chevron, beside the hierarchy indicator as
    /// the documents show them.
    /// A custom accessory view (`accessoryView`, `editingAccessoryView` while editing) is drawn
    /// instead: its image's glyph or its text; a hidden one draws nothing.
    static func accessoryText(of cell: HierarchyCollectionItem, editing: Bool, rtl: Bool) -> String {
        if let view = cell.customAccessoryView(isEditing: editing) {
            return view.isHidden ? "" : DisplayWidth.truncate(TerminalText.sanitize(view.drawnGlyph), toWidth: 8)
        }
        switch editing ? cell.editingAccessoryType : cell.accessoryType {
        case .none: return ""
        case .disclosureIndicator: return rtl ? "‹" : "›"
        case .detailDisclosureButton: return rtl ? "‹ⓘ" : "ⓘ›"
        case let accessory: return accessory.glyph
        }
    }

    /// Draws one cell: `fdlFUIHierarchyCollectionItem` behind; the detail image's glyph
    /// (`_detailImageView` tint), the title, status, subtitle and footnote each in their
    /// `fdlFUIHierarchyItemView_…` look and alignment; the accessory; the indicator
    /// (`fdlFUIHierarchyIndicator` and its `_title`). Expanded items and items selected in
    /// editing mode take the selected state of every look (background, title weight,
    /// indicator tint and fill); the keyboard focus is drawn over all of them.
    ///
    /// - Complexity: O(width × lines) of the cell.
    func drawItem(
        _ item: HierarchyViewSnapshot.Item, rtl: Bool, into buffer: inout ScreenBuffer, top: Int,
        metrics: HierarchyLayoutMetrics, clip: Range<Int>, editing: Bool
    ) {
        let cell = item.cell
        let x = Int(item.frame.minX.rounded())
        let width = Int(item.frame.width.rounded())
        let y = top + Int(item.frame.minY.rounded())
        let lines = max(1, Int(item.frame.height.rounded()))
        guard width > 2 else { return }
        let selected = item.isExpanded || item.isSelected || cell.state.isSelected
        func look(_ element: ThemeElement) -> ElementLook { palette.look(element, selected: selected) }
        func shown(_ style: TextStyle) -> TextStyle { item.isFocused ? palette.focused(style) : style }
        let base = shown(look(.collectionItem).text)
        for line in 0..<lines where clip.contains(y + line) {
            buffer.fill(x: x, y: y + line, width: width, height: 1, style: base)
        }
        let indicator = cell.hierarchyIndicator
        let indicatorWidth =
            indicator.isHidden ? 0 : min(width / 3, Int(indicator.reservedWidth(in: metrics, lines: lines)))
        let textX = rtl ? x + indicatorWidth : x
        let textWidth = max(0, width - indicatorWidth - 2)
        // The detail image: its glyph on the leading side, the texts after it.
        var detail = ""
        if let image = cell.detailImage, !cell.detailImageView.isHidden {
            detail = DisplayWidth.truncate(TerminalText.sanitize(image.glyph), toWidth: 2)
        }
        let detailWidth = detail.isEmpty ? 0 : min(textWidth, DisplayWidth.of(detail) + 1)
        let tx = textX + 1 + detailWidth
        let area = max(0, textWidth - detailWidth)
        if !detail.isEmpty, clip.contains(y) {
            buffer.put(detail, x: textX + 1, y: y, maxWidth: detailWidth, style: shown(look(.itemDetailImage).glyph))
        }
        let prefix = (editing ? (item.isSelected ? "✓ " : "  ") : "") + Self.imagePrefix(of: cell)

        // Line 1: prefix, title, status, accessory on the far side.
        if clip.contains(y) {
            let accessory = Self.accessoryText(of: cell, editing: editing, rtl: rtl)
            let accessoryWidth = accessory.isEmpty ? 0 : DisplayWidth.of(accessory) + 1
            let lineRoom = max(0, area - accessoryWidth)
            // The title keeps its room; the status shows in full where it fits, else as a
            // coloured dot.
            var status = cell.status.visibleText.map { TerminalText.sanitize($0) } ?? ""
            let statusLook = look(.itemStatus)
            let statusTextStyle = shown(statusStyle(status, look: statusLook))
            let titleText = TerminalText.sanitize(cell.title.visibleText ?? "")
            let prefixWidth = DisplayWidth.of(TerminalText.sanitize(prefix))
            let wanted = prefixWidth + DisplayWidth.of(titleText)
            if !status.isEmpty, lineRoom - wanted - 1 < DisplayWidth.of(status) { status = "●" }
            let statusWidth = DisplayWidth.of(status)
            let titleRoom = max(0, lineRoom - (statusWidth > 0 ? statusWidth + 1 : 0))
            let used = buffer.put(
                prefix, x: tx, y: y, maxWidth: titleRoom,
                style: prefixStyle(base: base, focused: item.isFocused, selected: selected))
            let titleLook = look(.itemTitle)
            drawLabel(
                titleText, look: titleLook, style: shown(titleLook.text), x: tx + used, y: y,
                room: max(0, titleRoom - used), into: &buffer)
            if statusWidth > 0 {
                let start = tx + min(titleRoom, wanted) + 1
                let statusRoom = max(statusWidth, tx + lineRoom - start)
                let offset = statusLook.offset(ofWidth: statusWidth, in: statusRoom, natural: statusRoom - statusWidth)
                buffer.put(status, x: start + offset, y: y, maxWidth: statusWidth, style: statusTextStyle)
            }
            if !accessory.isEmpty {
                buffer.put(
                    accessory, x: tx + area - accessoryWidth + 1, y: y, maxWidth: accessoryWidth - 1,
                    style: Self.accessoryStyle(of: cell, editing: editing, base: shown(look(.collectionItem).glyph)))
            }
        }
        var line = 1
        for (text, element) in [
            (cell.subtitle.visibleText, ThemeElement.itemSubtitle), (cell.footnote.visibleText, .itemFootnote),
        ] {
            guard let text, line < lines else { continue }
            if clip.contains(y + line) {
                let labelLook = look(element)
                drawLabel(
                    TerminalText.sanitize(text), look: labelLook, style: shown(labelLook.text), x: tx, y: y + line,
                    room: area, into: &buffer)
            }
            line += 1
        }
        guard indicatorWidth > 0 else { return }
        // The indicator: count over the expand glyph (multi-line) or side by side.
        let ix = rtl ? x : x + width - indicatorWidth
        let glyph = rtl ? (item.isExpanded ? "◀" : "‹") : (item.isExpanded ? "▶" : "›")
        let room = max(1, indicatorWidth - 1)
        // Count over glyph needs two lines; on one line the count shares the room with the glyph.
        let shownLines = indicator.isShownMultiline(lines: lines) ? 2 : 1
        let count = indicator.abbreviatedTitle(maximumCharacters: shownLines == 2 ? room : max(1, room - 2)) ?? ""
        let indicatorLook = look(.indicator)
        let countLook = look(.indicatorTitle)
        for line in 0..<shownLines where clip.contains(y + line) {
            buffer.fill(x: ix, y: y + line, width: indicatorWidth, height: 1, style: shown(indicatorLook.text))
        }
        var countStyle = shown(countLook.text)
        countStyle.background = shown(indicatorLook.text).background
        countStyle.bold = countStyle.bold || indicatorLook.text.bold
        let glyphStyle = shown(indicatorLook.glyph)
        // The indicator's area: against the cell's far edge, one cell from the near one.
        let areaX = rtl ? ix + 1 : ix
        func start(ofWidth w: Int) -> Int {
            switch countLook.alignment {
            case .natural, .justified: areaX + (rtl ? 0 : room - w)
            default: areaX + countLook.offset(ofWidth: w, in: room)
            }
        }
        IndicatorText(
            count: count, glyph: glyph, lines: shownLines, countStyle: countStyle, glyphStyle: glyphStyle,
            rightToLeft: rtl, room: room, start: start(ofWidth:)
        ).draw(y: y, clip: clip, into: &buffer)
    }

    /// The images before a cell's title: the status image (unless its view is hidden), then the
    /// icons (`iconImages`), each its glyph ("‼" for `FUIIconLibrary.indicator.veryHighPriority`,
    /// a text icon's text), followed by a space.
    static func imagePrefix(of cell: HierarchyCollectionItem) -> String {
        var prefix = ""
        if let image = cell.statusImage, !cell.statusImageView.isHidden { prefix = image.glyph + " " }
        if !cell.iconImages.isEmpty { prefix += cell.iconImages.map(\.glyph).joined() + " " }
        return prefix
    }

    /// The style of a cell's accessory: `base` (the cell's glyph style), in the tint of a
    /// custom accessory view that has one.
    static func accessoryStyle(of cell: HierarchyCollectionItem, editing: Bool, base: TextStyle) -> TextStyle {
        guard let tint = cell.customAccessoryView(isEditing: editing)?.tintColor, tint.alpha > 0 else { return base }
        var style = base
        style.foreground = ElementLook.color(tint)
        return style
    }

    /// The style of a status text: the status look, in the semantic colour (negative,
    /// critical, positive, with their attributes) of a status with a meaning.
    func statusStyle(_ status: String, look: ElementLook) -> TextStyle {
        let semantic = palette.style(forStatus: status)
        guard semantic != palette.secondary else { return look.text }
        var style = look.text
        style.foreground = semantic.foreground
        style.bold = style.bold || semantic.bold
        style.underline = semantic.underline
        return style
    }

    /// The style of the marks before a title (editing checkmark, icons, status image), which
    /// have no class path: the palette's mark on the cell's background.
    func prefixStyle(base: TextStyle, focused: Bool, selected: Bool) -> TextStyle {
        if focused { return palette.focused(palette.selectedMark) }
        var style = palette.selectedMark
        if selected && !palette.isThemed {
            style = base
            style.bold = true
        }
        style.background = base.background
        return style
    }

    /// Draws one label: its area filled with its style (its background), the text placed by
    /// its alignment.
    func drawLabel(
        _ text: String, look: ElementLook, style: TextStyle, x: Int, y: Int, room: Int, into buffer: inout ScreenBuffer
    ) {
        guard room > 0 else { return }
        buffer.fill(x: x, y: y, width: room, height: 1, style: style)
        let width = min(room, DisplayWidth.of(text))
        let offset = look.offset(ofWidth: width, in: room)
        buffer.put(text, x: x + offset, y: y, maxWidth: room - offset, style: style)
    }
}
