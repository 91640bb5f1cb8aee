import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchySources

/// The terminal's linear face: a `LinearHierarchyViewController` (the CBLinearHierarchy API)
/// drawn along its layout's axis, the user's path and the current level after it. One
/// horizontal row scrolls sideways to keep the focus in view (it never wraps); a vertical
/// stack scrolls down.
///
/// The controller of a source (`LinearHierarchyViewController(source:)`, what
/// `hierarchy --layout linear-horizontal|linear-vertical` shows) is drawn as its items: chips
/// with their child counts, or rows indented by depth with status and counts; a loading chip
/// shows while children are read. Keys: ↑ ↓ (j k, Tab) move between the current items; → ⏎ (l)
/// expand the focused item (or select a leaf); ← ⌫ (h) collapse to the parent; PgUp PgDn Home
/// End; y copies; arrows follow the screen in right-to-left layouts.
///
/// A host's controller is drawn as its cells (from the collection's data source, sizes from
/// its delegate or the layout's `itemSize`, in character cells): ←/→ (or ↑/↓) move the focus
/// over every cell, Enter or Space chooses it (the delegate's `didSelectItemAt`). After a
/// choice the cells the controller's `lastUpdate` inserted are underlined and the status line
/// says what changed, until the next key.
///
/// Both: ? help, q quits; a click on a cell or item chooses it, the wheel scrolls.
@MainActor
public final class LinearCollectionScreen: TerminalScreen {
    /// The axis the path grows along.
    public typealias Axis = LinearHierarchyLayout.ScrollDirection

    /// The controller shown.
    public let controller: LinearHierarchyViewController
    /// The source's items as linear items, when the controller is a source's.
    public var adapter: LinearSourceAdapter? { controller.sourceAdapter }
    /// The styles to draw with.
    public var palette: BrowserPalette
    /// The title on the top line (a source's name).
    public var title: String
    /// The terminal's width, in columns.
    public private(set) var columns: Int
    /// The terminal's height, in rows.
    public private(set) var rows: Int
    /// The focused cell (section and item), if any.
    public internal(set) var focus: IndexPath? {
        didSet { focusedItemID = focus.flatMap(controller.item(at:))?.id }
    }
    /// How far the content is scrolled along the axis, in cells.
    public internal(set) var scrollOffset = 0

    /// The status line's message, the help and the too-small screen (see ``ScreenChrome``).
    public internal(set) var chrome: ScreenChrome
    /// Whether the help overlay is shown.
    public var showsHelp: Bool { chrome.showsHelp }
    /// A one-line message on the status line, until the next key (a notice also until
    /// ``ScreenChrome/noticeLifetime`` has passed). The controller's load errors (its error
    /// queue) replace it when it is read or drawn.
    public internal(set) var message: (text: String, isError: Bool)? {
        get {
            if let error = controller.takeErrors().last { chrome.message = (error.message, true) }
            return chrome.message
        }
        set { chrome.message = newValue }
    }
    /// What the last choice changed, as the status line says it (until the next key, or
    /// ``ScreenChrome/noticeLifetime``).
    public var changeNote: String? { chrome.message?.text }
    /// The cells the last choice inserted (underlined until the next key).
    public private(set) var insertedPaths: Set<IndexPath> = []

    /// The letters typed to jump to an item of the current level (a source's controller).
    var typeSelect = TypeSelect(timeout: HierarchyBrowser.typeSelectTimeout)

    private var redrawHandler: (() -> Void)?
    var shownCells: [LinearHierarchyCell] = []
    private var focusedItemID: LinearHierarchyItem.ID?
    private var shownPath: [LinearHierarchyItem.ID] = []

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
        chrome =
            controller.sourceAdapter == nil ? ScreenChrome(minimumSize: (10, 3), now: now) : ScreenChrome(now: now)
        self.title = title
        self.palette = palette
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        controller.collectionView.setNeedsDisplayHandler = { [weak self] in self?.controllerChanged() }
        shownPath = controller.hierarchy.activeItemIDs
        resetFocus()
    }

    /// A screen over a source's controller; call ``load(startingAt:)`` before showing it.
    ///
    /// - Parameters:
    ///   - source: The hierarchy.
    ///   - sourceName: The name on the path line.
    ///   - axis: Horizontal chips or a vertical stack.
    ///   - rightToLeft: Mirror the layout.
    ///   - palette: The styles.
    ///   - columns: The terminal width.
    ///   - rows: The terminal height.
    ///   - childLimit: The most children read for one item.
    ///   - now: The clock notices on the status line expire by.
    public convenience init(
        source: any HierarchySource, sourceName: String, axis: Axis, rightToLeft: Bool = false,
        palette: BrowserPalette = .horizon, columns: Int = 80, rows: Int = 24, childLimit: Int = 10_000,
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        let layout = LinearHierarchyFlowLayout()
        layout.scrollDirection = axis
        layout.layoutDirection = rightToLeft ? .rightToLeft : .leftToRight
        let controller = LinearHierarchyViewController(
            source: source, childLimit: childLimit, collectionViewLayout: layout)
        self.init(controller: controller, title: sourceName, palette: palette, columns: columns, rows: rows, now: now)
    }

    /// Reads a source's first item (its root, or `start`) and expands it, waiting for its
    /// children (see `LinearHierarchyViewController.load(startingAt:)`).
    ///
    /// - Parameter start: The id of an item to start at instead of the root.
    /// - Throws: The source's error when the first item cannot be read.
    public func load(startingAt start: String? = nil) async throws {
        try await controller.load(startingAt: start)
        controllerChanged()
    }

    /// Waits until no children are loading.
    public func settle() async {
        await controller.settle()
    }

    /// The axis of the controller's layout.
    public var axis: Axis { controller.collectionView.collectionViewLayout.scrollDirection }
    /// Mirrored for right-to-left reading.
    public var isRightToLeft: Bool { controller.collectionView.collectionViewLayout.layoutDirection == .rightToLeft }
    var isHorizontal: Bool { axis == .horizontal }

    /// The model: the path and the current level.
    public var hierarchy: LinearHierarchy { controller.hierarchy }

    /// The focused item of the current level (an index into its items).
    public var focusIndex: Int { focus?.count == 2 ? focus![1] : 0 }

    /// The focused item, if it is one of the current level's.
    public var focusedItem: LinearHierarchyItem? {
        guard let focus, focus.count == 2, focus[0] == hierarchy.level else { return nil }
        return controller.item(at: focus)
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

    var isTooSmall: Bool { chrome.isTooSmall(columns: columns, rows: rows) }

    // MARK: Input

    public func handle(_ events: [InputEvent]) -> [BrowserCommand] {
        ScreenChrome.feed(events) { event in
            if case .key = event { insertedPaths = [] }
            if let taken = chrome.take(event) { return taken }
            switch event {
            case .key(let key): return adapter == nil ? handleCellKey(key) : handleItemKey(key)
            case .mouse(let mouse): handle(mouse)
            case .paste, .focus, .unknown: break
            }
            return []
        }
    }

    func handleCellKey(_ event: KeyEvent) -> [BrowserCommand] {
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

    func handle(_ mouse: MouseEvent) {
        switch mouse.kind {
        case .wheelUp: scroll(by: -3)
        case .wheelDown: scroll(by: 3)
        case .release where mouse.button == .left || mouse.button == .none:
            guard let path = indexPath(atX: mouse.x, y: mouse.y) else { return }
            let item = IndexPath(indexes: [path.section, path.item])
            if path.section == hierarchy.level || adapter == nil { focus = item }
            if hierarchy.isLoading && path.section == hierarchy.level { return }
            choose(item)
        default:
            break
        }
    }

    /// Chooses the focused cell: the delegate decides (expand, collapse, select).
    public func chooseFocused() {
        guard let focus else { return }
        choose(focus)
    }

    /// Chooses a cell: the controller's delegate expands, collapses or selects it; a host's
    /// controller's change is described on the status line, a selected leaf is named there.
    func choose(_ path: IndexPath) {
        let before = controller.lastUpdate
        let item = controller.item(at: path)
        controller.collectionView.selectItem(at: path)
        if adapter == nil, let update = controller.lastUpdate, update != before || before == nil {
            note(update, name: item?.name)
        }
        if let item, item.isLeaf, hierarchy.selectedItemID == item.id {
            message = ("Selected “\(item.name)”", false)
        }
    }

    /// Follows a change of the controller (a choice, children that arrived, a host's reload):
    /// takes its notice, and focuses the item collapsed to, the focused item while it is still
    /// on the current level, or else the first one.
    private func controllerChanged() {
        if let notice = controller.takeNotice() { message = (notice, false) }
        let path = hierarchy.activeItemIDs
        let current = hierarchy.currentItems
        let closed = shownPath.filter { !path.contains($0) }
        let wanted = closed.first { id in current.contains { $0.id == id } } ?? focusedItemID
        if path.count > shownPath.count || path != Array(shownPath.prefix(path.count)) { scrollOffset = 0 }
        shownPath = path
        if let wanted, let index = current.firstIndex(where: { $0.id == wanted }) {
            focus = IndexPath(indexes: [hierarchy.level, index])
            _ = scrollFocusIntoView()
        } else {
            resetFocus()
        }
        redrawHandler?()
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
            message = (
                "Opened \(title): \(plural(update.insertedSections.count, "level")) added, \(plural(update.removedItems.count, "item")) hidden",
                false
            )
        } else if !update.removedSections.isEmpty {
            message = (
                "Back to \(title): \(plural(update.removedSections.count, "level")) closed, \(plural(update.insertedItems.count, "item")) restored",
                false
            )
        } else if !update.isEmpty {
            message = ("Changed: \(update.description)", false)
        }
    }

    private func allPaths() -> [IndexPath] {
        let view = controller.collectionView
        return (0..<view.numberOfSections).flatMap { section in
            (0..<view.numberOfItems(inSection: section)).map { IndexPath(indexes: [section, $0]) }
        }
    }

    /// Focuses the first cell of the current level; a host's controller, the first cell of the
    /// last section that has cells.
    private func resetFocus() {
        let view = controller.collectionView
        let sections = view.numberOfSections
        focus = nil
        if adapter != nil {
            if !hierarchy.currentItems.isEmpty { focus = IndexPath(indexes: [hierarchy.level, 0]) }
        } else {
            for section in stride(from: sections - 1, through: 0, by: -1)
            where view.numberOfItems(inSection: section) > 0 {
                focus = IndexPath(indexes: [section, 0])
                break
            }
        }
        _ = scrollFocusIntoView()
    }

    /// Moves the focus over every cell (a host's controller) or the current level's items.
    func moveFocus(by delta: Int) {
        if adapter != nil {
            let count = hierarchy.currentItems.count
            guard count > 0 else { return }
            focus = IndexPath(indexes: [hierarchy.level, min(max(0, focusIndex + delta), count - 1)])
            _ = scrollFocusIntoView()
            return
        }
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

    /// Scrolls along the axis so the focused cell is in view; returns whether it moved.
    func scrollFocusIntoView() -> Bool {
        adapter == nil ? scrollCellFocusIntoView() : scrollItemFocusIntoView()
    }

    /// Scrolls the body by lines (sideways by columns in the horizontal form), within the content.
    func scroll(by lines: Int) {
        let size = adapter == nil ? computeLayout().result.contentSize : computeItemLayout().contentSize
        let content = Int((isHorizontal ? size.width : size.height).rounded(.up))
        let visible =
            adapter == nil
            ? (isHorizontal ? collectionArea.width : collectionArea.height)
            : (isHorizontal ? bodyWidth : bodyHeight)
        scrollOffset = min(max(0, scrollOffset + lines), max(0, content - visible))
    }

    /// The cell or item at a screen position, if any.
    private func indexPath(atX x: Int, y: Int) -> LinearIndexPath? {
        if adapter != nil { return itemIndexPath(atX: x, y: y) }
        let area = collectionArea
        let top = bodyTop + area.y
        guard y >= top, y < top + area.height, x >= area.x, x < area.x + area.width else { return nil }
        let point = LinearPoint(
            x: Double(x - area.x + (isHorizontal ? scrollOffset : 0)),
            y: Double(y - top + (isHorizontal ? 0 : scrollOffset)))
        return computeLayout().result.indexPath(at: point)
    }

    // MARK: Drawing

    public func render() -> ScreenBuffer {
        if isTooSmall { return ScreenChrome.tooSmallScreen(columns: columns, rows: rows, palette: palette) }
        var buffer = ScreenBuffer(width: columns, height: rows)
        buffer.fill(x: 0, y: 0, width: columns, height: rows, style: palette.look(.linearView).text)
        _ = message
        if adapter == nil { drawCells(into: &buffer) } else { drawItems(into: &buffer) }
        chrome.drawHelp(adapter == nil ? cellHelpLines : Self.itemHelpLines, into: &buffer, palette: palette)
        return buffer
    }
}
