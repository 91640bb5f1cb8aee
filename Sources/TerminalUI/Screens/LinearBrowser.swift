import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchySources

/// The linear faces of a hierarchy (CBLinearHierarchy) in the terminal: the user's path as a
/// row of chips with the current level's children after it, one row scrolling sideways
/// (``Axis/horizontal``), or the path stacked line by line with the children below
/// (``Axis/vertical``).
///
/// A `LinearHierarchy` state machine holds the path; a `LinearSourceAdapter` turns the
/// source's items into linear items, every container a dynamic one whose children are read
/// from the source when it is expanded (a loading chip shows meanwhile).
///
/// Keys: ↑ ↓ (j k, Tab) move between the current items; → ⏎ (l) expand the focused item (or
/// select a leaf); ← ⌫ (h) collapse to the parent; PgUp PgDn Home End; y copies; ? help;
/// q quits. Arrows follow the screen in right-to-left layouts. Mouse: a click on a chip or an
/// item taps it (an active chip collapses to it), the wheel scrolls.
@MainActor
public final class LinearBrowser: TerminalScreen {
    /// The axis the path grows along.
    public enum Axis: Sendable, Hashable {
        /// The path as a row of chips, children after it, one row scrolling sideways.
        case horizontal
        /// The path stacked, children below.
        case vertical
    }

    /// The model: the path and the current level.
    public private(set) var hierarchy: LinearHierarchy
    /// The source's items as linear items.
    public let adapter: LinearSourceAdapter
    /// The axis.
    public let axis: Axis
    /// Mirrored for right-to-left reading.
    public let isRightToLeft: Bool
    /// The styles.
    public var palette: BrowserPalette
    /// The name shown on the path line.
    public var sourceName: String
    /// The terminal's width, in columns.
    public private(set) var columns: Int
    /// The terminal's height, in rows.
    public private(set) var rows: Int
    /// The focused item of the current level (an index into its items).
    public private(set) var focusIndex = 0
    /// The first content line shown (the body scrolls vertically on both axes).
    public private(set) var scrollOffset = 0
    /// The status line's message, the help and the too-small screen (see ``ScreenChrome``).
    public internal(set) var chrome: ScreenChrome
    /// Whether the help overlay is shown.
    public var showsHelp: Bool { chrome.showsHelp }
    /// A one-line message on the status line, until the next key (a notice also until
    /// ``ScreenChrome/noticeLifetime`` has passed). Errors come from the browser's error stream
    /// (``errors``, the same queue type a hierarchy view drains): the newest pending one replaces
    /// the message when it is read or drawn.
    public private(set) var message: (text: String, isError: Bool)? {
        get {
            if let error = errors.take().last { chrome.message = (error.message, true) }
            return chrome.message
        }
        set { chrome.message = newValue }
    }
    /// The errors of the browser's loads not shown yet (its one error stream).
    public private(set) var errors = HierarchyErrorQueue()

    private var loads: [Int: Task<Void, Never>] = [:]
    private var nextLoad = 0
    private var redrawHandler: (() -> Void)?

    /// A browser over a source; call ``load(startingAt:)`` before showing it.
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
    public init(
        source: any HierarchySource, sourceName: String, axis: Axis, rightToLeft: Bool = false,
        palette: BrowserPalette = .horizon, columns: Int = 80, rows: Int = 24, childLimit: Int = 10_000,
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.adapter = LinearSourceAdapter(source: source, childLimit: childLimit)
        self.axis = axis
        self.isRightToLeft = rightToLeft
        self.palette = palette
        self.sourceName = sourceName
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        chrome = ScreenChrome(now: now)
        // Cannot fail: there are no items to validate.
        self.hierarchy = try! LinearHierarchy(items: [])
    }

    /// Reads the first item (the source's root, or `start`) and expands it, waiting for its
    /// children.
    ///
    /// - Parameter start: The id of an item to start at instead of the root.
    /// - Throws: The source's error when the first item cannot be read.
    public func load(startingAt start: String? = nil) async throws {
        let first: HierarchyNode?
        if let start {
            guard let node = try await adapter.source.node(withID: start) else {
                throw HierarchySourceError(.notFound, "no item \(start) in \(adapter.source.displayName)")
            }
            first = node
        } else {
            first = try await adapter.source.root()
        }
        let roots = first.map { [adapter.item(for: $0)] } ?? []
        do {
            hierarchy = try LinearHierarchy(items: roots)
        } catch {
            throw HierarchySourceError(.malformed, error.description)
        }
        focusIndex = 0
        if let root = roots.first, root.isExpandable {
            tap(root.id)
            await settle()
        }
    }

    /// Waits until no children are loading.
    public func settle() async {
        while let (_, task) = loads.first {
            await task.value
        }
    }

    /// Adapts to a new terminal size.
    public func resize(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        _ = scrollFocusIntoView()
    }

    public func setRedrawHandler(_ handler: (() -> Void)?) {
        redrawHandler = handler
    }

    /// When a notice on the status line leaves.
    public var redrawDeadline: ContinuousClock.Instant? { chrome.redrawDeadline }

    var isTooSmall: Bool { chrome.isTooSmall(columns: columns, rows: rows) }

    /// The items of the current level.
    var currentItems: [LinearHierarchyItem] { hierarchy.currentItems }

    /// The focused item, if the current level has any.
    public var focusedItem: LinearHierarchyItem? {
        let items = currentItems
        return items.indices.contains(focusIndex) ? items[focusIndex] : nil
    }

    // MARK: Steps

    /// Taps an item: expands it (reading a dynamic item's children), collapses to an active
    /// ancestor, or selects a leaf.
    ///
    /// - Parameter id: The item's identifier.
    func tap(_ id: LinearHierarchyItem.ID) {
        let action = hierarchy.tap(itemID: id)
        switch action {
        case .needsChildren(let request, _):
            focusIndex = 0
            scrollOffset = 0
            startLoading(request)
        case .expanded:
            focusIndex = 0
            scrollOffset = 0
        case .collapsed(let id, _):
            focusIndex = hierarchy.indexPath(of: id)?.item ?? 0
        case .selected(let id):
            let title = adapter.node(for: id)?.title ?? ""
            message = ("Selected “\(title)”", false)
        case .none, .childrenLoaded, .ignored, .rejected:
            break
        }
        _ = scrollFocusIntoView()
    }

    private func startLoading(_ request: LinearHierarchy.ChildrenRequest) {
        guard let sourceID = adapter.node(for: request.itemID)?.id else { return }
        let ticket = nextLoad
        nextLoad += 1
        loads[ticket] = Task { [weak self, adapter] in
            let result: Result<LinearSourceAdapter.Children, Error>
            do { result = .success(try await adapter.children(ofSourceID: sourceID)) } catch {
                result = .failure(error)
            }
            self?.childrenArrived(result, for: request, ticket: ticket)
        }
        redrawHandler?()
    }

    private func childrenArrived(
        _ result: Result<LinearSourceAdapter.Children, Error>, for request: LinearHierarchy.ChildrenRequest, ticket: Int
    ) {
        loads[ticket] = nil
        defer { redrawHandler?() }
        let title = adapter.node(for: request.itemID)?.title ?? "\(request.itemID)"
        switch result {
        case .success(let children):
            switch hierarchy.provideChildren(children.items, for: request) {
            case .childrenLoaded:
                focusIndex = 0
                if children.totalCount > children.items.count {
                    message = (
                        "Showing the first \(CountText.grouped(children.items.count)) of \(CountText.grouped(children.totalCount)) items",
                        false
                    )
                }
            case .rejected(let error):
                errors.append(
                    HierarchyError(.invalidOperation, "Cannot show the children of \(title): \(error.message)"))
                if hierarchy.activeItemIDs.last == request.itemID { tap(request.itemID) }
            default:
                break
            }
        case .failure(let error):
            guard case .awaitingChildren(let waiting) = hierarchy.state, waiting == request else { return }
            let text = (error as? HierarchySourceError)?.description ?? String(describing: error)
            errors.append(HierarchyError(.loadFailed, "Cannot list the children of \(title): \(text)"))
            tap(request.itemID)
        }
        _ = scrollFocusIntoView()
    }

    /// Collapses to the parent of the current level.
    func collapseToParent() {
        guard let last = hierarchy.activeItemIDs.last else { return }
        tap(last)
    }

    func moveFocus(by delta: Int) {
        let count = currentItems.count
        guard count > 0 else { return }
        focusIndex = min(max(0, focusIndex + delta), count - 1)
        _ = scrollFocusIntoView()
    }

    // MARK: Input

    /// Handles one burst of input events.
    ///
    /// - Returns: What the run loop must do (quit, write clipboard bytes).
    public func handle(_ events: [InputEvent]) -> [BrowserCommand] {
        ScreenChrome.feed(events) { event in
            if let taken = chrome.take(event) { return taken }
            switch event {
            case .key(let key): return handle(key)
            case .mouse(let mouse): handle(mouse)
            case .paste, .focus, .unknown: break
            }
            return []
        }
    }

    func handle(_ event: KeyEvent) -> [BrowserCommand] {
        // The shared bindings; the linear face has one axis, so Tab and the level keys move
        // between the items, and it has no editing mode, type-select or search.
        guard let key = HierarchyBrowser.hierarchyKey(event.key),
            let command = HierarchyKeyBindings().command(
                for: key, control: event.modifiers.contains(.control), rightToLeft: isRightToLeft)
        else { return [] }
        let page = max(1, bodyHeight / max(1, axis == .vertical ? 1 : 2))
        switch command {
        case .move(.up), .showPreviousLevel: moveFocus(by: -1)
        case .move(.down), .showNextLevel: moveFocus(by: 1)
        case .move(.pageUp): moveFocus(by: -page)
        case .move(.pageDown): moveFocus(by: page)
        case .move(.home): moveFocus(by: -currentItems.count)
        case .move(.end): moveFocus(by: currentItems.count)
        case .openNextLevel, .activate: expandFocused()
        case .previousLevel: collapseToParent()
        case .help: chrome.showsHelp = true
        case .copy: return copyFocused()
        case .quit: return [.quit]
        case .toggleEditing, .selectOrPageDown, .search, .typeSelect, .cancelTypeSelect: break
        }
        return []
    }

    private func expandFocused() {
        guard !hierarchy.isLoading, let item = focusedItem else { return }
        tap(item.id)
    }

    private func copyFocused() -> [BrowserCommand] {
        guard let item = focusedItem, let node = adapter.node(for: item.id) else {
            message = ("Nothing to copy", false)
            return []
        }
        let content = [node.title, node.subtitle, node.footnote].compactMap { $0 }.filter { !$0.isEmpty }.joined(
            separator: "\n")
        message = ("Copied “\(node.title)”", false)
        return [.write(OSC52.copy(content))]
    }

    func handle(_ mouse: MouseEvent) {
        switch mouse.kind {
        case .wheelUp: scroll(by: -3)
        case .wheelDown: scroll(by: 3)
        case .release where mouse.button == .left || mouse.button == .none:
            click(x: mouse.x, y: mouse.y)
        default:
            break
        }
    }

    /// Scrolls the body by lines (sideways by columns in the horizontal form), within the content.
    func scroll(by lines: Int) {
        let size = computeLayout().contentSize
        let content = Int((axis == .horizontal ? size.width : size.height).rounded(.up))
        let visible = axis == .horizontal ? bodyWidth : bodyHeight
        scrollOffset = min(max(0, scrollOffset + lines), max(0, content - visible))
    }

    private func click(x: Int, y: Int) {
        let point =
            axis == .horizontal
            ? LinearPoint(x: Double(x - bodyLeft + windowStart(computeLayout())), y: Double(y - bodyTop))
            : LinearPoint(x: Double(x - bodyLeft), y: Double(y - bodyTop + scrollOffset))
        guard y >= bodyTop, y < bodyTop + bodyHeight, let path = computeLayout().indexPath(at: point),
            let item = hierarchy.item(at: path)
        else { return }
        if path.section == hierarchy.level { focusIndex = path.item }
        if hierarchy.isLoading && path.section == hierarchy.level { return }
        tap(item.id)
    }

    // MARK: Geometry

    var bodyTop: Int { 1 }
    var bodyLeft: Int { 1 }
    var bodyHeight: Int { max(0, rows - 2) }
    /// The body's width: one column of margin on each side (the right one holds the scroll bar).
    var bodyWidth: Int { max(0, columns - 2) }

    var layout: LinearHierarchyLayout {
        LinearHierarchyLayout(
            scrollDirection: axis == .horizontal ? .horizontal : .vertical,
            itemSize: axis == .horizontal
                ? LinearSize(width: Double(DisplayWidth.of(Self.loadingText) + 2), height: 1)
                : LinearSize(width: Double(bodyWidth), height: 1),
            minimumInteritemSpacing: axis == .horizontal ? 1 : 0,
            sectionSpacing: axis == .horizontal ? 1 : 0,
            lineSpacing: axis == .horizontal ? 1 : 0,
            // The horizontal form is one row that scrolls sideways; it never wraps.
            wrapsItems: false,
            layoutDirection: isRightToLeft ? .rightToLeft : .leftToRight)
    }

    static let loadingText = "Loading…"

    /// The text of a chip (horizontal) without its brackets.
    func chipText(_ item: LinearHierarchyItem, active: Bool) -> String {
        let title = TerminalText.sanitize(item.name)
        if active { return isRightToLeft ? "‹ \(title)" : "\(title) ›" }
        return title + countSuffix(item)
    }

    func countSuffix(_ item: LinearHierarchyItem) -> String {
        guard item.isExpandable else { return "" }
        if let count = adapter.node(for: item.id)?.childCount { return " \(CountText.grouped(count))" }
        return " …"
    }

    func computeLayout() -> LinearHierarchyLayout.Result {
        let width = Double(bodyWidth)
        let showsPlaceholder = hierarchy.isLoading || (hierarchy.level > 0 && currentItems.isEmpty)
        let result = layout.layout(
            hierarchy, containerSize: LinearSize(width: width, height: Double(bodyHeight))
        ) { [self] path, item in
            switch axis {
            case .horizontal:
                let active = path.section < hierarchy.level
                let w = DisplayWidth.of(chipText(item, active: active)) + 2
                return LinearSize(width: Double(min(w, bodyWidth)), height: 1)
            case .vertical:
                return LinearSize(width: width, height: 1)
            }
        }
        return Self.withPlaceholder(result, shows: showsPlaceholder, layout: layout, containerWidth: width)
    }

    /// The content x at the body's leading column in the horizontal form: the scroll offset,
    /// counted from the row's right end in right-to-left layouts (so the path shows first).
    func windowStart(_ result: LinearHierarchyLayout.Result) -> Int {
        guard isRightToLeft else { return scrollOffset }
        return max(0, Int(result.contentSize.width.rounded(.up)) - bodyWidth) - scrollOffset
    }

    /// Scrolls so the focused item is visible; returns whether the offset changed.
    func scrollFocusIntoView() -> Bool {
        let result = computeLayout()
        guard let frame = result.frame(at: LinearIndexPath(section: hierarchy.level, item: focusIndex)) else {
            let old = scrollOffset
            scrollOffset =
                axis == .horizontal
                ? min(scrollOffset, max(0, Int(result.contentSize.width) - bodyWidth))
                : min(scrollOffset, max(0, Int(result.contentSize.height) - bodyHeight))
            return old != scrollOffset
        }
        let old = scrollOffset
        let horizontal = axis == .horizontal
        let visible = horizontal ? bodyWidth : bodyHeight
        // Right to left, the horizontal offset counts from the row's right end.
        let mirrored = horizontal && isRightToLeft
        let contentWidth = result.contentSize.width
        let top = Int((horizontal ? (mirrored ? contentWidth - frame.maxX : frame.minX) : frame.minY).rounded(.down))
        let bottom = Int((horizontal ? (mirrored ? contentWidth - frame.minX : frame.maxX) : frame.maxY).rounded(.up))
        if top < scrollOffset { scrollOffset = top }
        if bottom > scrollOffset + visible { scrollOffset = max(0, bottom - visible) }
        if hierarchy.level > 0, focusIndex == 0, bottom <= visible { scrollOffset = 0 }
        return old != scrollOffset
    }

    /// The layout with a placeholder frame after the last section (an empty level) when it
    /// has none for loading.
    private static func withPlaceholder(
        _ result: LinearHierarchyLayout.Result, shows: Bool, layout: LinearHierarchyLayout, containerWidth: Double
    ) -> LinearHierarchyLayout.Result {
        guard shows, result.loadingFrame == nil else { return result }
        let sizes = result.frames.map { $0.map(\.size) }
        return layout.layout(
            sectionSizes: sizes, containerSize: LinearSize(width: containerWidth, height: 0), showsLoading: true)
    }
}
