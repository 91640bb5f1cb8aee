import HierarchyKit
import ListFloorplan

extension ListBrowser {
    /// Draws the whole screen: search line, rows (or the empty view), footer and key line.
    ///
    /// Class paths: `fdlFUIListFloorplan` behind the rows, `fdlFUIListFloorplan_searchBar` for
    /// the search line (placeholder and title in its tint), `_title` and `_subtitle` for each
    /// row's two lines, `_statusLine` for the key line. The chosen row is the body reversed
    /// (the focus has no class path); status texts keep their semantic colours.
    ///
    /// - Returns: A buffer of the current size.
    public func render() -> ScreenBuffer {
        guard !chrome.isTooSmall(columns: columns, rows: rows) else {
            return ScreenChrome.tooSmallScreen(columns: columns, rows: rows, palette: palette)
        }
        var buffer = ScreenBuffer(width: columns, height: rows)
        buffer.fill(x: 0, y: 0, width: columns, height: rows, style: palette.look(.listFloorplan).text)
        drawSearchLine(into: &buffer)
        if let headerLine = screen.headerLine {
            buffer.put(
                TerminalText.sanitize(headerLine(columns)), x: 0, y: 1, maxWidth: columns,
                style: palette.isThemed ? palette.look(.listSubtitle).text : palette.headerDisabled)
        }
        let footer = viewModel.footer
        if case .noResults = footer, let text = screen.footerText {
            drawCentered(text, into: &buffer)
        } else if case .noEntries = footer, let text = screen.footerText {
            drawCentered(text, into: &buffer)
        } else {
            drawRows(into: &buffer)
            drawFooter(footer, into: &buffer)
        }
        drawKeyLine(into: &buffer)
        chrome.drawHelp(helpLines, into: &buffer, palette: palette)
        return buffer
    }

    private func drawSearchLine(into buffer: inout ScreenBuffer) {
        let look = palette.look(.listSearchBar)
        let header = look.text
        let dimmed = palette.isThemed ? look.glyph : palette.headerDisabled
        buffer.fill(x: 0, y: 0, width: columns, height: 1, style: header)
        let titleText = title.isEmpty || columns < 60 ? "" : " \(TerminalText.sanitize(title)) "
        let titleWidth = min(DisplayWidth.of(titleText), columns / 3)
        let room = max(0, columns - titleWidth)
        guard viewModel.isSearchEnabled else {
            buffer.put(" " + TerminalText.sanitize(title), x: 0, y: 0, maxWidth: columns, style: header)
            return
        }
        let used = buffer.put(" / ", x: 0, y: 0, maxWidth: room, style: header)
        let text = TerminalText.sanitize(viewModel.searchText)
        if text.isEmpty {
            buffer.put(
                screen.searchPlaceholder + "…", x: used, y: 0, maxWidth: max(0, room - used - 1),
                style: dimmed)
        } else {
            var shown = text
            // Keep the end of a long search text, where the cursor is.
            while DisplayWidth.of(shown) > max(0, room - used - 2), !shown.isEmpty { shown.removeFirst() }
            let end = buffer.put(shown, x: used, y: 0, maxWidth: max(0, room - used - 1), style: header)
            buffer.put("▏", x: used + end, y: 0, maxWidth: 1, style: header)
        }
        if titleWidth > 0 {
            buffer.put(titleText, x: columns - titleWidth, y: 0, maxWidth: titleWidth, style: dimmed)
        }
    }

    private func drawRows(into buffer: inout ScreenBuffer) {
        let paths = flatPaths
        for slot in 0..<visibleRowCount {
            let index = top + slot
            guard index < paths.count, let content = screen.content(at: paths[index]) else { break }
            let y = bodyTop + slot * Self.linesPerRow
            guard y + 1 < bodyTop + bodyHeight else { break }
            let isSelected = index == selection
            let titleStyle = palette.look(.listTitle).text
            let subtitleStyle = palette.look(.listSubtitle).text
            let base =
                isSelected
                ? palette.focused(palette.isThemed ? titleStyle : palette.text) : palette.look(.listFloorplan).text
            if isSelected { buffer.fill(x: 0, y: y, width: columns, height: Self.linesPerRow, style: base) }
            drawLine(
                lead: isSelected ? "› " : "  ", content.headline, trailing: content.status,
                y: y, style: isSelected ? base : titleStyle,
                trailingStyle: isSelected ? base : content.status.map { statusStyle($0, on: subtitleStyle) } ?? base,
                into: &buffer)
            drawLine(
                lead: "  ", content.subheadline ?? "", trailing: content.footnote,
                y: y + 1, style: isSelected ? base : subtitleStyle,
                trailingStyle: isSelected ? base : subtitleStyle, into: &buffer)
        }
    }

    /// A status text's style: its semantic colour (negative, critical, positive) where it has a
    /// meaning, else the subtitle's look; on the subtitle's background in a theme.
    private func statusStyle(_ status: String, on subtitle: TextStyle) -> TextStyle {
        let semantic = palette.style(forStatus: status)
        guard palette.isThemed else { return semantic }
        guard semantic != palette.secondary else { return subtitle }
        var style = semantic
        style.background = subtitle.background
        return style
    }

    /// One line of a row: text from the leading edge, an optional text at the trailing edge.
    private func drawLine(
        lead: String, _ text: String, trailing: String?, y: Int, style: TextStyle,
        trailingStyle: TextStyle, into buffer: inout ScreenBuffer
    ) {
        // A trailing text takes at most half the line, cut with … when longer.
        var trailingText = trailing.map { " " + TerminalText.sanitize($0) + " " } ?? ""
        if DisplayWidth.of(trailingText) > columns / 2 {
            trailingText.removeLast()
            while DisplayWidth.of(trailingText) > max(0, columns / 2 - 2), !trailingText.isEmpty {
                trailingText.removeLast()
            }
            trailingText = trailingText.count > 1 ? trailingText + "… " : ""
        }
        let trailingWidth = DisplayWidth.of(trailingText)
        let used = buffer.put(lead, x: 0, y: y, maxWidth: columns, style: style)
        let room = max(0, columns - used - trailingWidth - 1)
        var shown = TerminalText.sanitize(text)
        if DisplayWidth.of(shown) > room {
            while DisplayWidth.of(shown) > max(0, room - 1), !shown.isEmpty { shown.removeLast() }
            shown += "…"
        }
        buffer.put(shown, x: used, y: y, maxWidth: room, style: style)
        if trailingWidth > 0 {
            buffer.put(trailingText, x: columns - trailingWidth, y: y, maxWidth: trailingWidth, style: trailingStyle)
        }
    }

    private func drawCentered(_ text: String, into buffer: inout ScreenBuffer) {
        let shown = TerminalText.sanitize(text)
        let width = min(DisplayWidth.of(shown), columns - 2)
        let y = bodyTop + max(0, bodyHeight / 2 - 1)
        buffer.put(shown, x: max(1, (columns - width) / 2), y: y, maxWidth: columns - 2, style: palette.placeholder)
    }

    private func drawFooter(_ footer: ListFooter, into buffer: inout ScreenBuffer) {
        guard let text = screen.footerText else { return }
        let y = rows - 2
        var line = "  " + TerminalText.sanitize(text)
        // While a page loads, the spinner turns: one frame per tick of the run loop.
        if case .loading = footer {
            line =
                "  " + Self.spinnerFrames[spinnerFrame % Self.spinnerFrames.count] + " " + TerminalText.sanitize(text)
        }
        var style = palette.placeholder
        if case .error = footer { style = palette.statusError }
        if DisplayWidth.of(line) > columns {
            while DisplayWidth.of(line) > max(0, columns - 1), !line.isEmpty { line.removeLast() }
            line += "…"
        }
        buffer.put(line, x: 0, y: y, maxWidth: columns, style: style)
    }

    private func drawKeyLine(into buffer: inout ScreenBuffer) {
        if let prompt { return drawPrompt(prompt, into: &buffer) }
        let count = flatPaths.count
        var parts: [String] = []
        if count > 0 {
            let more = viewModel.footer != .noMoreEntries ? "+" : ""
            parts.append("\(CountText.grouped((selection ?? 0) + 1)) of \(CountText.grouped(count))\(more)")
        }
        var isSearch = false
        if case .search = viewModel.mode { isSearch = true }
        // A search streams its results: say so while it runs.
        if isSearch, viewModel.state != .finished { parts.append("searching…") }
        var keys = ["⏎ choose", "Esc close", "^R refresh"]
        // The exhaustive search is offered while a search may have more results: not once it
        // has them all, found none, or failed (then `r` retries).
        switch viewModel.footer {
        case .noMoreEntries, .noResults: break
        case .error: keys.insert("r retry", at: 0)
        default: if isSearch { keys.insert("^S all results", at: 1) }
        }
        if screen.isAddButtonShown { keys.append("+ add") }
        if screen.isDeleteEnabled { keys.append("Del delete") }
        keys.append("? help")
        StatusLine(
            text: parts.joined(separator: "  "), message: chrome.messageToDraw(), keys: keys, element: .listStatusLine
        ).draw(into: &buffer, palette: palette)
    }

    /// The keys the help overlay lists: those the list offers now.
    var helpLines: [(keys: String, meaning: String)] {
        var lines: [(keys: String, meaning: String)] = []
        if viewModel.isSearchEnabled {
            lines.append(("type", "search; ^U clears the search"))
            lines.append(("^S", "every result at once"))
        }
        lines.append(("↑ ↓  ^P ^N  wheel", "move"))
        lines.append(("PgUp PgDn  Home End", "page, first, last"))
        lines.append(("⏎  click twice", "choose"))
        lines.append(("^R", "refresh"))
        lines.append(("r", "retry after an error"))
        if screen.isAddButtonShown { lines.append(("+", "add an item")) }
        if screen.isDeleteEnabled { lines.append(("Del", "delete the item")) }
        lines.append(("Esc  q  ^C", "close (q while the search is empty)"))
        return lines
    }
}

extension ListBrowser: AnimatedTerminalScreen {
    /// The loading footer's spinner, one frame per tick.
    static var spinnerFrames: [String] { ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] }

    /// Whether the footer's spinner turns: while a page loads.
    public var isAnimating: Bool { viewModel.footer == .loading }

    /// Turns the spinner one frame.
    public func advanceAnimation() {
        spinnerFrame += 1
    }
}
