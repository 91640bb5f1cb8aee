import Foundation
import HierarchyKit
import HierarchySources

extension SourceAdapterState {
    /// Takes one of the source's changes of structure (``HierarchySourceChange``): items added
    /// or removed under an expanded parent become row inserts and removals (the view keeps the
    /// focused item and the scroll position), rows appended to a document still being read are
    /// inserted at the end, and a change the source cannot describe drops what is known of the
    /// parent's children. Updated items, progress and the connection are the adapter's.
    ///
    /// - Complexity: O(cached children of the parent) to drop its stale pages.
    mutating func apply(_ change: HierarchySourceChange, expanded: [String]) -> [Action] {
        switch change {
        case .inserted(let id, let parentID, let index):
            nodes[id] = nil
            return moved(parentID, by: +1, at: index, expanded: expanded)
        case .removed(let id, let parentID, let index):
            nodes[id] = nil
            parents[id] = nil
            return moved(parentID, by: -1, at: index, expanded: expanded)
        case .appended(let parentID, let count):
            var actions = cancelCountReads(of: parentID)
            guard let old = childCounts[parentID] else {
                setCount(of: parentID, to: count)
                return actions + [.invalidateItems([parentID])]
            }
            guard count > old else { return actions }
            childCounts[parentID] = count
            setCount(of: parentID, to: count)
            if expanded.contains(parentID) {
                actions.append(.insertChildren(parentID, IndexSet(integersIn: old..<count)))
            }
            return actions + [.invalidateItems([parentID])]
        case .childrenChanged(let parentID):
            return refreshChildren(of: parentID, expanded: expanded)
        case .reset:
            var actions: [Action] = []
            let counted = Set(
                inFlight.keys.compactMap { load -> String? in
                    switch load {
                    case .count(let parent), .shownCount(let parent): parent
                    default: nil
                    }
                })
            for parentID in counted.sorted() { actions += cancelCountReads(of: parentID) }
            for parentID in childCounts.keys.sorted() { actions += refreshChildren(of: parentID, expanded: expanded) }
            return actions
        case .updated, .progress, .connection:
            return []
        }
    }

    /// An item inserted (`delta` +1) or removed (-1) at `index` of `parentID`.
    private mutating func moved(_ parentID: String, by delta: Int, at index: Int, expanded: [String]) -> [Action] {
        changedParents.insert(parentID)
        var actions = cancelCountReads(of: parentID)
        guard let count = childCounts[parentID] else { return actions + [.invalidateItems([parentID])] }
        actions += forgetChildren(of: parentID)
        let newCount = max(0, count + delta)
        childCounts[parentID] = newCount
        setCount(of: parentID, to: newCount)
        if expanded.contains(parentID), index >= 0, delta > 0 ? index <= count : index < count {
            let rows = IndexSet(integer: index)
            actions.append(delta > 0 ? .insertChildren(parentID, rows) : .removeChildren(parentID, rows))
            actions.append(.rereadShownRows(parentID))
        }
        return actions + [.invalidateItems([parentID])]
    }

    /// After an insert or a removal: the view moved its rows by the change, which is right for
    /// rows read before the source made it, and wrong for rows read after it (their page
    /// already had it). Which is which cannot be told, so the rows are read again: the view
    /// forgets the rows outside its window (read again when shown), and the pages of the
    /// window are read again, each replacing its rows when it arrives if it agrees with the
    /// changes applied so far, or making them loading until it does. The rows on screen keep
    /// their items meanwhile, so nothing flickers.
    ///
    /// - Parameter windows: the view's row windows of its last layout pass.
    /// - Complexity: O(r) for the r rows the view has cached, plus one read per page of the window.
    mutating func rereadShownRows(of parentID: String, windows: [String: Range<Int>]) -> [Action] {
        guard let count = childCounts[parentID], count > 0 else { return [] }
        let window = windows[parentID] ?? 0..<0
        // Several changes may come before the next pass: the window may lie past the end by now.
        let lower = min(max(0, window.lowerBound - 1), count)
        let kept = lower..<max(lower, min(count, window.upperBound + 1))
        var outside = IndexSet(integersIn: 0..<count)
        outside.remove(integersIn: kept)
        var actions: [Action] = outside.isEmpty ? [] : [.invalidateChildren(parentID, outside)]
        guard !kept.isEmpty else { return actions }
        for page in (kept.lowerBound / pageSize)...((kept.upperBound - 1) / pageSize) {
            actions += startPage(PageKey(parent: parentID, page: page))
        }
        return actions
    }

    /// Drops what is known of `parentID`'s children and lets the view ask again.
    mutating func refreshChildren(of parentID: String, expanded: [String]) -> [Action] {
        var actions = cancelCountReads(of: parentID)
        actions += forgetChildren(of: parentID)
        childCounts[parentID] = nil
        return actions + [expanded.contains(parentID) ? .invalidateAllChildren(parentID) : .invalidateItems([parentID])]
    }

    /// Forgets the cached pages and positions of `parent`'s children, and cancels the page
    /// reads of its children in flight: they read the children as they were before the
    /// change, so their answers are stale (the rows are read again when the view asks).
    mutating func forgetChildren(of parent: String) -> [Action] {
        pages[parent] = nil
        failedPages = failedPages.filter { $0.parent != parent }
        positions = positions.filter { $0.value.parent != parent }
        pagesAwaitingChanges = pagesAwaitingChanges.filter { $0.parent != parent }
        var actions: [Action] = []
        let stale = inFlight.keys.filter { load in
            switch load {
            case .page(let key), .pageRetry(let key): key.parent == parent
            default: false
            }
        }
        for load in stale.sorted(by: { inFlight[$0]! < inFlight[$1]! }) { actions += cancel(load) }
        return actions
    }

    /// Cancels the count reads of `parent` in flight (a change of its children arrived): they
    /// counted the children as they were before the change. An expanded item's count is read
    /// again at once (the view waits for it); an indicator's count when the item is drawn again.
    ///
    /// - Complexity: O(1).
    mutating func cancelCountReads(of parent: String) -> [Action] {
        var actions: [Action] = []
        if inFlight[.count(parent)] != nil {
            actions += cancel(.count(parent))
            actions += start(.count(parent))
        }
        if inFlight[.shownCount(parent)] != nil {
            actions += cancel(.shownCount(parent))
            shownCountsAsked.remove(parent)
        }
        return actions
    }

    private mutating func setCount(of parentID: String, to count: Int) {
        guard var node = nodes[parentID] else { return }
        node.childCount = count
        node.isContainer = node.isContainer || count > 0
        nodes[parentID] = node
    }
}
