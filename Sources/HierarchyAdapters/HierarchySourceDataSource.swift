import Foundation
import HierarchyKit
import HierarchySources

/// Turns any `HierarchySource` into a `HierarchyViewDataSource`: the pattern of the seed
/// sample as a reusable type.
///
/// The view asks synchronously; the source answers asynchronously. So the data source
/// answers from its cache and, for anything it does not know yet, answers "0 children" or
/// "no parent" or, as a ``HierarchyViewPagingDataSource``, a row still loading (or failed),
/// starts a load, and tells the view when it arrives: `insertChildren(of:at:)` for children,
/// `invalidateParent(of:)` for a parent, `invalidateChildren(of:at:)` for a page whose rows
/// now have their items. The view ignores answers that arrive after the user moved on.
///
/// Children are read in pages of `pageSize`, only for rows the view asks for (visible rows
/// and the prefetch window), so a parent with ten million children costs a few pages.
///
/// Memory is bounded: at most `maximumCachedPages` pages of children (and their items) are
/// kept, the least recently used going first; the items on the view's expanded path and the
/// root stay. An item the view still shows after its page went is read again by id.
/// `cancelLoads()` cancels every load in flight (a closed session); a page load whose rows
/// left every window of the view (scrolled away, column closed) is cancelled as the view
/// reports its windows (`hierarchyView(_:didChangeRowWindows:)`).
public final class HierarchySourceDataSource: HierarchyViewPagingDataSource {
    /// The source being shown.
    public let source: any HierarchySource
    /// The view this data source feeds (weak: the view owns nothing of it).
    public weak var view: HierarchyView?

    /// Makes this the data source of `view` and `view` the one it feeds: both links, which
    /// are weak either way (keep the adapter alive as long as the view shows it).
    public func attach(to view: HierarchyView) {
        self.view = view
        view.dataSource = self
    }

    /// Children are loaded in pages of this many items.
    public let pageSize: Int
    /// At most this many pages of children are cached (least recently used first out), so
    /// the cache holds at most `maximumCachedPages × pageSize` items of pages, as many again
    /// read one by one (items shown after their page went), and the expanded path.
    public let maximumCachedPages: Int
    /// Told about every failed load (one line each); the view goes on. Each one also goes to
    /// the view's error stream (``HierarchyView/takeErrors()``), which is what faces read.
    public var errorHandler: ((HierarchySourceError) -> Void)?
    /// Told when loads start or finish, for a loading indicator.
    public var activityHandler: ((Int) -> Void)?
    /// The status notice for a status line: the source's note on its work in progress
    /// ("reading 12.3 MB of 25.9 MB", a table check), else the state of its connection
    /// (``connectionNote``). Notices are not errors: failures go to the view's error stream.
    public var progressNote: String? { sourceNote ?? connectionNote }
    /// The source's own note on its work in progress (its last `.progress` change).
    var sourceNote: String?
    /// The state of the source's connection to its server: "reconnecting…" while it is away,
    /// "connected again" for `noticeDuration` once it is back; `nil` otherwise.
    public internal(set) var connectionNote: String?
    /// How long a passing notice ("connected again") stays.
    public var noticeDuration: Duration = .seconds(5)
    /// The clock a passing notice's ``noticeDuration`` runs on; inject a manual clock in tests.
    public var noticeClock: any Clock<Duration> = ContinuousClock()

    /// The root item, once `load()` has run.
    public internal(set) var rootNode: HierarchyNode?
    var nodes: [String: HierarchyNode] = [:]
    var childCounts: [String: Int] = [:]
    private var pages: [String: [Int: [String]]] = [:]
    private var positions: [String: (parent: String, index: Int)] = [:]
    var parents: [String: String?] = [:]
    private var loadingCounts: Set<String> = []
    private var loadingPages: Set<PageKey> = []
    private var loadingParents: Set<String> = []
    private var failedPages: Set<PageKey> = []
    private var loadingNodes: Set<String> = []
    /// Items that could not be read by id, with the reason (bounded with the loose items).
    private var failedNodes: [String: String] = [:]
    /// Items read by id (not as part of a page), oldest first; bounded like the pages.
    private var looseIDs: [String] = []
    /// When each cached page was last used (a counter, for least-recently-used eviction).
    private var pageUse: [PageKey: UInt64] = [:]
    private var useCounter: UInt64 = 0
    /// Loads in flight, by a serial number, so a closed session can cancel them.
    private var loadTasks: [Int: Task<Void, Never>] = [:]
    private var nextLoad = 0
    /// The load in flight of each page being read (its key in `loadTasks`).
    private var pageLoads: [PageKey: Int] = [:]
    /// The count load in flight of each expanded item (its key in `loadTasks`).
    private var countLoads: [String: Int] = [:]
    /// The indicator count load in flight of each item on screen (its key in `loadTasks`).
    private var shownCountLoads: [String: Int] = [:]
    /// Page loads cancelled because no window of the view needed their rows any more.
    public private(set) var cancelledPageLoads = 0
    /// Parents whose children the source's change feed changed (see `+Changes`): their pages
    /// are read with the child count, so a page read ahead of the changes applied so far is
    /// recognised.
    var changedParents: Set<String> = []
    /// Pages read ahead of the changes applied (their count disagreed): their rows stay loading
    /// until the parent's next change, or until the page is read again after `changeGrace`.
    private var pagesAwaitingChanges: Set<PageKey> = []
    /// The second read of each page in `pagesAwaitingChanges` (its key in `loadTasks`).
    private var pageRetries: [PageKey: Int] = [:]
    /// How long a page read ahead of the changes waits for them before it is read again; if
    /// the count still disagrees then, the parent's children are read afresh.
    var changeGrace: Duration = .seconds(3)

    /// Why an item's children could not be read, by item (shown in its column).
    private var childErrors: [String: HierarchySourceError] = [:]
    /// Items on screen whose child count was asked for their indicator (asked once).
    private var loadingShownCounts: Set<String> = []
    /// Loads in flight.
    public private(set) var activeLoads = 0 {
        didSet {
            activityHandler?(activeLoads)
            if activeLoads == 0 {
                let waiters = idleWaiters
                idleWaiters.removeAll()
                for waiter in waiters { waiter.resume() }
            }
        }
    }
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Returns once no load is in flight (at once if none is).
    nonisolated(nonsending) public func waitUntilIdle() async {
        guard activeLoads > 0 else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Lays the view out and waits for the loads that starts, until nothing more is loading
    /// (at most `rounds` times): for printing, tests and scripted use.
    nonisolated(nonsending) public func settle(rounds: Int = 100) async {
        for _ in 0..<rounds {
            view?.layoutIfNeeded()
            guard activeLoads > 0 else { return }
            await waitUntilIdle()
        }
    }

    private struct PageKey: Hashable {
        var parent: String
        var page: Int
    }

    /// An adapter over a source.
    ///
    /// - Parameters:
    ///   - source: The hierarchy.
    ///   - pageSize: Children are read in pages of this many.
    ///   - maximumCachedPages: The bound of the page cache (at least 16).
    public init(source: any HierarchySource, pageSize: Int = 200, maximumCachedPages: Int = 64) {
        self.source = source
        self.pageSize = max(1, pageSize)
        self.maximumCachedPages = max(16, maximumCachedPages)
    }

    /// The number of pages of children cached now (at most `maximumCachedPages`).
    public var cachedPageCount: Int { pageUse.count }

    /// The number of items cached now.
    public var cachedItemCount: Int { nodes.count }

    /// Cancels every load in flight (the view is going away); their answers are dropped and
    /// nothing counts as loading any more.
    public func cancelLoads() {
        let tasks = loadTasks
        loadTasks.removeAll()
        for task in tasks.values { task.cancel() }
        pageLoads.removeAll()
        countLoads.removeAll()
        shownCountLoads.removeAll()
        pageRetries.removeAll()
        pagesAwaitingChanges.removeAll()
        loadingCounts.removeAll()
        loadingPages.removeAll()
        loadingParents.removeAll()
        loadingNodes.removeAll()
        loadingShownCounts.removeAll()
        activeLoads = 0
    }

    /// Runs a load in a task the adapter can cancel: `load` reads the source and returns what
    /// to do with the answer, which runs unless the load was cancelled or the adapter is gone.
    @discardableResult
    private func startLoad(_ load: @escaping @Sendable () async -> (@Sendable (HierarchySourceDataSource) -> Void))
        -> Int
    {
        let key = nextLoad
        nextLoad += 1
        let reference = IsolatedReference(self)
        let isolation = self.isolation
        loadTasks[key] = Task {
            let apply = await load()
            await HierarchyIsolation.run(on: isolation) { _ in
                guard let self = reference.object, !Task.isCancelled, self.loadTasks.removeValue(forKey: key) != nil
                else { return }
                apply(self)
            }
        }
        return key
    }

    /// The actor the adapter and its view are used on (its view's ``HierarchyView/isolation``;
    /// the main actor before it has a view): answers of the source are applied there.
    public var isolation: any Actor { view?.isolation ?? MainActor.shared }

    /// Reads the root (and, with `start`, makes that item the first one shown), then reloads
    /// the view.
    ///
    /// - Parameter start: the id of an item to start at instead of the root; its parents are
    ///   loaded as the user goes back.
    /// - Throws: the source's error when the root or the start item cannot be read.
    nonisolated(nonsending) public func load(startingAt start: String? = nil) async throws {
        if let start {
            guard let node = try await source.node(withID: start) else {
                throw HierarchySourceError(.notFound, "no item \(start) in \(source.displayName)")
            }
            rootNode = node
        } else {
            rootNode = try await source.root()
        }
        if let rootNode { nodes[rootNode.id] = rootNode }
        view?.reloadData()
        observeChanges()
    }

    /// The cached item for an id.
    public func node(for id: String) -> HierarchyNode? { nodes[id] }

    // MARK: HierarchyViewDataSource

    public func rootUUID(in hierarchyView: HierarchyView) -> String? {
        rootNode?.id
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, numberOfChildrenForItemWith uuid: String) -> Int {
        if let count = childCounts[uuid] { return count }
        guard !uuid.isEmpty else { return 0 }
        if let node = nodes[uuid], !node.isContainer, (node.childCount ?? 0) == 0 { return 0 }
        loadCount(of: uuid)
        return 0
    }

    /// The child at `index`: its id once its page is read; `.loading` meanwhile (the page is
    /// being read), `.failed` when the page could not be read.
    ///
    /// - Complexity: O(1) for a cached page; otherwise starts the page's load once.
    public func hierarchyView(_ hierarchyView: HierarchyView, childAt index: Int, with parentUUID: String)
        -> HierarchyChildRow
    {
        let page = index / pageSize
        let key = PageKey(parent: parentUUID, page: page)
        if let ids = pages[parentUUID]?[page], index - page * pageSize < ids.count {
            touch(key)
            return .item(ids[index - page * pageSize])
        }
        if failedPages.contains(key) { return .failed("cannot read this row") }
        if pagesAwaitingChanges.contains(key) { return .loading }
        loadPage(page, of: parentUUID)
        return .loading
    }

    /// The child's id when its page is read; otherwise starts reading the page and answers an
    /// empty id (the view asks ``hierarchyView(_:childAt:with:)``, which says the row is loading).
    public func hierarchyView(_ hierarchyView: HierarchyView, uuidForChildItemAt index: Int, with parentUUID: String)
        -> String
    {
        if case .item(let id) = self.hierarchyView(hierarchyView, childAt: index, with: parentUUID) { return id }
        return ""
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, parentForItemWith uuid: String) -> String? {
        if let known = parents[uuid] { return known }
        if let position = positions[uuid] { return position.parent }
        guard !uuid.isEmpty else { return nil }
        loadParent(of: uuid)
        return nil
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, prefetchDataForItemsWith uuids: [String]) {
        // Rows are read a page at a time when their uuids are asked for; nothing more to do.
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, cellForItemWith uuid: String) -> HierarchyCollectionItem {
        let cell = hierarchyView.dequeueReusableCell(withReuseIdentifier: "HierarchyCollectionItem", with: uuid)
        guard let node = nodes[uuid] else {
            // An item whose page left the cache: read it again by id.
            if !uuid.isEmpty, failedNodes[uuid] == nil { loadNode(uuid) }
            if case .failed(let reason) = self.hierarchyView(hierarchyView, stateOfItemWith: uuid) {
                cell.title.text = "⚠ " + reason.prefix(1).uppercased() + reason.dropFirst()
            } else {
                cell.title.text = "Loading…"
            }
            cell.isHierarchyButtonHidden = true
            return cell
        }
        Self.configure(cell, with: node, childCount: childCounts[uuid])
        if node.isContainer, node.childCount == nil, childCounts[uuid] == nil { loadShownCount(of: uuid) }
        return cell
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, titleForItemWith uuid: String) -> String? {
        nodes[uuid]?.title
    }

    /// Items read by id (their page left the cache) are loading until they arrive, or failed.
    /// Rows whose page is not read yet have no item: ``hierarchyView(_:childAt:with:)`` says so.
    public func hierarchyView(_ hierarchyView: HierarchyView, stateOfItemWith uuid: String) -> HierarchyItemState {
        if nodes[uuid] != nil { return .loaded }
        if let reason = failedNodes[uuid] { return .failed(reason) }
        return loadingNodes.contains(uuid) ? .loading : .loaded
    }

    public func hierarchyView(
        _ hierarchyView: HierarchyView, indexOfChildItemWith uuid: String, inParentWith parentUUID: String
    ) -> Int? {
        guard let position = positions[uuid], position.parent == parentUUID else { return nil }
        return position.index
    }

    /// Fills a cell from an item: title, subtitle, footnote, status, and the indicator with
    /// the child count ("…" while unknown for a container). No accessory: the indicator
    /// already says an item has children.
    public static func configure(_ cell: HierarchyCollectionItem, with node: HierarchyNode, childCount: Int?) {
        cell.title.text = node.title
        cell.subtitle.text = node.subtitle
        cell.footnote.text = node.footnote
        cell.status.text = node.status
        let count = childCount ?? node.childCount
        if let count, count > 0 {
            cell.isHierarchyButtonHidden = false
            cell.hierarchyAttributeText = CountText.grouped(count)
            cell.accessoryType = .none
        } else if node.isContainer && count == nil {
            cell.isHierarchyButtonHidden = false
            cell.hierarchyAttributeText = "…"
            cell.accessoryType = .none
        } else {
            cell.isHierarchyButtonHidden = true
            cell.hierarchyAttributeText = nil
            cell.accessoryType = .none
        }
    }

    /// What an expanded item's empty column says instead of "Empty": "Loading…" while its
    /// children are being read, or why they could not be read; `nil` when it has none.
    public func childrenNote(of uuid: String) -> String? {
        if loadingCounts.contains(uuid) { return "Loading…" }
        return childErrors[uuid].map { $0.message.prefix(1).uppercased() + $0.message.dropFirst() }
    }

    // MARK: Loading

    /// Reads the child count of an item on screen for its indicator, without expanding it.
    private func loadShownCount(of uuid: String) {
        guard !loadingCounts.contains(uuid), loadingShownCounts.insert(uuid).inserted else { return }
        let source = self.source
        activeLoads += 1
        shownCountLoads[uuid] = startLoad {
            let result: Result<Int, Error>
            do { result = .success(try await source.childCount(ofID: uuid)) } catch { result = .failure(error) }
            return { $0.shownCountLoaded(uuid, result) }
        }
    }

    private func shownCountLoaded(_ uuid: String, _ result: Result<Int, Error>) {
        activeLoads -= 1
        shownCountLoads[uuid] = nil
        // The id stays in `loadingShownCounts`: a failed count is not asked again on every redraw.
        switch result {
        case .success(let count): nodes[uuid]?.childCount = count
        case .failure(let error as HierarchySourceError): childErrors[uuid] = error
        case .failure: break
        }
        view?.invalidateItems(with: [uuid])
    }

    private func loadCount(of parent: String) {
        guard loadingCounts.insert(parent).inserted else { return }
        let source = self.source
        let pageSize = self.pageSize
        activeLoads += 1
        countLoads[parent] = startLoad {
            let result: Result<(Int, [HierarchyNode]), Error>
            do {
                let count = try await source.childCount(ofID: parent)
                let first = count > 0 ? try await source.children(ofID: parent, in: 0..<min(count, pageSize)) : []
                result = .success((count, first))
            } catch {
                result = .failure(error)
            }
            return { $0.countLoaded(parent, result) }
        }
    }

    private func countLoaded(_ parent: String, _ result: Result<(Int, [HierarchyNode]), Error>) {
        activeLoads -= 1
        countLoads[parent] = nil
        loadingCounts.remove(parent)
        switch result {
        case .success(let (count, first)):
            // A reveal may have told the view the count meanwhile; the rows are there already.
            let known = childCounts[parent] != nil
            childErrors[parent] = nil
            store(first, page: 0, of: parent)
            childCounts[parent] = count
            if var node = nodes[parent] {
                node.childCount = count
                nodes[parent] = node
            }
            if count > 0, !known {
                view?.insertChildren(of: parent, at: IndexSet(integersIn: 0..<count))
            } else if count > 0 {
                view?.invalidateChildren(of: parent, at: IndexSet(integersIn: 0..<min(count, pageSize)))
            }
            view?.invalidateItems(with: [parent])
        case .failure(let error):
            childCounts[parent] = 0
            if let error = error as? HierarchySourceError { childErrors[parent] = error }
            report(error, "cannot list the children of \(nodes[parent]?.title ?? parent)")
            view?.invalidateItems(with: [parent])
        }
    }

    func loadPage(_ page: Int, of parent: String) {
        let key = PageKey(parent: parent, page: page)
        guard !loadingPages.contains(key), !failedPages.contains(key), !pagesAwaitingChanges.contains(key) else {
            return
        }
        loadingPages.insert(key)
        let source = self.source
        let range = pageRange(page)
        let checksCount = changedParents.contains(parent)
        activeLoads += 1
        pageLoads[key] = startLoad {
            let result = await Self.readPage(range, of: parent, from: source, withCount: checksCount)
            return { $0.pageLoaded(key, range: range, result) }
        }
    }

    /// A page of children as the source has them now, and, for a parent whose children
    /// changed, the count the source has with them.
    private struct PageAnswer: Sendable {
        var children: [HierarchyNode]
        var count: Int?
    }

    private static func readPage(
        _ range: Range<Int>, of parent: String, from source: any HierarchySource, withCount: Bool
    ) async -> Result<PageAnswer, Error> {
        do {
            let children = try await source.children(ofID: parent, in: range)
            let count = withCount ? try await source.childCount(ofID: parent) : nil
            return .success(PageAnswer(children: children, count: count))
        } catch {
            return .failure(error)
        }
    }

    /// Whether a page answer agrees with the changes applied so far: a source whose change
    /// feed lags behind its data may already hold children the adapter has not been told of,
    /// and their rows would land on the view's rows of other items.
    private func agreesWithChanges(_ answer: PageAnswer, of parent: String) -> Bool {
        guard let count = answer.count, let known = childCounts[parent] else { return true }
        return count == known
    }

    /// The rows of a page.
    private func pageRange(_ page: Int) -> Range<Int> { (page * pageSize)..<((page + 1) * pageSize) }

    /// Cancels the page loads whose rows are in no window of the view any more; their rows
    /// are forgotten by the view, so they are asked for (and read) again when they come back.
    ///
    /// - Complexity: O(l) for l page loads in flight.
    public func hierarchyView(_ hierarchyView: HierarchyView, didChangeRowWindows windows: [String: Range<Int>]) {
        var forgotten: [(parent: String, rows: Range<Int>)] = []
        for (key, load) in pageLoads {
            let rows = pageRange(key.page)
            if let window = windows[key.parent], window.overlaps(rows) { continue }
            loadTasks.removeValue(forKey: load)?.cancel()
            pageLoads[key] = nil
            loadingPages.remove(key)
            activeLoads -= 1
            cancelledPageLoads += 1
            forgotten.append((key.parent, rows))
        }
        let expanded = Set(hierarchyView.expandedPath)
        for (parent, rows) in forgotten where expanded.contains(parent) {
            let count = childCounts[parent] ?? rows.upperBound
            let shown = rows.clamped(to: 0..<count)
            if !shown.isEmpty { hierarchyView.invalidateChildren(of: parent, at: IndexSet(integersIn: shown)) }
        }
    }

    private func pageLoaded(_ key: PageKey, range: Range<Int>, _ result: Result<PageAnswer, Error>) {
        activeLoads -= 1
        pageLoads[key] = nil
        loadingPages.remove(key)
        switch result {
        case .success(let answer) where !agreesWithChanges(answer, of: key.parent):
            awaitChanges(key, range: range)
        case .success(let answer):
            store(answer.children, page: key.page, of: key.parent)
            view?.invalidateChildren(of: key.parent, at: IndexSet(integersIn: range))
        case .failure(let error):
            failedPages.insert(key)
            report(error, "cannot read the children of \(nodes[key.parent]?.title ?? key.parent)")
            // The rows' loading slots become failed ones at the next layout pass.
            let shown = range.clamped(to: 0..<(childCounts[key.parent] ?? range.upperBound))
            if !shown.isEmpty, view?.expandedPath.contains(key.parent) == true {
                view?.invalidateChildren(of: key.parent, at: IndexSet(integersIn: shown))
            }
        }
    }

    /// A page read ahead of the changes applied: its rows become loading in the view (they
    /// may show items read ahead too) until the parent's next change forgets the page, or,
    /// after `changeGrace`, the page is read again; if it still disagrees then, the changes
    /// are not coming and the parent's children are read afresh.
    private func awaitChanges(_ key: PageKey, range: Range<Int>) {
        pagesAwaitingChanges.insert(key)
        let shown = range.clamped(to: 0..<(childCounts[key.parent] ?? range.upperBound))
        if !shown.isEmpty, view?.expandedPath.contains(key.parent) == true {
            view?.invalidateChildren(of: key.parent, at: IndexSet(integersIn: shown))
        }
        let source = self.source
        let grace = changeGrace
        pageRetries[key] = startLoad {
            try? await Task.sleep(for: grace)
            guard !Task.isCancelled else { return { _ in } }
            let result = await Self.readPage(range, of: key.parent, from: source, withCount: true)
            return { $0.pageRetried(key, range: range, result) }
        }
    }

    private func pageRetried(_ key: PageKey, range: Range<Int>, _ result: Result<PageAnswer, Error>) {
        pageRetries[key] = nil
        pagesAwaitingChanges.remove(key)
        switch result {
        case .success(let answer) where !agreesWithChanges(answer, of: key.parent):
            refreshChildren(of: key.parent)
        case .success(let answer):
            store(answer.children, page: key.page, of: key.parent)
            view?.invalidateChildren(of: key.parent, at: IndexSet(integersIn: range))
        case .failure:
            // Asked again when the view shows the rows.
            view?.invalidateChildren(
                of: key.parent, at: IndexSet(integersIn: range.clamped(to: 0..<(childCounts[key.parent] ?? 0))))
        }
    }

    func store(_ children: [HierarchyNode], page: Int, of parent: String) {
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
        evictPages()
    }

    private func touch(_ key: PageKey) {
        useCounter += 1
        pageUse[key] = useCounter
    }

    /// Drops the least recently used pages beyond the bound, with their items, except the
    /// items on the view's expanded path and the root (whose counts and positions the view
    /// relies on).
    ///
    /// - Complexity: O(p) per dropped page for p cached pages (p ≤ `maximumCachedPages`).
    private func evictPages() {
        guard pageUse.count > maximumCachedPages else { return }
        var pinned = Set(view?.expandedPath ?? [])
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
    private func trimLooseItems() {
        let limit = maximumCachedPages * pageSize
        guard looseIDs.count > limit else { return }
        let pinned = Set(view?.expandedPath ?? [])
        let dropped = looseIDs.prefix(looseIDs.count - limit)
        for id in dropped where !pinned.contains(id) && positions[id] == nil && id != rootNode?.id {
            nodes[id] = nil
            childCounts[id] = nil
            failedNodes[id] = nil
        }
        looseIDs.removeFirst(dropped.count)
    }

    private func loadNode(_ id: String) {
        guard loadingNodes.insert(id).inserted else { return }
        let source = self.source
        activeLoads += 1
        startLoad {
            let result: Result<HierarchyNode?, Error>
            do { result = .success(try await source.node(withID: id)) } catch { result = .failure(error) }
            return { $0.nodeLoaded(id, result) }
        }
    }

    private func nodeLoaded(_ id: String, _ result: Result<HierarchyNode?, Error>) {
        activeLoads -= 1
        loadingNodes.remove(id)
        switch result {
        case .success(let node?):
            nodes[id] = node
            if let count = node.childCount, childCounts[id] == nil { childCounts[id] = count }
            looseIDs.append(id)
            trimLooseItems()
            view?.invalidateItems(with: [id])
        case .success(nil):
            failedNodes[id] = "no such item any more"
            looseIDs.append(id)
            report(HierarchySourceError(.notFound, "no item \(id) in \(source.displayName)"), "")
            view?.invalidateItems(with: [id])
        case .failure(let error):
            failedNodes[id] = "cannot read this item"
            looseIDs.append(id)
            report(error, "cannot read \(id)")
            view?.invalidateItems(with: [id])
        }
    }

    private func loadParent(of child: String) {
        guard loadingParents.insert(child).inserted else { return }
        let source = self.source
        let pageSize = self.pageSize
        activeLoads += 1
        startLoad {
            let result: Result<ParentAnswer?, Error>
            do {
                if let parent = try await source.parent(ofID: child) {
                    let count = try await source.childCount(ofID: parent.id)
                    var index = try await source.index(ofChildID: child, inParentID: parent.id)
                    if index == nil, count <= 100_000 {
                        // No index: read the parent's children page by page to find the child.
                        var start = 0
                        while start < count, index == nil {
                            let page = try await source.children(ofID: parent.id, in: start..<min(count, start + 1000))
                            if let found = page.firstIndex(where: { $0.id == child }) { index = start + found }
                            if page.isEmpty { break }
                            start += page.count
                        }
                    }
                    var around: [HierarchyNode] = []
                    var pageIndex = 0
                    if let index {
                        pageIndex = index / pageSize
                        around = try await source.children(
                            ofID: parent.id, in: (pageIndex * pageSize)..<min(count, (pageIndex + 1) * pageSize))
                    }
                    result = .success(ParentAnswer(parent: parent, count: count, page: pageIndex, children: around))
                } else {
                    result = .success(nil)
                }
            } catch {
                result = .failure(error)
            }
            return { $0.parentLoaded(child, result) }
        }
    }

    private struct ParentAnswer: Sendable {
        var parent: HierarchyNode
        var count: Int
        var page: Int
        var children: [HierarchyNode]
    }

    private func parentLoaded(_ child: String, _ result: Result<ParentAnswer?, Error>) {
        activeLoads -= 1
        loadingParents.remove(child)
        switch result {
        case .success(let answer?):
            nodes[answer.parent.id] = answer.parent
            parents[child] = answer.parent.id
            childCounts[answer.parent.id] = answer.count
            store(answer.children, page: answer.page, of: answer.parent.id)
            view?.invalidateParent(of: child)
        case .success(nil):
            parents[child] = .some(nil)
        case .failure(let error):
            parents[child] = .some(nil)
            report(error, "cannot read the parent of \(nodes[child]?.title ?? child)")
        }
    }

    /// Forgets the cached pages and positions of `parent`'s children (see `+Changes`), and
    /// cancels the page loads of its children in flight: they read the children as they were
    /// before the change, so their answers are stale and are dropped (the rows are read again
    /// when the view asks for them).
    func forgetChildren(of parent: String) {
        pages[parent] = nil
        failedPages = failedPages.filter { $0.parent != parent }
        positions = positions.filter { $0.value.parent != parent }
        for (key, load) in pageLoads where key.parent == parent {
            loadTasks.removeValue(forKey: load)?.cancel()
            pageLoads[key] = nil
            loadingPages.remove(key)
            activeLoads -= 1
        }
        for (key, load) in pageRetries where key.parent == parent {
            loadTasks.removeValue(forKey: load)?.cancel()
            pageRetries[key] = nil
        }
        pagesAwaitingChanges = pagesAwaitingChanges.filter { $0.parent != parent }
    }

    /// Cancels the count loads of `parent` in flight (a change of its children arrived): they
    /// counted the children as they were before the change, so their answers are stale and are
    /// dropped. An expanded item's count is read again at once (the view waits for it); an
    /// indicator's count when the item is drawn again.
    ///
    /// - Complexity: O(1).
    func cancelCountLoads(of parent: String) {
        if let load = countLoads.removeValue(forKey: parent) {
            loadTasks.removeValue(forKey: load)?.cancel()
            loadingCounts.remove(parent)
            loadCount(of: parent)
            activeLoads -= 1
        }
        if let load = shownCountLoads.removeValue(forKey: parent) {
            loadTasks.removeValue(forKey: load)?.cancel()
            loadingShownCounts.remove(parent)
            activeLoads -= 1
        }
    }

    /// Every parent with a count load in flight.
    var parentsBeingCounted: [String] { Array(Set(countLoads.keys).union(shownCountLoads.keys)) }

    func report(_ error: Error, _ context: String) {
        reportError(error as? HierarchySourceError ?? HierarchySourceError(.io, "\(context): \(error)"))
    }

    /// Reports a failed load: to `errorHandler`, and to the view's error stream
    /// (``HierarchyView/takeErrors()``), where the faces take it for their status line.
    public func reportError(_ error: HierarchySourceError) {
        errorHandler?(error)
        view?.reportError(HierarchyError(.loadFailed, error.description))
    }
}
