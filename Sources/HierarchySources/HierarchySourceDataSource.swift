import Foundation
import HierarchyKit

/// Turns any `HierarchySource` into a `HierarchyViewDataSource`: the pattern of the seed
/// sample as a reusable type.
///
/// The view asks synchronously; the source answers asynchronously. So the data source
/// answers from its cache and, for anything it does not know yet, answers "0 children" or
/// "no parent" or a placeholder row, starts a load, and tells the view when it arrives:
/// `insertChildren(of:at:)` for children, `invalidateParent(of:)` for a parent,
/// `invalidateChildren(of:at:)` for a page of placeholder rows that became real items. The
/// view ignores answers that arrive after the user moved on.
///
/// Children are read in pages of `pageSize`, only for rows the view asks for (visible rows
/// and the prefetch window), so a parent with ten million children costs a few pages.
@MainActor
public final class HierarchySourceDataSource: HierarchyViewDataSource {
    /// The source being shown.
    public let source: any HierarchySource
    /// The view this data source feeds (weak: the view owns nothing of it).
    public weak var view: HierarchyView?
    /// Children are loaded in pages of this many items.
    public let pageSize: Int
    /// Told about every failed load (one line each); the view goes on.
    public var errorHandler: ((HierarchySourceError) -> Void)?
    /// Told when loads start or finish, for a loading indicator.
    public var activityHandler: ((Int) -> Void)?

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
    public func waitUntilIdle() async {
        guard activeLoads > 0 else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Lays the view out and waits for the loads that starts, until nothing more is loading
    /// (at most `rounds` times): for printing, tests and scripted use.
    public func settle(rounds: Int = 100) async {
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

    /// The prefix of placeholder uuids for rows whose page is still loading.
    public static let placeholderPrefix = "\u{1}loading:"

    public init(source: any HierarchySource, pageSize: Int = 200) {
        self.source = source
        self.pageSize = max(1, pageSize)
    }

    /// Reads the root (and, with `start`, makes that item the first one shown), then reloads
    /// the view.
    ///
    /// - Parameter start: the id of an item to start at instead of the root; its parents are
    ///   loaded as the user goes back.
    /// - Throws: the source's error when the root or the start item cannot be read.
    public func load(startingAt start: String? = nil) async throws {
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

    /// Whether a uuid is a placeholder for a row still loading.
    public static func isPlaceholder(_ uuid: String) -> Bool { uuid.hasPrefix(placeholderPrefix) }

    // MARK: HierarchyViewDataSource

    public func rootUUID(in hierarchyView: HierarchyView) -> String? {
        rootNode?.id
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, numberOfChildrenForItemWith uuid: String) -> Int {
        if let count = childCounts[uuid] { return count }
        guard !Self.isPlaceholder(uuid) else { return 0 }
        if let node = nodes[uuid], !node.isContainer, (node.childCount ?? 0) == 0 { return 0 }
        loadCount(of: uuid)
        return 0
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, uuidForChildItemAt index: Int, with parentUUID: String) -> String {
        let page = index / pageSize
        if let ids = pages[parentUUID]?[page], index - page * pageSize < ids.count {
            return ids[index - page * pageSize]
        }
        loadPage(page, of: parentUUID)
        return "\(Self.placeholderPrefix)\(parentUUID)#\(index)"
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, parentForItemWith uuid: String) -> String? {
        if let known = parents[uuid] { return known }
        if let position = positions[uuid] { return position.parent }
        guard !Self.isPlaceholder(uuid) else { return nil }
        loadParent(of: uuid)
        return nil
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, prefetchDataForItemsWith uuids: [String]) {
        // Rows are read a page at a time when their uuids are asked for; nothing more to do.
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, cellForItemWith uuid: String) -> HierarchyCollectionItem {
        let cell = hierarchyView.dequeueReusableCell(withReuseIdentifier: "HierarchyCollectionItem", with: uuid)
        guard let node = nodes[uuid] else {
            cell.title.text = "Loading…"
            cell.isHierarchyButtonHidden = true
            return cell
        }
        Self.configure(cell, with: node, childCount: childCounts[uuid])
        return cell
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, titleForItemWith uuid: String) -> String? {
        nodes[uuid]?.title
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, indexOfChildItemWith uuid: String, inParentWith parentUUID: String) -> Int? {
        guard let position = positions[uuid], position.parent == parentUUID else { return nil }
        return position.index
    }

    /// Fills a cell from an item: title, subtitle, footnote, status, and the indicator with
    /// the child count ("…" while unknown for a container).
    public static func configure(_ cell: HierarchyCollectionItem, with node: HierarchyNode, childCount: Int?) {
        cell.title.text = node.title
        cell.subtitle.text = node.subtitle
        cell.footnote.text = node.footnote
        cell.status.text = node.status
        let count = childCount ?? node.childCount
        if let count, count > 0 {
            cell.isHierarchyButtonHidden = false
            cell.hierarchyAttributeText = count.formatted(.number)
            cell.accessoryType = .disclosureIndicator
        } else if node.isContainer && count == nil {
            cell.isHierarchyButtonHidden = false
            cell.hierarchyAttributeText = "…"
            cell.accessoryType = .disclosureIndicator
        } else {
            cell.isHierarchyButtonHidden = true
            cell.hierarchyAttributeText = nil
            cell.accessoryType = .none
        }
    }

    // MARK: Loading

    private func loadCount(of parent: String) {
        guard loadingCounts.insert(parent).inserted else { return }
        let source = self.source
        let pageSize = self.pageSize
        activeLoads += 1
        Task { [weak self] in
            let result: Result<(Int, [HierarchyNode]), Error>
            do {
                let count = try await source.childCount(ofID: parent)
                let first = count > 0 ? try await source.children(ofID: parent, in: 0..<min(count, pageSize)) : []
                result = .success((count, first))
            } catch {
                result = .failure(error)
            }
            self?.countLoaded(parent, result)
        }
    }

    private func countLoaded(_ parent: String, _ result: Result<(Int, [HierarchyNode]), Error>) {
        activeLoads -= 1
        loadingCounts.remove(parent)
        switch result {
        case .success(let (count, first)):
            // A reveal may have told the view the count meanwhile; the rows are there already.
            let known = childCounts[parent] != nil
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
            report(error, "cannot list the children of \(nodes[parent]?.title ?? parent)")
            view?.invalidateItems(with: [parent])
        }
    }

    private func loadPage(_ page: Int, of parent: String) {
        let key = PageKey(parent: parent, page: page)
        guard !loadingPages.contains(key), !failedPages.contains(key) else { return }
        loadingPages.insert(key)
        let source = self.source
        let range = (page * pageSize)..<((page + 1) * pageSize)
        activeLoads += 1
        Task { [weak self] in
            let result: Result<[HierarchyNode], Error>
            do { result = .success(try await source.children(ofID: parent, in: range)) } catch { result = .failure(error) }
            self?.pageLoaded(key, range: range, result)
        }
    }

    private func pageLoaded(_ key: PageKey, range: Range<Int>, _ result: Result<[HierarchyNode], Error>) {
        activeLoads -= 1
        loadingPages.remove(key)
        switch result {
        case .success(let nodes):
            store(nodes, page: key.page, of: key.parent)
            view?.invalidateChildren(of: key.parent, at: IndexSet(integersIn: range))
        case .failure(let error):
            failedPages.insert(key)
            report(error, "cannot read the children of \(nodes[key.parent]?.title ?? key.parent)")
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
    }

    private func loadParent(of child: String) {
        guard loadingParents.insert(child).inserted else { return }
        let source = self.source
        let pageSize = self.pageSize
        activeLoads += 1
        Task { [weak self] in
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
                        around = try await source.children(ofID: parent.id, in: (pageIndex * pageSize)..<min(count, (pageIndex + 1) * pageSize))
                    }
                    result = .success(ParentAnswer(parent: parent, count: count, page: pageIndex, children: around))
                } else {
                    result = .success(nil)
                }
            } catch {
                result = .failure(error)
            }
            self?.parentLoaded(child, result)
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

    /// Forgets the cached pages and positions of `parent`'s children (see `+Changes`).
    func forgetChildren(of parent: String) {
        pages[parent] = nil
        failedPages = failedPages.filter { $0.parent != parent }
        positions = positions.filter { $0.value.parent != parent }
    }

    private func report(_ error: Error, _ context: String) {
        let sourceError = error as? HierarchySourceError ?? HierarchySourceError(.io, "\(context): \(error)")
        errorHandler?(sourceError)
    }
}
