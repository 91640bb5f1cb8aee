import Foundation
import HierarchyKit

/// The cells of a host's controller: from the collection's data source, sized by its delegate
/// or the layout's `itemSize`, in character cells (width in columns, height in lines).
extension LinearCollectionScreen {
    var bodyTop: Int { 1 }
    var bodyHeight: Int { max(0, rows - 2) }

    /// Where the collection is drawn, in cells of the body (below the title line): the
    /// collection view's `frame` as the host set it (`lhVC.collectionView.frame = CGRect(...)`),
    /// clipped to the body; the whole body while the frame is empty.
    var collectionArea: (x: Int, y: Int, width: Int, height: Int) {
        let frame = controller.collectionView.frame
        guard frame.width > 0, frame.height > 0 else { return (0, 0, columns, bodyHeight) }
        let x = min(columns, max(0, Int(frame.minX.rounded())))
        let y = min(bodyHeight, max(0, Int(frame.minY.rounded())))
        let width = min(columns - x, max(1, Int(frame.width.rounded())))
        let height = min(bodyHeight - y, max(1, Int(frame.height.rounded())))
        return (x, y, max(0, width), max(0, height))
    }

    /// The frames of every cell, in content coordinates.
    ///
    /// - Complexity: O(n) for n cells shown.
    func computeLayout() -> (sections: [LinearHierarchyCollectionView.Section], result: LinearHierarchyLayout.Result) {
        let view = controller.collectionView
        let sections = view.sections()
        let sizes = sections.map { section in
            section.sizes.map { Size(width: max(1, $0.width.rounded()), height: max(1, $0.height.rounded())) }
        }
        let area = collectionArea
        let result = view.collectionViewLayout.layout.layout(
            sectionSizes: sizes, containerSize: Size(width: Double(area.width), height: Double(area.height)))
        return (sections, result)
    }

    /// Scrolls along the axis so the focused cell is in view; returns whether it moved.
    func scrollCellFocusIntoView() -> Bool {
        guard let focus, focus.count == 2 else { return false }
        let (sections, result) = computeLayout()
        recycleShownCells(sections)
        guard let frame = result.frame(at: LinearIndexPath(section: focus[0], item: focus[1])) else { return false }
        let old = scrollOffset
        let extent = isHorizontal ? collectionArea.width : collectionArea.height
        let start = Int((isHorizontal ? frame.minX : frame.minY).rounded(.down))
        let end = Int((isHorizontal ? frame.maxX : frame.maxY).rounded(.up))
        if start < scrollOffset { scrollOffset = start }
        if end > scrollOffset + extent { scrollOffset = max(0, end - extent) }
        return old != scrollOffset
    }

    private func recycleShownCells(_ sections: [LinearHierarchyCollectionView.Section]) {
        controller.collectionView.recycle(shownCells)
        shownCells = sections.flatMap(\.cells)
    }

    /// Draws the title line, the cells and the status line.
    func drawCells(into buffer: inout ScreenBuffer) {
        // `fdlCBLinearHierarchyView` behind, the title on the path line
        // (`fdlFUIHierarchyView_pathLine`), cells in `fdlCBLinearHierarchyCell` unless the host
        // gave them a colour (`normalLHCellColor`, `activeLHCellColor`), the status line in
        // `fdlFUIHierarchyView_statusLine`.
        let level = controller.hierarchyLevel
        PathLine(parts: [title + (level > 0 ? "  · level \(level + 1)" : "")], sourceName: "")
            .draw(into: &buffer, palette: palette)
        let (sections, result) = computeLayout()
        recycleShownCells(sections)
        let area = collectionArea
        let clipX = area.x..<(area.x + area.width)
        let clipY = (bodyTop + area.y)..<(bodyTop + area.y + area.height)
        for (s, frames) in result.frames.enumerated() where s < sections.count {
            for (i, frame) in frames.enumerated() where i < sections[s].cells.count {
                let cell = sections[s].cells[i]
                let x = area.x + Int(frame.minX.rounded()) - (isHorizontal ? scrollOffset : 0)
                let y = bodyTop + area.y + Int(frame.minY.rounded()) - (isHorizontal ? 0 : scrollOffset)
                let width = Int(frame.width.rounded())
                guard clipY.contains(y), x < clipX.upperBound, x + width > clipX.lowerBound else { continue }
                var style = palette.isThemed ? palette.look(.linearCell, selected: cell.isActive).text : palette.text
                if let color = cell.backgroundColor, color.alpha > 0 {
                    style.background = .rgb(color.red, color.green, color.blue)
                    style.foreground = .rgb(255, 255, 255)
                }
                let focused = focus == IndexPath(indexes: [s, i])
                if focused { style = palette.focused }
                if cell.isActive { style.bold = true }
                if insertedPaths.contains(IndexPath(indexes: [s, i])) { style.underline = true }
                let text = " " + TerminalText.sanitize(cell.displayText)
                let visibleX = max(clipX.lowerBound, x)
                let visibleWidth = min(clipX.upperBound, x + width) - visibleX
                guard visibleWidth > 0 else { continue }
                buffer.fill(x: visibleX, y: y, width: visibleWidth, height: 1, style: style)
                let skipped = visibleX - x
                let shown = skipped > 0 ? String(text.dropFirst(skipped)) : text
                buffer.put(
                    DisplayWidth.truncate(shown, toWidth: max(0, min(visibleWidth, width - 1 - skipped))), x: visibleX,
                    y: y, maxWidth: visibleWidth, style: style)
            }
        }
        let focusedText = focus.flatMap { path -> String? in
            guard path.count == 2, path[0] < sections.count, path[1] < sections[path[0]].cells.count else { return nil }
            return sections[path[0]].cells[path[1]].displayText
        }
        let message = chrome.messageToDraw()
        StatusLine(
            text: message == nil ? focusedText ?? "" : "", message: message,
            keys: ["\(arrows) move", "⏎ open", "? help", "q quit"]
        ).draw(into: &buffer, palette: palette)
    }

    private var arrows: String { isHorizontal ? "← →" : "↑ ↓" }

    /// The keys the help overlay lists for a host's controller.
    var cellHelpLines: [(keys: String, meaning: String)] {
        [
            (arrows, "move between the cells"),
            ("Home End", "first, last cell"),
            ("⏎  Space", "choose the cell: open, go back or select"),
            ("mouse", "click a cell, wheel scrolls"),
            ("q  Esc  Ctrl-C", "quit"),
        ]
    }
}
