import Foundation
import HierarchyKit

/// The terminal face of a `LinearHierarchyViewController` (the CBLinearHierarchy API): the
/// collection's sections drawn along one axis, cells from the collection's data source (the
/// controller, or a host that overrides it), sizes from its delegate or the layout's
/// `itemSize`, in character cells (width in columns, height in lines).
///
/// Horizontal: every section in one row that scrolls sideways to keep the focused cell in
/// view (it never wraps). Vertical: sections stacked, scrolling down. ←/→ (or ↑/↓) move the
/// focus, Enter or Space chooses the focused cell (the delegate's `didSelectItemAt`), `?`
/// shows the keys, `q` quits. After a choice the cells the controller's `lastUpdate` inserted are underlined and
/// the status line says what changed (levels added or closed, items hidden or restored),
/// until the next key.
@MainActor
public final class LinearCollectionScreen: TerminalScreen {
    /// The controller shown.
    public let controller: LinearHierarchyViewController
    /// The styles to draw with.
    public var palette: BrowserPalette
    /// The title on the top line.
    public var title: String
    /// The terminal's width, in columns.
    public private(set) var columns: Int
    /// The terminal's height, in rows.
    public private(set) var rows: Int
    /// The focused cell (section and item), if any.
    public private(set) var focus: IndexPath?
    /// How far the content is scrolled along the axis, in cells.
    public private(set) var scrollOffset = 0

    /// The status line's message, the help and the too-small screen (see ``ScreenChrome``).
    public internal(set) var chrome: ScreenChrome
    /// Whether the help overlay is shown.
    public var showsHelp: Bool { chrome.showsHelp }
    /// What the last choice changed, as the status line says it (until the next key, or
    /// ``ScreenChrome/noticeLifetime``).
    public var changeNote: String? { chrome.message?.text }
    /// The cells the last choice inserted (underlined until the next key).
    public private(set) var insertedPaths: Set<IndexPath> = []

    private var redrawHandler: (() -> Void)?
    private var shownCells: [LinearHierarchyCell] = []

    /// A screen over a controller.
    ///
    /// - Parameters:
    ///   - controller: The controller shown.
    ///   - title: The title on the top line.
    ///   - palette: The styles.
    ///   - columns: The width.
    ///   - rows: The height.
    ///   - now: The clock notes on the status line expire by.
    public init(
        controller: LinearHierarchyViewController, title: String = "", palette: BrowserPalette = .horizon,
        columns: Int = 80, rows: Int = 24, now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.controller = controller
        chrome = ScreenChrome(minimumSize: (10, 3), now: now)
        self.title = title
        self.palette = palette
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        controller.collectionView.setNeedsDisplayHandler = { [weak self] in self?.redrawHandler?() }
        resetFocus()
    }

    private var isHorizontal: Bool { controller.collectionView.collectionViewLayout.scrollDirection == .horizontal }
    private var bodyTop: Int { 1 }
    private var bodyHeight: Int { max(0, rows - 2) }

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

    public func resize(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        _ = scrollFocusIntoView()
    }

    public func setRedrawHandler(_ handler: (() -> Void)?) {
        redrawHandler = handler
    }

    /// When a note on the status line leaves.
    public var redrawDeadline: ContinuousClock.Instant? { chrome.redrawDeadline }

    // MARK: Input

    public func handle(_ events: [InputEvent]) -> [BrowserCommand] {
        ScreenChrome.feed(events) { event in
            guard case .key(let key) = event else { return [] }
            insertedPaths = []
            if let taken = chrome.take(event) { return taken }
            return handle(key)
        }
    }

    func handle(_ event: KeyEvent) -> [BrowserCommand] {
        let back: Key = isHorizontal ? .left : .up
        let forward: Key = isHorizontal ? .right : .down
        switch event.key {
        case .character("q"), .escape: return [.quit]
        case .character("?"):
            chrome.showsHelp = true
        case .character("c") where event.modifiers.contains(.control): return [.quit]
        case back: moveFocus(by: -1)
        case forward: moveFocus(by: 1)
        case .home: moveFocus(to: 0)
        case .end: moveFocus(to: Int.max)
        case .enter, .character(" "): chooseFocused()
        default: break
        }
        return []
    }

    /// Chooses the focused cell: the delegate decides (expand, collapse, select).
    public func chooseFocused() {
        guard let focus else { return }
        let before = controller.lastUpdate
        let name = controller.item(at: focus)?.name
        controller.collectionView.selectItem(at: focus)
        if let update = controller.lastUpdate, update != before || before == nil {
            note(update, name: name)
        }
        resetFocus()
    }

    /// Describes an update on the status line and marks its inserted cells.
    ///
    /// - Complexity: O(k) for k inserted cells.
    private func note(_ update: LinearHierarchyUpdate, name: String?) {
        var inserted = Set(update.insertedItems.map { IndexPath(indexes: [$0.section, $0.item]) })
        for section in update.insertedSections {
            for item in 0..<controller.collectionView.numberOfItems(inSection: section) {
                inserted.insert(IndexPath(indexes: [section, item]))
            }
        }
        insertedPaths = inserted
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let title = TerminalText.sanitize(name ?? "")
        if !update.insertedSections.isEmpty {
            chrome.message = (
                "Opened \(title): \(plural(update.insertedSections.count, "level")) added, \(plural(update.removedItems.count, "item")) hidden",
                false
            )
        } else if !update.removedSections.isEmpty {
            chrome.message = (
                "Back to \(title): \(plural(update.removedSections.count, "level")) closed, \(plural(update.insertedItems.count, "item")) restored",
                false
            )
        } else if !update.isEmpty {
            chrome.message = ("Changed: \(update.description)", false)
        }
    }

    private func allPaths() -> [IndexPath] {
        let view = controller.collectionView
        return (0..<view.numberOfSections).flatMap { section in
            (0..<view.numberOfItems(inSection: section)).map { IndexPath(indexes: [section, $0]) }
        }
    }

    /// Focuses the first cell of the last section that has cells (the current level).
    private func resetFocus() {
        let view = controller.collectionView
        let sections = view.numberOfSections
        focus = nil
        for section in stride(from: sections - 1, through: 0, by: -1) where view.numberOfItems(inSection: section) > 0 {
            focus = IndexPath(indexes: [section, 0])
            break
        }
        _ = scrollFocusIntoView()
    }

    private func moveFocus(by delta: Int) {
        let paths = allPaths()
        guard !paths.isEmpty else { return }
        let current = focus.flatMap { paths.firstIndex(of: $0) } ?? 0
        moveFocus(to: current + delta)
    }

    private func moveFocus(to index: Int) {
        let paths = allPaths()
        guard !paths.isEmpty else { return }
        focus = paths[max(0, min(index, paths.count - 1))]
        _ = scrollFocusIntoView()
    }

    // MARK: Layout

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
    func scrollFocusIntoView() -> Bool {
        guard let focus, focus.count == 2 else { return false }
        let (sections, result) = computeLayout()
        shownCellsRecycle(sections)
        guard let frame = result.frame(at: LinearIndexPath(section: focus[0], item: focus[1])) else { return false }
        let old = scrollOffset
        let extent = isHorizontal ? collectionArea.width : collectionArea.height
        let start = Int((isHorizontal ? frame.minX : frame.minY).rounded(.down))
        let end = Int((isHorizontal ? frame.maxX : frame.maxY).rounded(.up))
        if start < scrollOffset { scrollOffset = start }
        if end > scrollOffset + extent { scrollOffset = max(0, end - extent) }
        return old != scrollOffset
    }

    private func shownCellsRecycle(_ sections: [LinearHierarchyCollectionView.Section]) {
        controller.collectionView.recycle(shownCells)
        shownCells = sections.flatMap(\.cells)
    }

    // MARK: Drawing

    public func render() -> ScreenBuffer {
        if chrome.isTooSmall(columns: columns, rows: rows) {
            return ScreenChrome.tooSmallScreen(columns: columns, rows: rows, palette: palette)
        }
        var buffer = ScreenBuffer(width: columns, height: rows)
        // `fdlCBLinearHierarchyView` behind, the title on the path line
        // (`fdlFUIHierarchyView_pathLine`), cells in `fdlCBLinearHierarchyCell` unless the host
        // gave them a colour (`normalLHCellColor`, `activeLHCellColor`), the status line in
        // `fdlFUIHierarchyView_statusLine`.
        buffer.fill(x: 0, y: 0, width: columns, height: rows, style: palette.look(.linearView).text)
        let level = controller.hierarchyLevel
        PathLine(parts: [title + (level > 0 ? "  · level \(level + 1)" : "")], sourceName: "")
            .draw(into: &buffer, palette: palette)
        let (sections, result) = computeLayout()
        shownCellsRecycle(sections)
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
        chrome.drawHelp(helpLines, into: &buffer, palette: palette)
        return buffer
    }

    private var arrows: String { isHorizontal ? "← →" : "↑ ↓" }

    /// The keys the help overlay lists.
    var helpLines: [(keys: String, meaning: String)] {
        [
            (arrows, "move between the cells"),
            ("Home End", "first, last cell"),
            ("⏎  Space", "choose the cell: open, go back or select"),
            ("q  Esc  Ctrl-C", "quit"),
        ]
    }
}
