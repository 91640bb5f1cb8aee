import Foundation
import HierarchyKit
import HierarchySources

/// What ``HierarchySourceDataSource`` knows of its source and what it is reading, as a pure
/// state machine: the view's questions, the source's answers and its changes go in; the reads
/// to start, the reads to cancel and the view updates to make come out. There is no source,
/// task, clock or view inside: the adapter performs the actions and feeds the answers back.
///
/// Every read in flight is one entry of ``inFlight`` under its ``Load`` (at most one read per
/// load), with the number its answer comes back under: an answer whose number is no longer in
/// flight (cancelled, or forgotten by a change) is stale and changes nothing.
struct SourceAdapterState {
    /// A page of a parent's children.
    struct PageKey: Hashable, Sendable {
        var parent: String
        var page: Int
    }

    /// A read of the source.
    enum Load: Hashable, Sendable {
        /// An expanded item's child count and first page.
        case count(String)
        /// The child count of an item on screen, for its indicator.
        case shownCount(String)
        /// A page of children.
        case page(PageKey)
        /// A page read ahead of the changes applied, read again after the grace period.
        case pageRetry(PageKey)
        /// An item whose page left the cache, read by id.
        case item(String)
        /// The parent of an item (with the page of its children that holds the item).
        case parent(String)
    }

    /// A read to start: the load, the number its answer comes back under, and for a page the
    /// rows and whether the parent's count is read with it (its children changed).
    struct Read: Hashable, Sendable {
        var load: Load
        var number: Int
        var rows: Range<Int>? = nil
        var checksCount = false
    }

    /// The answer of a page read: the children, and the parent's count when it was asked.
    struct PageAnswer: Sendable {
        var children: [HierarchyNode]
        var count: Int?
    }

    /// The answer of a count read: the count and the first page of children.
    struct CountAnswer: Sendable {
        var count: Int
        var first: [HierarchyNode]
    }

    /// The answer of a parent read.
    struct ParentAnswer: Sendable {
        var parent: HierarchyNode
        var count: Int
        var page: Int
        var children: [HierarchyNode]
    }

    /// What a read answered.
    enum Answer: Sendable {
        case count(Result<CountAnswer, any Error>)
        case shownCount(Result<Int, any Error>)
        case page(Result<PageAnswer, any Error>)
        case item(Result<HierarchyNode?, any Error>)
        case parent(Result<ParentAnswer?, any Error>)
    }

    /// An error to report, compared by what it says.
    struct Report: Equatable, Sendable {
        var error: HierarchySourceError
        static func == (a: Report, b: Report) -> Bool {
            a.error.code == b.error.code && a.error.description == b.error.description
        }
    }

    /// What the adapter does.
    enum Action: Equatable, Sendable {
        /// Start a read (a `.pageRetry` after the grace period).
        case start(Read)
        /// Cancel the read in flight under this number.
        case cancel(Int)
        case insertChildren(String, IndexSet)
        case removeChildren(String, IndexSet)
        case invalidateChildren(String, IndexSet)
        case invalidateAllChildren(String)
        case invalidateItems([String])
        case invalidateParent(String)
        /// Read the pages of the view's window of a parent's rows again, and forget the rest
        /// (``rereadShownRows(of:windows:)``, with the windows after the updates before it).
        case rereadShownRows(String)
        case report(Report)
    }

    let pageSize: Int
    let maximumCachedPages: Int
    /// The source's name, for messages.
    let sourceName: String

    init(pageSize: Int, maximumCachedPages: Int, sourceName: String) {
        self.sourceName = sourceName
        self.pageSize = max(1, pageSize)
        self.maximumCachedPages = max(16, maximumCachedPages)
    }

    // MARK: What is known

    /// The first item shown (the root, or the start item).
    var rootNode: HierarchyNode?
    var nodes: [String: HierarchyNode] = [:]
    var childCounts: [String: Int] = [:]
    /// Known parents: `.some(nil)` for an item without one.
    var parents: [String: String?] = [:]
    var pages: [String: [Int: [String]]] = [:]
    var positions: [String: (parent: String, index: Int)] = [:]
    /// When each cached page was last used (a counter, for least-recently-used eviction).
    private var pageUse: [PageKey: UInt64] = [:]
    private var useCounter: UInt64 = 0
    /// Items read by id (not as part of a page), oldest first; bounded like the pages.
    private var looseIDs: [String] = []
    /// Why an item's children could not be read, by item.
    private(set) var childErrors: [String: HierarchySourceError] = [:]

    // MARK: What is being read, and what failed

    /// The reads in flight, by load, with their numbers; and the loads by number.
    private(set) var inFlight: [Load: Int] = [:]
    private var loads: [Int: Load] = [:]
    private var nextNumber = 0
    /// Reads in flight, not counting pages waiting out the grace period.
    private(set) var activeLoads = 0
    /// Page reads cancelled because no window of the view needed their rows any more.
    private(set) var cancelledPageLoads = 0
    var failedPages: Set<PageKey> = []
    /// Items that could not be read by id, with the reason.
    private var failedItems: [String: String] = [:]
    /// Items on screen whose count was asked for their indicator (asked once).
    var shownCountsAsked: Set<String> = []
    /// Parents whose children the source's change feed changed: their pages are read with the
    /// child count, so that a page read ahead of the changes applied so far is recognised.
    var changedParents: Set<String> = []
    /// Pages read ahead of the changes applied: their rows stay loading until the parent's next
    /// change, or until the page is read again after the grace period.
    var pagesAwaitingChanges: Set<PageKey> = []

    /// The number of pages of children cached.
    var cachedPageCount: Int { pageUse.count }
    /// The number of items cached.
    var cachedItemCount: Int { nodes.count }

    // MARK: The view's questions

    /// The number of children of an item: known, or 0 while its count is read.
    mutating func childCount(of uuid: String) -> (Int, [Action]) {
        if let count = childCounts[uuid] { return (count, []) }
        guard !uuid.isEmpty else { return (0, []) }
        if let node = nodes[uuid], !node.isContainer, (node.childCount ?? 0) == 0 { return (0, []) }
        return (0, start(.count(uuid)))
    }

    /// The child at `index`: its id once its page is read; loading meanwhile; failed when the
    /// page could not be read.
    mutating func child(at index: Int, of parent: String) -> (HierarchyChildRow, [Action]) {
        let page = index / pageSize
        let key = PageKey(parent: parent, page: page)
        if let ids = pages[parent]?[page], index - page * pageSize < ids.count {
            touch(key)
            return (.item(ids[index - page * pageSize]), [])
        }
        if failedPages.contains(key) { return (.failed("cannot read this row"), []) }
        if pagesAwaitingChanges.contains(key) { return (.loading, []) }
        return (.loading, startPage(key))
    }

    /// The parent of an item: known (`.some(nil)` for none), or `nil` while it is read.
    mutating func parent(of uuid: String) -> (String??, [Action]) {
        if let known = parents[uuid] { return (known, []) }
        if let position = positions[uuid] { return (.some(position.parent), []) }
        guard !uuid.isEmpty else { return (.some(nil), []) }
        return (nil, start(.parent(uuid)))
    }

    /// The item a cell shows: cached, or read again by id (its page left the cache). A
    /// container whose count is unknown has its count read for its indicator.
    mutating func itemForCell(_ uuid: String) -> (HierarchyNode?, [Action]) {
        guard let node = nodes[uuid] else {
            guard !uuid.isEmpty, failedItems[uuid] == nil else { return (nil, []) }
            return (nil, start(.item(uuid)))
        }
        guard node.isContainer, node.childCount == nil, childCounts[uuid] == nil, inFlight[.count(uuid)] == nil,
            shownCountsAsked.insert(uuid).inserted
        else { return (node, []) }
        return (node, start(.shownCount(uuid)))
    }

    /// Whether an item is loaded, being read by id, or could not be read.
    func state(of uuid: String) -> HierarchyItemState {
        if nodes[uuid] != nil { return .loaded }
        if let reason = failedItems[uuid] { return .failed(reason) }
        return inFlight[.item(uuid)] != nil ? .loading : .loaded
    }

    /// The row of a child in a parent, if its page is cached.
    func index(of uuid: String, in parent: String) -> Int? {
        guard let position = positions[uuid], position.parent == parent else { return nil }
        return position.index
    }

    /// What an expanded item's empty column says: "Loading…" while its children are read, or
    /// why they could not be read.
    func childrenNote(of uuid: String) -> String? {
        if inFlight[.count(uuid)] != nil { return "Loading…" }
        return childErrors[uuid].map { $0.message.prefix(1).uppercased() + $0.message.dropFirst() }
    }

    // MARK: Reads

    mutating func start(_ load: Load, rows: Range<Int>? = nil, checksCount: Bool = false) -> [Action] {
        guard inFlight[load] == nil else { return [] }
        let number = nextNumber
        nextNumber += 1
        inFlight[load] = number
        loads[number] = load
        if case .pageRetry = load {} else { activeLoads += 1 }
        return [.start(Read(load: load, number: number, rows: rows, checksCount: checksCount))]
    }

    mutating func startPage(_ key: PageKey) -> [Action] {
        guard !failedPages.contains(key), !pagesAwaitingChanges.contains(key) else { return [] }
        return start(.page(key), rows: rows(of: key.page), checksCount: changedParents.contains(key.parent))
    }

    /// Ends the read in flight under `number`; `nil` when it is not in flight any more.
    private mutating func finish(_ number: Int) -> Load? {
        guard let load = loads.removeValue(forKey: number) else { return nil }
        inFlight[load] = nil
        if case .pageRetry = load {} else { activeLoads -= 1 }
        return load
    }

    /// Cancels the read of `load`, if one is in flight.
    mutating func cancel(_ load: Load) -> [Action] {
        guard let number = inFlight[load] else { return [] }
        _ = finish(number)
        return [.cancel(number)]
    }

    /// Cancels every read in flight (the view is going away).
    mutating func cancelAll() -> [Action] {
        let numbers = loads.keys.sorted()
        inFlight.removeAll()
        loads.removeAll()
        pagesAwaitingChanges.removeAll()
        shownCountsAsked.removeAll()
        activeLoads = 0
        return numbers.map(Action.cancel)
    }

    /// The rows of a page.
    func rows(of page: Int) -> Range<Int> { (page * pageSize)..<((page + 1) * pageSize) }

    // MARK: Answers

    /// Takes a read's answer. `expanded` is the view's expanded path now.
    mutating func receive(_ answer: Answer, number: Int, expanded: [String]) -> [Action] {
        guard let load = finish(number) else { return [] }
        switch (load, answer) {
        case (.shownCount(let uuid), .shownCount(let result)):
            switch result {
            case .success(let count): nodes[uuid]?.childCount = count
            case .failure(let error as HierarchySourceError): childErrors[uuid] = error
            case .failure: break
            }
            return [.invalidateItems([uuid])]
        case (.count(let parent), .count(let result)):
            return counted(parent, result, expanded: expanded)
        case (.page(let key), .page(let result)):
            return pageRead(key, result, expanded: expanded)
        case (.pageRetry(let key), .page(let result)):
            return pageReadAgain(key, result, expanded: expanded)
        case (.item(let id), .item(let result)):
            return itemRead(id, result, expanded: expanded)
        case (.parent(let child), .parent(let result)):
            return parentRead(child, result, expanded: expanded)
        default:
            return []
        }
    }

    private mutating func counted(
        _ parent: String, _ result: Result<CountAnswer, any Error>, expanded: [String]
    ) -> [Action] {
        switch result {
        case .success(let answer):
            let count = answer.count
            // A reveal may have told the view the count meanwhile; the rows are there already.
            let known = childCounts[parent] != nil
            childErrors[parent] = nil
            store(answer.first, page: 0, of: parent, expanded: expanded)
            childCounts[parent] = count
            nodes[parent]?.childCount = count
            var actions: [Action] = []
            if count > 0, !known {
                actions.append(.insertChildren(parent, IndexSet(integersIn: 0..<count)))
            } else if count > 0 {
                actions.append(.invalidateChildren(parent, IndexSet(integersIn: 0..<min(count, pageSize))))
            }
            return actions + [.invalidateItems([parent])]
        case .failure(let error):
            childCounts[parent] = 0
            if let error = error as? HierarchySourceError { childErrors[parent] = error }
            return [
                report(error, "cannot list the children of \(nodes[parent]?.title ?? parent)"),
                .invalidateItems([parent]),
            ]
        }
    }

    /// Whether a page answer agrees with the changes applied so far: a source whose change
    /// feed lags behind its data may already hold children not told of yet, whose rows would
    /// land on the view's rows of other items.
    private func agreesWithChanges(_ answer: PageAnswer, of parent: String) -> Bool {
        guard let count = answer.count, let known = childCounts[parent] else { return true }
        return count == known
    }

    /// The rows of a page the view shows, as an invalidation (none when the parent is not expanded).
    func invalidateShown(_ key: PageKey, expanded: [String], whenCountUnknown: Int? = nil) -> [Action] {
        let range = rows(of: key.page)
        let shown = range.clamped(to: 0..<(childCounts[key.parent] ?? whenCountUnknown ?? range.upperBound))
        guard !shown.isEmpty, expanded.contains(key.parent) else { return [] }
        return [.invalidateChildren(key.parent, IndexSet(integersIn: shown))]
    }

    private mutating func pageRead(_ key: PageKey, _ result: Result<PageAnswer, any Error>, expanded: [String])
        -> [Action]
    {
        switch result {
        case .success(let answer) where !agreesWithChanges(answer, of: key.parent):
            // Its rows become loading (they may show items read ahead too) until the parent's
            // next change forgets the page, or the page is read again after the grace period.
            pagesAwaitingChanges.insert(key)
            return invalidateShown(key, expanded: expanded) + start(.pageRetry(key), rows: rows(of: key.page))
        case .success(let answer):
            store(answer.children, page: key.page, of: key.parent, expanded: expanded)
            return [.invalidateChildren(key.parent, IndexSet(integersIn: rows(of: key.page)))]
        case .failure(let error):
            failedPages.insert(key)
            // The rows' loading slots become failed ones at the next layout pass.
            return [report(error, "cannot read the children of \(nodes[key.parent]?.title ?? key.parent)")]
                + invalidateShown(key, expanded: expanded)
        }
    }

    /// A page read again after the grace period: if it still disagrees, the changes are not
    /// coming and the parent's children are read afresh.
    private mutating func pageReadAgain(_ key: PageKey, _ result: Result<PageAnswer, any Error>, expanded: [String])
        -> [Action]
    {
        pagesAwaitingChanges.remove(key)
        switch result {
        case .success(let answer) where !agreesWithChanges(answer, of: key.parent):
            return refreshChildren(of: key.parent, expanded: expanded)
        case .success(let answer):
            store(answer.children, page: key.page, of: key.parent, expanded: expanded)
            return [.invalidateChildren(key.parent, IndexSet(integersIn: rows(of: key.page)))]
        case .failure:
            // Asked again when the view shows the rows.
            let shown = rows(of: key.page).clamped(to: 0..<(childCounts[key.parent] ?? 0))
            return [.invalidateChildren(key.parent, IndexSet(integersIn: shown))]
        }
    }

    private mutating func itemRead(_ id: String, _ result: Result<HierarchyNode?, any Error>, expanded: [String])
        -> [Action]
    {
        var actions: [Action] = []
        switch result {
        case .success(let node?):
            nodes[id] = node
            if let count = node.childCount, childCounts[id] == nil { childCounts[id] = count }
        case .success(nil):
            failedItems[id] = "no such item any more"
            actions.append(.report(Report(error: HierarchySourceError(.notFound, "no item \(id) in \(sourceName)"))))
        case .failure(let error):
            failedItems[id] = "cannot read this item"
            actions.append(report(error, "cannot read \(id)"))
        }
        looseIDs.append(id)
        trimLooseItems(expanded: expanded)
        return actions + [.invalidateItems([id])]
    }

    private mutating func parentRead(_ child: String, _ result: Result<ParentAnswer?, any Error>, expanded: [String])
        -> [Action]
    {
        switch result {
        case .success(let answer?):
            nodes[answer.parent.id] = answer.parent
            parents[child] = answer.parent.id
            childCounts[answer.parent.id] = answer.count
            store(answer.children, page: answer.page, of: answer.parent.id, expanded: expanded)
            return [.invalidateParent(child)]
        case .success(nil):
            parents[child] = .some(nil)
            return []
        case .failure(let error):
            parents[child] = .some(nil)
            return [report(error, "cannot read the parent of \(nodes[child]?.title ?? child)")]
        }
    }

    private func report(_ error: any Error, _ context: String) -> Action {
        .report(Report(error: error as? HierarchySourceError ?? HierarchySourceError(.io, "\(context): \(error)")))
    }

    // MARK: The view's windows

    /// Cancels the page reads whose rows are in no window of the view any more; their rows are
    /// forgotten by the view, so they are asked for (and read) again when they come back.
    ///
    /// - Complexity: O(l) for l reads in flight.
    mutating func windowsChanged(_ windows: [String: Range<Int>], expanded: [String]) -> [Action] {
        var actions: [Action] = []
        var forgotten: [PageKey] = []
        for case (.page(let key), _) in inFlight {
            if let window = windows[key.parent], window.overlaps(rows(of: key.page)) { continue }
            actions += cancel(.page(key))
            cancelledPageLoads += 1
            forgotten.append(key)
        }
        for key in forgotten.sorted(by: { ($0.parent, $0.page) < ($1.parent, $1.page) }) {
            actions += invalidateShown(key, expanded: expanded)
        }
        return actions
    }

    // MARK: The cache

    mutating func store(_ children: [HierarchyNode], page: Int, of parent: String, expanded: [String]) {
        var ids: [String] = []
        ids.reserveCapacity(children.count)
        for (offset, child) in children.enumerated() {
            nodes[child.id] = child
            positions[child.id] = (parent, page * pageSize + offset)
            if let count = child.childCount, childCounts[child.id] == nil { childCounts[child.id] = count }
            ids.append(child.id)
        }
        pages[parent, default: [:]][page] = ids
        touch(PageKey(parent: parent, page: page))
        evictPages(expanded: expanded)
    }

    /// Caches an item and its count (the root, a reveal's path, a fresh copy of a changed item).
    mutating func cache(_ node: HierarchyNode, count: Int? = nil, parent: String?? = nil) {
        nodes[node.id] = node
        if let count {
            childCounts[node.id] = count
            nodes[node.id]?.childCount = count
        }
        if let parent { parents[node.id] = parent }
        if rootNode?.id == node.id { rootNode = node }
    }

    /// Records an item's parent (a reveal's path).
    mutating func setParent(_ parent: String?, of id: String) {
        parents[id] = .some(parent)
    }

    private mutating func touch(_ key: PageKey) {
        useCounter += 1
        pageUse[key] = useCounter
    }

    /// Drops the least recently used pages beyond the bound, with their items, except the items
    /// on the view's expanded path and the root (whose counts and positions the view relies on).
    ///
    /// - Complexity: O(p) per dropped page for p cached pages (p ≤ `maximumCachedPages`).
    private mutating func evictPages(expanded: [String]) {
        guard pageUse.count > maximumCachedPages else { return }
        var pinned = Set(expanded)
        if let root = rootNode?.id { pinned.insert(root) }
        while pageUse.count > maximumCachedPages, let oldest = pageUse.min(by: { $0.value < $1.value })?.key {
            pageUse[oldest] = nil
            guard let ids = pages[oldest.parent]?.removeValue(forKey: oldest.page) else { continue }
            if pages[oldest.parent]?.isEmpty == true { pages[oldest.parent] = nil }
            for id in ids where !pinned.contains(id) {
                nodes[id] = nil
                positions[id] = nil
                childCounts[id] = nil
            }
        }
    }

    /// Drops the oldest items read by id beyond `maximumCachedPages × pageSize`, unless they
    /// are on the expanded path or a page took them in meanwhile.
    ///
    /// - Complexity: O(n) for n dropped items, amortised O(1) per item read.
    private mutating func trimLooseItems(expanded: [String]) {
        let limit = maximumCachedPages * pageSize
        guard looseIDs.count > limit else { return }
        let pinned = Set(expanded)
        let dropped = looseIDs.prefix(looseIDs.count - limit)
        for id in dropped where !pinned.contains(id) && positions[id] == nil && id != rootNode?.id {
            nodes[id] = nil
            childCounts[id] = nil
            failedItems[id] = nil
        }
        looseIDs.removeFirst(dropped.count)
    }
}
