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

    /// What is known of the source and what is being read: the pure state machine whose
    /// actions this adapter performs.
    var state: SourceAdapterState
    /// The reads in flight, by their number in `state`.
    private var reads: [Int: Task<Void, Never>] = [:]
    /// The number of loads the activity handler and the idle waiters last heard of.
    private var reportedLoads = 0

    /// The root item, once `load()` has run.
    public var rootNode: HierarchyNode? { state.rootNode }
    /// Page loads cancelled because no window of the view needed their rows any more.
    public var cancelledPageLoads: Int { state.cancelledPageLoads }
    /// How long a page read ahead of the changes applied waits for them before it is read
    /// again; if the count still disagrees then, the parent's children are read afresh.
    var changeGrace: Duration = .seconds(3)
    /// The clock ``changeGrace`` runs on; inject a manual clock in tests.
    var changeClock: any Clock<Duration> = ContinuousClock()

    /// Loads in flight.
    public var activeLoads: Int { state.activeLoads }
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Returns once no load is in flight (at once if none is).
    nonisolated(nonsending) public func waitUntilIdle() async {
        guard activeLoads > 0 else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Lays the view out and waits for the loads that starts, until a layout pass starts no
    /// load: for printing, tests and scripted use.
    nonisolated(nonsending) public func settle() async {
        while true {
            view?.layoutIfNeeded()
            guard activeLoads > 0 else { return }
            await waitUntilIdle()
        }
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
        state = SourceAdapterState(
            pageSize: pageSize, maximumCachedPages: maximumCachedPages, sourceName: source.displayName)
    }

    /// The number of pages of children cached now (at most `maximumCachedPages`).
    public var cachedPageCount: Int { state.cachedPageCount }

    /// The number of items cached now.
    public var cachedItemCount: Int { state.cachedItemCount }

    /// Cancels every load in flight (the view is going away); their answers are dropped and
    /// nothing counts as loading any more.
    public func cancelLoads() {
        perform(state.cancelAll())
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
        // Subscribed before the first read: a change made while the root is read is not lost.
        let changes = source.changes()
        let root: HierarchyNode?
        if let start {
            guard let node = try await source.node(withID: start) else {
                throw HierarchySourceError(.notFound, "no item \(start) in \(source.displayName)")
            }
            root = node
        } else {
            root = try await source.root()
        }
        state.rootNode = root
        if let root { state.cache(root) }
        view?.reloadData()
        observeChanges(changes)
    }

    /// The cached item for an id.
    public func node(for id: String) -> HierarchyNode? { state.nodes[id] }

    // MARK: HierarchyViewDataSource

    public func rootUUID(in hierarchyView: HierarchyView) -> String? {
        rootNode?.id
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, numberOfChildrenForItemWith uuid: String) -> Int {
        let (count, actions) = state.childCount(of: uuid)
        perform(actions)
        return count
    }

    /// The child at `index`: its id once its page is read; `.loading` meanwhile (the page is
    /// being read), `.failed` when the page could not be read.
    ///
    /// - Complexity: O(1) for a cached page; otherwise starts the page's load once.
    public func hierarchyView(_ hierarchyView: HierarchyView, childAt index: Int, with parentUUID: String)
        -> HierarchyChildRow
    {
        let (row, actions) = state.child(at: index, of: parentUUID)
        perform(actions)
        return row
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
        let (parent, actions) = state.parent(of: uuid)
        perform(actions)
        return parent ?? nil
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, prefetchDataForItemsWith uuids: [String]) {
        // Rows are read a page at a time when their uuids are asked for; nothing more to do.
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, cellForItemWith uuid: String) -> HierarchyCollectionItem {
        let cell = hierarchyView.dequeueReusableCell(withReuseIdentifier: "HierarchyCollectionItem", with: uuid)
        let (node, actions) = state.itemForCell(uuid)
        perform(actions)
        guard let node else {
            // An item whose page left the cache: it is read again by id.
            if case .failed(let reason) = state.state(of: uuid) {
                cell.title.text = "⚠ " + reason.prefix(1).uppercased() + reason.dropFirst()
            } else {
                cell.title.text = "Loading…"
            }
            cell.isHierarchyButtonHidden = true
            return cell
        }
        Self.configure(cell, with: node, childCount: state.childCounts[uuid])
        return cell
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, titleForItemWith uuid: String) -> String? {
        state.nodes[uuid]?.title
    }

    /// Items read by id (their page left the cache) are loading until they arrive, or failed.
    /// Rows whose page is not read yet have no item: ``hierarchyView(_:childAt:with:)`` says so.
    public func hierarchyView(_ hierarchyView: HierarchyView, stateOfItemWith uuid: String) -> HierarchyItemState {
        state.state(of: uuid)
    }

    public func hierarchyView(
        _ hierarchyView: HierarchyView, indexOfChildItemWith uuid: String, inParentWith parentUUID: String
    ) -> Int? {
        state.index(of: uuid, in: parentUUID)
    }

    /// Fills a cell from an item: title, subtitle, footnote, status, and the indicator with
    /// the child count ("…" while unknown for a container). No accessory: the indicator
    /// already says an item has children.
    public static func configure(_ cell: HierarchyCollectionItem, with node: HierarchyNode, childCount: Int?) {
        cell.title.text = node.title
        cell.subtitle.text = node.subtitle ?? node.preview
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
        state.childrenNote(of: uuid)
    }

    /// Cancels the page loads whose rows are in no window of the view any more; their rows
    /// are forgotten by the view, so they are asked for (and read) again when they come back.
    ///
    /// - Complexity: O(l) for l page loads in flight.
    public func hierarchyView(_ hierarchyView: HierarchyView, didChangeRowWindows windows: [String: Range<Int>]) {
        perform(state.windowsChanged(windows, expanded: hierarchyView.expandedPath))
    }

    // MARK: Performing the state's actions

    /// Performs actions of `state`: starts and cancels reads, tells the view, reports errors.
    func perform(_ actions: [SourceAdapterState.Action]) {
        for action in actions {
            switch action {
            case .start(let read): start(read)
            case .cancel(let number): reads.removeValue(forKey: number)?.cancel()
            case .insertChildren(let parent, let rows): view?.insertChildren(of: parent, at: rows)
            case .removeChildren(let parent, let rows): view?.removeChildren(of: parent, at: rows)
            case .invalidateChildren(let parent, let rows): view?.invalidateChildren(of: parent, at: rows)
            case .invalidateAllChildren(let parent): view?.invalidateChildren(of: parent)
            case .invalidateItems(let ids): view?.invalidateItems(with: ids)
            case .invalidateParent(let child): view?.invalidateParent(of: child)
            case .rereadShownRows(let parent):
                if let view { perform(state.rereadShownRows(of: parent, windows: view.rowWindows)) }
            case .report(let report): reportError(report.error)
            }
        }
        loadsChanged()
    }

    /// Tells the activity handler and the idle waiters when the number of loads changed.
    private func loadsChanged() {
        guard activeLoads != reportedLoads else { return }
        reportedLoads = activeLoads
        activityHandler?(activeLoads)
        if activeLoads == 0 {
            let waiters = idleWaiters
            idleWaiters.removeAll()
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Starts a read in a task the adapter can cancel; its answer goes to `state` unless the
    /// adapter is gone.
    private func start(_ read: SourceAdapterState.Read) {
        let source = self.source
        let pageSize = self.pageSize
        let grace = Self.sleeper(on: changeClock, for: changeGrace)
        let reference = IsolatedReference(self)
        let isolation = self.isolation
        reads[read.number] = Task {
            let answer = await HierarchySourceDataSource.answer(read, from: source, pageSize: pageSize, grace: grace)
            await HierarchySourceDataSource.deliver(answer, number: read.number, to: reference, on: isolation)
        }
    }

    private static func deliver(
        _ answer: SourceAdapterState.Answer?, number: Int, to reference: IsolatedReference<HierarchySourceDataSource>,
        on isolation: any Actor
    ) async {
        guard let answer else { return }
        await HierarchyIsolation.run(on: isolation) { _ in
            guard let adapter = reference.object, !Task.isCancelled else { return }
            adapter.receive(answer, number: number)
        }
    }

    private func receive(_ answer: SourceAdapterState.Answer, number: Int) {
        reads[number] = nil
        perform(state.receive(answer, number: number, expanded: view?.expandedPath ?? []))
    }

    /// Reads what `read` asks of the source; `nil` when the read was cancelled while it waited.
    private static func answer(
        _ read: SourceAdapterState.Read, from source: any HierarchySource, pageSize: Int,
        grace: @escaping @Sendable () async throws -> Void
    ) async -> SourceAdapterState.Answer? {
        do {
            switch read.load {
            case .count(let parent):
                let count = try await source.childCount(ofID: parent)
                let first = count > 0 ? try await source.children(ofID: parent, in: 0..<min(count, pageSize)) : []
                return .count(.success(SourceAdapterState.CountAnswer(count: count, first: first)))
            case .shownCount(let uuid):
                return .shownCount(.success(try await source.childCount(ofID: uuid)))
            case .page(let key):
                return .page(.success(try await readPage(read.rows, of: key.parent, from: source, read.checksCount)))
            case .pageRetry(let key):
                try? await grace()
                guard !Task.isCancelled else { return nil }
                return .page(.success(try await readPage(read.rows, of: key.parent, from: source, true)))
            case .item(let id):
                return .item(.success(try await source.node(withID: id)))
            case .parent(let child):
                return .parent(.success(try await readParent(of: child, from: source, pageSize: pageSize)))
            }
        } catch {
            switch read.load {
            case .count: return .count(.failure(error))
            case .shownCount: return .shownCount(.failure(error))
            case .page, .pageRetry: return .page(.failure(error))
            case .item: return .item(.failure(error))
            case .parent: return .parent(.failure(error))
            }
        }
    }

    /// A page of children, with the parent's count when `withCount` (its children changed).
    private static func readPage(
        _ range: Range<Int>?, of parent: String, from source: any HierarchySource, _ withCount: Bool
    ) async throws -> SourceAdapterState.PageAnswer {
        let children = try await source.children(ofID: parent, in: range ?? 0..<0)
        let count = withCount ? try await source.childCount(ofID: parent) : nil
        return SourceAdapterState.PageAnswer(children: children, count: count)
    }

    /// The parent of `child`, its count, and the page of its children that holds `child`.
    private static func readParent(of child: String, from source: any HierarchySource, pageSize: Int) async throws
        -> SourceAdapterState.ParentAnswer?
    {
        guard let parent = try await source.parent(ofID: child) else { return nil }
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
        return SourceAdapterState.ParentAnswer(parent: parent, count: count, page: pageIndex, children: around)
    }

    /// A sleep whose deadline is fixed now, so that a clock advanced before the sleep starts still counts.
    nonisolated static func sleeper<C: Clock<Duration>>(
        on clock: C,
        for duration: Duration
    ) -> @Sendable () async throws -> Void {
        let deadline = clock.now.advanced(by: max(duration, .zero))
        return { try await clock.sleep(until: deadline, tolerance: nil) }
    }

    /// Forgets the cached pages of `parent`'s children and cancels their reads in flight.
    func forgetChildren(of parent: String) {
        perform(state.forgetChildren(of: parent))
    }

    /// Reports a failed load: to `errorHandler`, and to the view's error stream
    /// (``HierarchyView/takeErrors()``), where the faces take it for their status line.
    public func reportError(_ error: HierarchySourceError) {
        errorHandler?(error)
        view?.reportError(HierarchyError(.loadFailed, error.description))
    }
}
