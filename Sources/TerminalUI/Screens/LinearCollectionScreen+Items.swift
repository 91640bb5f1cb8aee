import HierarchyKit

/// The items of a source's controller: chips with their child counts in one row, or rows
/// indented by depth with status and counts; the path line names the path, the status line the
/// position.
extension LinearCollectionScreen {
    /// Draws the path line, the items and the status line.
    func drawItems(into buffer: inout ScreenBuffer) {
        drawPathLine(into: &buffer)
        drawBody(into: &buffer)
        _ = chrome.messageToDraw()
        drawStatusLine(into: &buffer)
    }

    private func drawBody(into buffer: inout ScreenBuffer) {
        let result = computeItemLayout()
        let clip = bodyTop..<(bodyTop + bodyHeight)
        // The horizontal form scrolls sideways: chips cut by the leading edge are left out,
        // those cut by the trailing edge are shortened.
        let horizontal = axis == .horizontal
        let xShift = horizontal ? windowStart(result) : 0
        let yShift = horizontal ? 0 : scrollOffset
        for (section, frames) in result.frames.enumerated() {
            for (index, frame) in frames.enumerated() {
                guard let item = hierarchy.item(at: LinearIndexPath(section: section, item: index)) else { continue }
                let y = bodyTop + Int(frame.minY) - yShift
                guard clip.contains(y) else { continue }
                let x = bodyLeft + Int(frame.minX) - xShift
                guard x >= bodyLeft, x < bodyLeft + bodyWidth else { continue }
                let active = section < hierarchy.level
                let focused = !active && index == focusIndex && !hierarchy.isLoading
                switch axis {
                case .horizontal:
                    drawChip(
                        item, active: active, focused: focused, x: x, y: y,
                        width: min(Int(frame.width), bodyLeft + bodyWidth - x), into: &buffer)
                case .vertical:
                    drawRow(
                        item, depth: section, active: active, focused: focused, x: x, y: y, width: Int(frame.width),
                        into: &buffer)
                }
            }
        }
        if let frame = result.loadingFrame {
            let y = bodyTop + Int(frame.minY) - yShift
            let x = bodyLeft + Int(frame.minX) - xShift
            if clip.contains(y), x >= bodyLeft, x < bodyLeft + bodyWidth {
                let text = hierarchy.isLoading ? Self.loadingText : "No items"
                switch axis {
                case .horizontal:
                    buffer.put(
                        "(\(text))", x: x, y: y, maxWidth: min(Int(frame.width), bodyLeft + bodyWidth - x),
                        style: palette.placeholder)
                case .vertical:
                    let indent = 2 * hierarchy.level + 2
                    let shown = DisplayWidth.truncate(text, toWidth: max(0, Int(frame.width) - indent - 1))
                    let tx = isRightToLeft ? x + Int(frame.width) - indent - 1 - DisplayWidth.of(shown) : x + indent
                    buffer.put(
                        shown, x: tx, y: y, maxWidth: max(0, Int(frame.width) - indent), style: palette.placeholder)
                }
            }
        }
        // The scroll bar in the right margin.
        let content = Int(result.contentSize.height.rounded(.up))
        if content > bodyHeight, bodyHeight > 0 {
            let h = max(1, bodyHeight * bodyHeight / content)
            let y = (bodyHeight - h) * scrollOffset / max(1, content - bodyHeight)
            let x = isRightToLeft ? 0 : columns - 1
            for line in 0..<h { buffer.put("┃", x: x, y: bodyTop + y + line, maxWidth: 1, style: palette.indicator) }
        }
    }

    private func drawChip(
        _ item: LinearHierarchyItem, active: Bool, focused: Bool, x: Int, y: Int, width: Int,
        into buffer: inout ScreenBuffer
    ) {
        let text = chipText(item, active: active)
        var style: TextStyle
        if palette.isThemed {
            // `fdlCBLinearHierarchyCell`: the active path in its selected state; the focus
            // reversed over it; the selected leaf bold.
            style = palette.look(.linearCell, selected: active).text
            if focused && !active { style = palette.focused(style) }
            if hierarchy.selectedItemID == item.id { style.bold = true }
        } else if active {
            style = palette.expanded
        } else if focused {
            style = palette.focused
        } else if hierarchy.selectedItemID == item.id {
            style = palette.selectedMark
        } else {
            style = item.isExpandable ? palette.title : palette.secondary
        }
        let inner = DisplayWidth.truncate(text, toWidth: max(0, width - 2))
        buffer.put(active ? " \(inner) " : "[\(inner)]", x: x, y: y, maxWidth: width, style: style)
    }

    private func drawRow(
        _ item: LinearHierarchyItem, depth: Int, active: Bool, focused: Bool, x: Int, y: Int, width: Int,
        into buffer: inout ScreenBuffer
    ) {
        let node = adapter?.node(for: item.id)
        let cellLook = palette.look(.linearCell, selected: active)
        var base: TextStyle = active ? palette.expanded : (focused ? palette.focused : palette.text)
        if palette.isThemed {
            base = focused && !active ? palette.focused(cellLook.text) : cellLook.text
        }
        buffer.fill(x: x, y: y, width: width, height: 1, style: base)
        let indent = 2 * depth
        let marker = active ? "▾" : (item.isExpandable ? (isRightToLeft ? "◂" : "▸") : " ")
        let name = TerminalText.sanitize(item.name)
        var trailing = ""
        if !active {
            let status = node?.status.map(TerminalText.sanitize) ?? ""
            let count = countSuffix(item).trimmingCharacters(in: .whitespaces)
            trailing = [status, count].filter { !$0.isEmpty }.joined(separator: "  ")
        }
        let room = max(0, width - indent - (isRightToLeft ? 2 : 1))
        var trailingWidth = DisplayWidth.of(trailing)
        if trailingWidth > 0, trailingWidth + 2 + min(DisplayWidth.of(name) + 2, 12) > room {
            trailing = countSuffix(item).trimmingCharacters(in: .whitespaces)
            trailingWidth = DisplayWidth.of(trailing)
        }
        let titleRoom = max(0, room - (trailingWidth > 0 ? trailingWidth + 2 : 0))
        let shownName = DisplayWidth.truncate(name, toWidth: max(0, titleRoom - 2))
        let shownTitle = isRightToLeft ? shownName + " " + marker : marker + " " + shownName
        var titleStyle = active || focused || palette.isThemed ? base : palette.title
        if active || hierarchy.selectedItemID == item.id { titleStyle.bold = true }
        let trailingStyle = active || focused ? base : palette.secondary
        // The item's second line (a scalar's value, a container's preview, an item's subtitle)
        // follows its title where there is room, as print shows `key: value`.
        let detailRoom = titleRoom - DisplayWidth.of(shownTitle) - 2
        let detail = (node?.subtitle ?? (active ? nil : node?.preview)).map(TerminalText.sanitize) ?? ""
        let shownDetail = detailRoom >= 4 ? DisplayWidth.truncate(detail, toWidth: detailRoom) : ""
        if isRightToLeft {
            let tx = x + width - indent - 1 - DisplayWidth.of(shownTitle)
            buffer.put(shownTitle, x: tx, y: y, maxWidth: titleRoom, style: titleStyle)
            if !shownDetail.isEmpty {
                let dx = tx - 2 - DisplayWidth.of(shownDetail)
                buffer.put(shownDetail, x: dx, y: y, maxWidth: detailRoom, style: trailingStyle)
            }
            if trailingWidth > 0 { buffer.put(trailing, x: x + 1, y: y, maxWidth: trailingWidth, style: trailingStyle) }
        } else {
            buffer.put(shownTitle, x: x + indent, y: y, maxWidth: titleRoom, style: titleStyle)
            if !shownDetail.isEmpty {
                let dx = x + indent + DisplayWidth.of(shownTitle) + 2
                buffer.put(shownDetail, x: dx, y: y, maxWidth: detailRoom, style: trailingStyle)
            }
            if trailingWidth > 0 {
                buffer.put(
                    trailing, x: x + width - 1 - trailingWidth, y: y, maxWidth: trailingWidth, style: trailingStyle)
            }
        }
    }

    private func itemTitle(of id: LinearHierarchyItem.ID) -> String {
        adapter?.node(for: id)?.title ?? "\(id)"
    }

    private func drawPathLine(into buffer: inout ScreenBuffer) {
        var parts = hierarchy.activeItemIDs.map(itemTitle(of:))
        if let item = focusedItem { parts.append(item.name) }
        PathLine(parts: parts, sourceName: title).draw(into: &buffer, palette: palette)
    }

    private func drawStatusLine(into buffer: inout ScreenBuffer) {
        let count = hierarchy.currentItems.count
        let position =
            hierarchy.isLoading
            ? "loading…"
            : (count > 0 ? "\(CountText.grouped(focusIndex + 1)) of \(CountText.grouped(count))" : "empty")
        StatusLine(text: position + " · level \(hierarchy.level)", message: message, keys: ["? help", "q quit"])
            .draw(into: &buffer, palette: palette)
    }

    static let itemHelpLines: [(keys: String, meaning: String)] = [
        ("↑ ↓  j k  Tab", "move between the items"),
        ("→ ⏎  l", "open the item (select a leaf)"),
        ("← ⌫  h", "back to the parent"),
        ("PgUp PgDn  Home End", "page, first, last"),
        ("letters", "jump to the next item whose title starts so"),
        ("y", "copy title, subtitle and footnote"),
        ("mouse", "click a chip or item, wheel scrolls"),
        ("q  Ctrl-C", "quit"),
    ]
}
