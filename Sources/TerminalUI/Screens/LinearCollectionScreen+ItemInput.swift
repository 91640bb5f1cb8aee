import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchySources

/// The keys, copies and geometry of a source's controller: its items as chips in one row
/// (horizontal) or rows indented by depth (vertical), the body between one column of margin on
/// each side (the right one holds the scroll bar).
extension LinearCollectionScreen {
    func handleItemKey(_ event: KeyEvent) -> [BrowserCommand] {
        // The shared bindings; the linear face has one axis, so Tab and the level keys move
        // between the items, and it has no editing mode or search.
        guard let key = HierarchyBrowser.hierarchyKey(event.key),
            let command = HierarchyKeyBindings().command(
                for: key, control: event.modifiers.contains(.control), rightToLeft: isRightToLeft,
                isTypeSelecting: typeSelect.isActive(at: chrome.now()))
        else { return [] }
        let page = max(1, bodyHeight / max(1, isHorizontal ? 2 : 1))
        let count = hierarchy.currentItems.count
        switch command {
        case .move(.up), .showPreviousLevel: moveFocus(by: -1)
        case .move(.down), .showNextLevel: moveFocus(by: 1)
        case .move(.pageUp): moveFocus(by: -page)
        case .move(.pageDown): moveFocus(by: page)
        case .move(.home): moveFocus(by: -count)
        case .move(.end): moveFocus(by: count)
        case .openNextLevel, .activate: expandFocused()
        case .previousLevel: collapseToParent()
        case .help: chrome.showsHelp = true
        case .copy: return copyFocused()
        case .quit: return [.quit]
        case .typeSelect(let text):
            let prefix = typeSelect.append(TerminalText.sanitize(text), at: chrome.now())
            message =
                selectItem(startingWith: prefix)
                ? ("Find: \(prefix)", false) : ("No item starts with “\(prefix)”", false)
        case .cancelTypeSelect: typeSelect.cancel()
        case .toggleEditing, .selectOrPageDown, .search: break
        }
        return []
    }

    /// Focuses the first item of the current level, from the focused one on (and around),
    /// whose title starts with `prefix`, ignoring case and diacritics.
    ///
    /// - Returns: Whether one was found.
    /// - Complexity: O(n) for n items of the current level (at most the child limit).
    private func selectItem(startingWith prefix: String) -> Bool {
        let items = hierarchy.currentItems
        let needle = prefix.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        for step in 0..<items.count {
            let index = (focusIndex + step) % items.count
            let title = items[index].name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            if title.hasPrefix(needle) {
                moveFocus(by: index - focusIndex)
                return true
            }
        }
        return false
    }

    private func expandFocused() {
        guard !hierarchy.isLoading, let focus, focusedItem != nil else { return }
        choose(focus)
    }

    /// Collapses to the parent of the current level.
    private func collapseToParent() {
        guard let last = hierarchy.activeItemIDs.last, let path = hierarchy.indexPath(of: last) else { return }
        choose(IndexPath(indexes: [path.section, path.item]))
    }

    private func copyFocused() -> [BrowserCommand] {
        guard let item = focusedItem, let node = adapter?.node(for: item.id) else {
            message = ("Nothing to copy", false)
            return []
        }
        let content = [node.title, node.subtitle, node.footnote].compactMap { $0 }.filter { !$0.isEmpty }.joined(
            separator: "\n")
        message = ("Copied “\(node.title)”", false)
        return [.write(OSC52.copy(content))]
    }

    /// The item at a screen position, if any.
    func itemIndexPath(atX x: Int, y: Int) -> LinearIndexPath? {
        let result = computeItemLayout()
        let point =
            isHorizontal
            ? LinearPoint(x: Double(x - bodyLeft + windowStart(result)), y: Double(y - bodyTop))
            : LinearPoint(x: Double(x - bodyLeft), y: Double(y - bodyTop + scrollOffset))
        guard y >= bodyTop, y < bodyTop + bodyHeight else { return nil }
        return result.indexPath(at: point)
    }

    // MARK: Geometry

    var bodyLeft: Int { 1 }
    /// The body's width: one column of margin on each side (the right one holds the scroll bar).
    var bodyWidth: Int { max(0, columns - 2) }

    var itemLayout: LinearHierarchyLayout {
        LinearHierarchyLayout(
            scrollDirection: axis,
            itemSize: isHorizontal
                ? LinearSize(width: Double(DisplayWidth.of(Self.loadingText) + 2), height: 1)
                : LinearSize(width: Double(bodyWidth), height: 1),
            minimumInteritemSpacing: isHorizontal ? 1 : 0,
            sectionSpacing: isHorizontal ? 1 : 0,
            lineSpacing: isHorizontal ? 1 : 0,
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
        if let count = adapter?.node(for: item.id)?.childCount { return " \(CountText.grouped(count))" }
        return " …"
    }

    /// The frames of the items, a placeholder frame after the last section while it loads or
    /// when it is an empty level.
    func computeItemLayout() -> LinearHierarchyLayout.Result {
        let width = Double(bodyWidth)
        let layout = itemLayout
        let result = layout.layout(
            hierarchy, containerSize: LinearSize(width: width, height: Double(bodyHeight))
        ) { [self] path, item in
            guard isHorizontal else { return LinearSize(width: width, height: 1) }
            let active = path.section < hierarchy.level
            let w = DisplayWidth.of(chipText(item, active: active)) + 2
            return LinearSize(width: Double(min(w, bodyWidth)), height: 1)
        }
        let showsPlaceholder = hierarchy.isLoading || (hierarchy.level > 0 && hierarchy.currentItems.isEmpty)
        guard showsPlaceholder, result.loadingFrame == nil else { return result }
        return layout.layout(
            sectionSizes: result.frames.map { $0.map(\.size) }, containerSize: LinearSize(width: width, height: 0),
            showsLoading: true)
    }

    /// The content x at the body's leading column in the horizontal form: the scroll offset,
    /// counted from the row's right end in right-to-left layouts (so the path shows first).
    func windowStart(_ result: LinearHierarchyLayout.Result) -> Int {
        guard isRightToLeft else { return scrollOffset }
        return max(0, Int(result.contentSize.width.rounded(.up)) - bodyWidth) - scrollOffset
    }

    /// Scrolls so the focused item is visible; returns whether the offset changed.
    func scrollItemFocusIntoView() -> Bool {
        let result = computeItemLayout()
        let old = scrollOffset
        guard let frame = result.frame(at: LinearIndexPath(section: hierarchy.level, item: focusIndex)) else {
            scrollOffset =
                isHorizontal
                ? min(scrollOffset, max(0, Int(result.contentSize.width) - bodyWidth))
                : min(scrollOffset, max(0, Int(result.contentSize.height) - bodyHeight))
            return old != scrollOffset
        }
        let visible = isHorizontal ? bodyWidth : bodyHeight
        // Right to left, the horizontal offset counts from the row's right end.
        let mirrored = isHorizontal && isRightToLeft
        let contentWidth = result.contentSize.width
        let top = Int((isHorizontal ? (mirrored ? contentWidth - frame.maxX : frame.minX) : frame.minY).rounded(.down))
        let bottom = Int(
            (isHorizontal ? (mirrored ? contentWidth - frame.minX : frame.maxX) : frame.maxY).rounded(.up))
        if top < scrollOffset { scrollOffset = top }
        if bottom > scrollOffset + visible { scrollOffset = max(0, bottom - visible) }
        if hierarchy.level > 0, focusIndex == 0, bottom <= visible { scrollOffset = 0 }
        return old != scrollOffset
    }
}
