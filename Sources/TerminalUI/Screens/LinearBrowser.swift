import Foundation
import HierarchyKit
import HierarchySources

/// The linear faces of a hierarchy (CBLinearHierarchy) in the terminal: the user's path as a
/// row of chips with the current level's children after it, wrapping onto new rows
/// (``Axis/horizontal``), or the path stacked line by line with the children below
/// (``Axis/vertical``).
///
/// A `LinearHierarchy` state machine holds the path; a ``LinearSourceAdapter`` turns the
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
        /// The path as a row of chips, children after it, wrapping rows.
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
    public private(set) var columns: Int
    public private(set) var rows: Int
    /// The focused item of the current level (an index into its items).
    public private(set) var focusIndex = 0
    /// The first content line shown (the body scrolls vertically on both axes).
    public private(set) var scrollOffset = 0
    /// Whether the help overlay is shown.
    public private(set) var showsHelp = false
    /// A one-line message on the status line, until the next key.
    public private(set) var message: (text: String, isError: Bool)?

    private var loads: [Int: Task<Void, Never>] = [:]
    private var nextLoad = 0
    private var redrawHandler: (() -> Void)?

    static let minimumSize = (columns: 20, rows: 5)

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
    public init(
        source: any HierarchySource, sourceName: String, axis: Axis, rightToLeft: Bool = false,
        palette: BrowserPalette = .horizon, columns: Int = 80, rows: Int = 24, childLimit: Int = 10_000
    ) {
        self.adapter = LinearSourceAdapter(source: source, childLimit: childLimit)
        self.axis = axis
        self.isRightToLeft = rightToLeft
        self.palette = palette
        self.sourceName = sourceName
        self.columns = max(0, columns)
        self.rows = max(0, rows)
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

    var isTooSmall: Bool { columns < Self.minimumSize.columns || rows < Self.minimumSize.rows }

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
            do { result = .success(try await adapter.children(ofSourceID: sourceID)) } catch { result = .failure(error) }
            self?.childrenArrived(result, for: request, ticket: ticket)
        }
        redrawHandler?()
    }

    private func childrenArrived(_ result: Result<LinearSourceAdapter.Children, Error>, for request: LinearHierarchy.ChildrenRequest, ticket: Int) {
        loads[ticket] = nil
        defer { redrawHandler?() }
        let title = adapter.node(for: request.itemID)?.title ?? "\(request.itemID)"
        switch result {
        case .success(let children):
            switch hierarchy.provideChildren(children.items, for: request) {
            case .childrenLoaded:
                focusIndex = 0
                if children.totalCount > children.items.count {
                    message = ("Showing the first \(children.items.count.formatted()) of \(children.totalCount.formatted()) items", false)
                }
            case .rejected(let error):
                message = ("Cannot show the children of \(title): \(error.message)", true)
                if hierarchy.activeItemIDs.last == request.itemID { tap(request.itemID) }
            default:
                break
            }
        case .failure(let error):
            guard case .awaitingChildren(let waiting) = hierarchy.state, waiting == request else { return }
            let text = (error as? HierarchySourceError)?.description ?? String(describing: error)
            message = ("Cannot list the children of \(title): \(text)", true)
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
        var commands: [BrowserCommand] = []
        for event in events {
            switch event {
            case .key(let key): commands += handle(key)
            case .mouse(let mouse): handle(mouse)
            case .paste, .focus, .unknown: break
            }
            if commands.contains(.quit) { return commands }
        }
        return commands
    }

    func handle(_ event: KeyEvent) -> [BrowserCommand] {
        message = nil
        if showsHelp {
            showsHelp = false
            return event.key == .character("q") && event.modifiers.isEmpty ? [.quit] : []
        }
        if event.modifiers.contains(.control) {
            switch event.key {
            case .character("c"), .character("q"): return [.quit]
            case .character("n"): moveFocus(by: 1)
            case .character("p"): moveFocus(by: -1)
            default: break
            }
            return []
        }
        let page = max(1, bodyHeight / max(1, axis == .vertical ? 1 : 2))
        switch event.key {
        case .up, .backTab: moveFocus(by: -1)
        case .down, .tab: moveFocus(by: 1)
        case .pageUp: moveFocus(by: -page)
        case .pageDown: moveFocus(by: page)
        case .home: moveFocus(by: -currentItems.count)
        case .end: moveFocus(by: currentItems.count)
        case .right: isRightToLeft ? collapseToParent() : expandFocused()
        case .left: isRightToLeft ? expandFocused() : collapseToParent()
        case .enter: expandFocused()
        case .backspace: collapseToParent()
        case .character(let c):
            switch c {
            case "q": return [.quit]
            case "j": moveFocus(by: 1)
            case "k": moveFocus(by: -1)
            case "l": expandFocused()
            case "h": collapseToParent()
            case "g": moveFocus(by: -currentItems.count)
            case "G": moveFocus(by: currentItems.count)
            case "?": showsHelp = true
            case "y": return copyFocused()
            default: break
            }
        default:
            break
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
        let content = [node.title, node.subtitle, node.footnote].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
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

    /// Scrolls the body by lines, within the content.
    func scroll(by lines: Int) {
        let content = Int(computeLayout().contentSize.height.rounded(.up))
        scrollOffset = min(max(0, scrollOffset + lines), max(0, content - bodyHeight))
    }

    private func click(x: Int, y: Int) {
        message = nil
        if showsHelp {
            showsHelp = false
            return
        }
        let point = LinearPoint(x: Double(x - bodyLeft), y: Double(y - bodyTop + scrollOffset))
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
            itemSize: axis == .horizontal ? LinearSize(width: Double(DisplayWidth.of(Self.loadingText) + 2), height: 1)
                : LinearSize(width: Double(bodyWidth), height: 1),
            minimumInteritemSpacing: axis == .horizontal ? 1 : 0,
            sectionSpacing: axis == .horizontal ? 1 : 0,
            lineSpacing: axis == .horizontal ? 1 : 0,
            wrapsItems: true,
            layoutDirection: isRightToLeft ? .rightToLeft : .leftToRight)
    }

    static let loadingText = "Loading…"

    /// The text of a chip (horizontal) without its brackets.
    func chipText(_ item: LinearHierarchyItem, active: Bool) -> String {
        let title = TerminalText.sanitize(item.name)
        if active { return isRightToLeft ? "‹ \(title)" : "\(title) ›" }
        return title + countSuffix(item)
    }

    private func countSuffix(_ item: LinearHierarchyItem) -> String {
        guard item.isExpandable else { return "" }
        if let count = adapter.node(for: item.id)?.childCount { return " \(count.formatted())" }
        return " …"
    }

    func computeLayout() -> LinearHierarchyLayout.Result {
        let width = Double(bodyWidth)
        let showsPlaceholder = hierarchy.isLoading || (hierarchy.level > 0 && currentItems.isEmpty)
        return layout.layout(
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
        }.withPlaceholder(showsPlaceholder, layout: layout, hierarchy: hierarchy, containerWidth: width)
    }

    /// Scrolls so the focused item is visible; returns whether the offset changed.
    func scrollFocusIntoView() -> Bool {
        let result = computeLayout()
        guard let frame = result.frame(at: LinearIndexPath(section: hierarchy.level, item: focusIndex)) else {
            let old = scrollOffset
            scrollOffset = min(scrollOffset, max(0, Int(result.contentSize.height) - bodyHeight))
            return old != scrollOffset
        }
        let old = scrollOffset
        let top = Int(frame.minY), bottom = Int(frame.maxY.rounded(.up))
        if top < scrollOffset { scrollOffset = top }
        if bottom > scrollOffset + bodyHeight { scrollOffset = max(0, bottom - bodyHeight) }
        if hierarchy.level > 0, focusIndex == 0, bottom <= bodyHeight { scrollOffset = 0 }
        return old != scrollOffset
    }

    // MARK: Drawing

    /// Draws the whole screen.
    public func render() -> ScreenBuffer {
        var buffer = ScreenBuffer(width: columns, height: rows)
        buffer.fill(x: 0, y: 0, width: columns, height: rows, style: palette.text)
        if isTooSmall {
            let text = "Terminal too small (\(columns)×\(rows))"
            buffer.put(text, x: max(0, (columns - DisplayWidth.of(text)) / 2), y: rows / 2, maxWidth: columns, style: palette.text)
            return buffer
        }
        drawPathLine(into: &buffer)
        drawBody(into: &buffer)
        drawStatusLine(into: &buffer)
        if showsHelp { drawHelp(into: &buffer) }
        return buffer
    }

    private func drawBody(into buffer: inout ScreenBuffer) {
        let result = computeLayout()
        let clip = bodyTop..<(bodyTop + bodyHeight)
        for (section, frames) in result.frames.enumerated() {
            for (index, frame) in frames.enumerated() {
                guard let item = hierarchy.item(at: LinearIndexPath(section: section, item: index)) else { continue }
                let y = bodyTop + Int(frame.minY) - scrollOffset
                guard clip.contains(y) else { continue }
                let x = bodyLeft + Int(frame.minX)
                let active = section < hierarchy.level
                let focused = !active && index == focusIndex && !hierarchy.isLoading
                switch axis {
                case .horizontal:
                    drawChip(item, active: active, focused: focused, x: x, y: y, width: Int(frame.width), into: &buffer)
                case .vertical:
                    drawRow(item, depth: section, active: active, focused: focused, x: x, y: y, width: Int(frame.width), into: &buffer)
                }
            }
        }
        if let frame = result.loadingFrame {
            let y = bodyTop + Int(frame.minY) - scrollOffset
            if clip.contains(y) {
                let text = hierarchy.isLoading ? Self.loadingText : "No items"
                let x = bodyLeft + Int(frame.minX)
                switch axis {
                case .horizontal:
                    buffer.put("(\(text))", x: x, y: y, maxWidth: Int(frame.width), style: palette.placeholder)
                case .vertical:
                    let indent = 2 * hierarchy.level + 2
                    let shown = DisplayWidth.truncate(text, toWidth: max(0, Int(frame.width) - indent - 1))
                    let tx = isRightToLeft ? x + Int(frame.width) - indent - 1 - DisplayWidth.of(shown) : x + indent
                    buffer.put(shown, x: tx, y: y, maxWidth: max(0, Int(frame.width) - indent), style: palette.placeholder)
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

    private func drawChip(_ item: LinearHierarchyItem, active: Bool, focused: Bool, x: Int, y: Int, width: Int, into buffer: inout ScreenBuffer) {
        let text = chipText(item, active: active)
        let style: TextStyle
        if active {
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

    private func drawRow(_ item: LinearHierarchyItem, depth: Int, active: Bool, focused: Bool, x: Int, y: Int, width: Int, into buffer: inout ScreenBuffer) {
        let node = adapter.node(for: item.id)
        let base: TextStyle = active ? palette.expanded : (focused ? palette.focused : palette.text)
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
        var titleStyle = active || focused ? base : palette.title
        if active || hierarchy.selectedItemID == item.id { titleStyle.bold = true }
        let trailingStyle = active || focused ? base : palette.secondary
        if isRightToLeft {
            let tx = x + width - indent - 1 - DisplayWidth.of(shownTitle)
            buffer.put(shownTitle, x: tx, y: y, maxWidth: titleRoom, style: titleStyle)
            if trailingWidth > 0 { buffer.put(trailing, x: x + 1, y: y, maxWidth: trailingWidth, style: trailingStyle) }
        } else {
            buffer.put(shownTitle, x: x + indent, y: y, maxWidth: titleRoom, style: titleStyle)
            if trailingWidth > 0 {
                buffer.put(trailing, x: x + width - 1 - trailingWidth, y: y, maxWidth: trailingWidth, style: trailingStyle)
            }
        }
    }

    private func title(of id: LinearHierarchyItem.ID) -> String {
        adapter.node(for: id)?.title ?? "\(id)"
    }

    private func drawPathLine(into buffer: inout ScreenBuffer) {
        buffer.fill(x: 0, y: 0, width: columns, height: 1, style: palette.header)
        var parts = hierarchy.activeItemIDs.map(title(of:))
        if let item = focusedItem { parts.append(item.name) }
        let name = " \(sourceName) "
        let nameWidth = columns < 60 ? 0 : min(DisplayWidth.of(TerminalText.sanitize(name)), columns / 3)
        var path = parts.map(TerminalText.sanitize).joined(separator: " › ")
        let room = max(0, columns - nameWidth - 2)
        if DisplayWidth.of(path) > room {
            while DisplayWidth.of(path) > max(0, room - 1), !path.isEmpty { path.removeFirst() }
            path = "…" + path
        }
        buffer.put(" " + path, x: 0, y: 0, maxWidth: room + 1, style: palette.header)
        if nameWidth > 0 {
            buffer.put(name, x: columns - nameWidth, y: 0, maxWidth: nameWidth, style: palette.headerDisabled)
        }
    }

    private func drawStatusLine(into buffer: inout ScreenBuffer) {
        let y = rows - 1
        buffer.fill(x: 0, y: y, width: columns, height: 1, style: palette.status)
        let count = currentItems.count
        var left = hierarchy.isLoading ? " loading…" : (count > 0 ? " \((focusIndex + 1).formatted()) of \(count.formatted())" : " empty")
        left += " · level \(hierarchy.level)"
        let right = "? help  q quit "
        let rightWidth = DisplayWidth.of(right)
        let used = buffer.put(left, x: 0, y: y, maxWidth: max(0, columns - rightWidth), style: palette.status)
        if let message {
            buffer.put("  " + message.text, x: used, y: y, maxWidth: max(0, columns - rightWidth - used - 1),
                       style: message.isError ? palette.statusError : palette.status)
        }
        if columns - rightWidth > used + 4 {
            buffer.put(right, x: columns - rightWidth, y: y, maxWidth: rightWidth, style: palette.status)
        }
    }

    static let helpLines: [(String, String)] = [
        ("↑ ↓  j k  Tab", "move between the items"),
        ("→ ⏎  l", "open the item (select a leaf)"),
        ("← ⌫  h", "back to the parent"),
        ("PgUp PgDn  Home End", "page, first, last"),
        ("y", "copy title, subtitle and footnote"),
        ("mouse", "click a chip or item, wheel scrolls"),
        ("q  Ctrl-C", "quit"),
    ]

    private func drawHelp(into buffer: inout ScreenBuffer) {
        let keyWidth = Self.helpLines.map { DisplayWidth.of($0.0) }.max() ?? 0
        let textWidth = Self.helpLines.map { DisplayWidth.of($0.1) }.max() ?? 0
        let width = min(columns - 2, keyWidth + textWidth + 6)
        let height = min(rows - 2, Self.helpLines.count + 4)
        let x = (columns - width) / 2
        let y = (rows - height) / 2
        buffer.fill(x: x, y: y, width: width, height: height, style: palette.overlay)
        buffer.put(" Keys ", x: x + 2, y: y, maxWidth: width - 4, style: palette.overlayTitle)
        for (i, line) in Self.helpLines.enumerated() where i + 2 < height - 1 {
            buffer.put(line.0, x: x + 2, y: y + 2 + i, maxWidth: keyWidth, style: palette.overlayTitle)
            buffer.put(line.1, x: x + 4 + keyWidth, y: y + 2 + i, maxWidth: max(0, width - keyWidth - 6), style: palette.overlay)
        }
    }
}

extension LinearHierarchyLayout.Result {
    /// Adds a placeholder frame after the last section (an empty level) when the layout did not
    /// add one for loading.
    func withPlaceholder(_ shows: Bool, layout: LinearHierarchyLayout, hierarchy: LinearHierarchy, containerWidth: Double) -> Self {
        guard shows, loadingFrame == nil else { return self }
        let sizes = frames.map { $0.map(\.size) }
        return layout.layout(sectionSizes: sizes, containerSize: LinearSize(width: containerWidth, height: 0), showsLoading: true)
    }
}
