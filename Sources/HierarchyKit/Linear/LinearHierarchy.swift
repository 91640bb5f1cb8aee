import Foundation

/// A user's path through a hierarchy along one axis (the CBLinearHierarchy model), as a value-type
/// state machine.
///
/// The hierarchy shows `level + 1` sections. Every section below the current level shows only the
/// item chosen there (the *active* ancestor); the current, last section shows all its items.
///
/// - Tapping an inactive item that has children, or a dynamic one, *expands* it: its siblings are
///   removed from its section, it becomes active, and a new section with its children is added.
///   For a dynamic item the new section starts empty and loading, and the step returns
///   ``Action/needsChildren(_:_:)``; the host answers with ``provideChildren(_:for:)-(_,LinearHierarchy.ChildrenRequest)``.
/// - Tapping an active ancestor *collapses* to it: deeper sections are removed and its siblings
///   come back in their original order.
/// - Tapping a leaf (static, no children) *selects* it; the host acts on ``Action/selected(_:)``.
///
/// Items are matched by ``LinearHierarchyItem/id``, so siblings may share a name. Each step
/// returns the change as a ``LinearHierarchyUpdate`` a renderer can animate; the owner performs
/// any side effect (asking the host for children, reacting to a selection).
public struct LinearHierarchy: Hashable, Sendable {
    /// Where the machine is.
    public enum State: Hashable, Sendable {
        /// The current section shows its items; taps are handled at once.
        case browsing
        /// The last expanded item is dynamic: its section is empty and loading until the host
        /// answers the request (a late answer for an older request is ignored).
        case awaitingChildren(ChildrenRequest)
    }

    /// A request to the host for the children of a dynamic item.
    public struct ChildrenRequest: Hashable, Sendable, CustomStringConvertible {
        /// The dynamic item that was expanded.
        public var itemID: LinearHierarchyItem.ID
        /// Tells apart two expansions of the same item; only the newest request is answered.
        public var ticket: Int

        public var description: String { "children of \(itemID) (ticket \(ticket))" }
    }

    /// What a step did; the owner performs the side effects.
    public enum Action: Hashable, Sendable {
        /// Nothing changed (the identifier is unknown or not on screen).
        case none
        /// A static item was expanded; its children are the new last section.
        case expanded(LinearHierarchyItem.ID, LinearHierarchyUpdate)
        /// A dynamic item was expanded; the new last section is loading. Ask the host for the
        /// children and hand them to ``LinearHierarchy/provideChildren(_:for:)-(_,LinearHierarchy.ChildrenRequest)``.
        case needsChildren(ChildrenRequest, LinearHierarchyUpdate)
        /// The hierarchy collapsed to this active ancestor.
        case collapsed(LinearHierarchyItem.ID, LinearHierarchyUpdate)
        /// A leaf was selected.
        case selected(LinearHierarchyItem.ID)
        /// The host's children for a dynamic item were shown.
        case childrenLoaded(LinearHierarchyItem.ID, LinearHierarchyUpdate)
        /// A late answer for an item that is no longer waiting; the state is unchanged.
        case ignored
        /// The host's children were refused (for example an identifier already in use); the
        /// state is unchanged and still waiting.
        case rejected(LinearHierarchyError)

        /// The change to animate, if the step made one.
        public var update: LinearHierarchyUpdate? {
            switch self {
            case .expanded(_, let update), .needsChildren(_, let update), .collapsed(_, let update),
                .childrenLoaded(_, let update):
                update
            case .none, .selected, .ignored, .rejected:
                nil
            }
        }
    }

    /// One section as shown.
    public struct Section: Hashable, Sendable {
        /// The items shown, in order.
        public var items: [LinearHierarchyItem]
        /// The active item of a section below the current one; `nil` for the current section.
        public var activeItemID: LinearHierarchyItem.ID?
        /// Whether the section waits for a dynamic item's children.
        public var isLoading: Bool

        /// Creates a section.
        ///
        /// - Parameters:
        ///   - items: The items shown.
        ///   - activeItemID: The active item, `nil` for the current section.
        ///   - isLoading: Whether the section waits for children.
        public init(items: [LinearHierarchyItem], activeItemID: LinearHierarchyItem.ID? = nil, isLoading: Bool = false)
        {
            self.items = items
            self.activeItemID = activeItemID
            self.isLoading = isLoading
        }

        /// The identifiers of the items, in order.
        public var itemIDs: [LinearHierarchyItem.ID] { items.map(\.id) }
    }

    /// One expanded item on the path.
    struct Step: Hashable, Sendable {
        /// The expanded item.
        var item: LinearHierarchyItem
        /// Its index among its siblings, to restore them in order.
        var indexInParent: Int
        /// The children shown after it: the static children, or the host's answer for a
        /// dynamic item (empty while loading).
        var children: [LinearHierarchyItem]
    }

    /// The root items, in order.
    public private(set) var roots: [LinearHierarchyItem]
    /// The expanded items from the root down.
    private(set) var path: [Step] = []
    /// Where the machine is.
    public private(set) var state: State = .browsing
    /// The leaf selected in the current section, if any.
    public private(set) var selectedItemID: LinearHierarchyItem.ID?
    /// Identifiers of the static tree.
    private var staticIDs: Set<LinearHierarchyItem.ID>
    /// The next ticket for a children request.
    private var nextTicket = 1
    /// One above the largest identifier seen; where identifiers for host entries start.
    public private(set) var nextFreeID: Int

    /// Creates a hierarchy showing the root items.
    ///
    /// - Parameter items: The root items.
    /// - Throws: ``LinearHierarchyError`` when two items share an identifier or a dynamic item
    ///   lists children.
    /// - Complexity: O(n) in the number of items.
    public init(items: [LinearHierarchyItem]) throws(LinearHierarchyError) {
        var ids = Set<LinearHierarchyItem.ID>()
        var maximum = -1
        try Self.validate(items, basePath: [], into: &ids, maximum: &maximum)
        roots = items
        staticIDs = ids
        nextFreeID = maximum == Int.max ? Int.max : maximum + 1
    }

    /// Creates a hierarchy from in-code entries (see ``LinearHierarchyItem/items(from:firstID:)``).
    ///
    /// - Parameter entries: The root entries.
    /// - Throws: ``LinearHierarchyError`` naming the first malformed entry.
    public init(entries: [[String: Any]]) throws(LinearHierarchyError) {
        try self.init(items: LinearHierarchyItem.items(from: entries))
    }

    /// Creates a hierarchy from a decoded property list or JSON value (a root array, or a
    /// dictionary with a `root` array).
    ///
    /// - Parameter propertyList: The decoded document.
    /// - Throws: ``LinearHierarchyError`` naming the first malformed entry.
    public init(propertyList: Any) throws(LinearHierarchyError) {
        try self.init(items: LinearHierarchyItem.items(fromPropertyList: propertyList))
    }

    // MARK: - Reading

    /// The depth of the path: the number of expanded items.
    public var level: Int { path.count }

    /// The expanded items from the root down (the active item of each section but the last).
    public var activeItemIDs: [LinearHierarchyItem.ID] { path.map(\.item.id) }

    /// Whether the last section waits for a dynamic item's children.
    public var isLoading: Bool {
        if case .awaitingChildren = state { return true }
        return false
    }

    /// The items of the current (last) section.
    public var currentItems: [LinearHierarchyItem] { path.last?.children ?? roots }

    /// The sections as shown: `level + 1` of them.
    ///
    /// - Complexity: O(level + m), m the number of items in the current section.
    public var sections: [Section] {
        var result = path.map { Section(items: [$0.item], activeItemID: $0.item.id) }
        result.append(Section(items: currentItems, activeItemID: nil, isLoading: isLoading))
        return result
    }

    /// The number of sections, `level + 1`.
    public var numberOfSections: Int { path.count + 1 }

    /// The number of items shown in a section.
    ///
    /// - Parameter section: A section index.
    /// - Returns: The count, or 0 for a section that does not exist.
    public func numberOfItems(inSection section: Int) -> Int {
        if section >= 0, section < path.count { return 1 }
        if section == path.count { return currentItems.count }
        return 0
    }

    /// The item shown at an index path.
    ///
    /// - Parameter indexPath: The position.
    /// - Returns: The item, or `nil` when nothing is shown there.
    public func item(at indexPath: LinearIndexPath) -> LinearHierarchyItem? {
        if indexPath.section >= 0, indexPath.section < path.count {
            return indexPath.item == 0 ? path[indexPath.section].item : nil
        }
        guard indexPath.section == path.count else { return nil }
        let items = currentItems
        return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }

    /// Where an item is shown.
    ///
    /// - Parameter id: The item's identifier.
    /// - Returns: Its index path, or `nil` when it is not shown.
    /// - Complexity: O(level + m), m the number of items in the current section.
    public func indexPath(of id: LinearHierarchyItem.ID) -> LinearIndexPath? {
        if let section = path.firstIndex(where: { $0.item.id == id }) {
            return LinearIndexPath(section: section, item: 0)
        }
        if let item = currentItems.firstIndex(where: { $0.id == id }) {
            return LinearIndexPath(section: path.count, item: item)
        }
        return nil
    }

    // MARK: - Steps

    /// Handles a tap on an item.
    ///
    /// - Parameter itemID: The tapped item.
    /// - Returns: What happened: expansion (or a request for a dynamic item's children),
    ///   collapse, selection, or `.none` when the item is not shown.
    /// - Complexity: O(level + m), m the number of items in the affected section.
    public mutating func tap(itemID: LinearHierarchyItem.ID) -> Action {
        defer { _checkInvariants() }
        if let section = path.firstIndex(where: { $0.item.id == itemID }) {
            return collapse(toSection: section)
        }
        let current = currentItems
        guard let index = current.firstIndex(where: { $0.id == itemID }) else { return .none }
        let item = current[index]
        if item.isLeaf {
            selectedItemID = item.id
            return .selected(item.id)
        }
        return expand(item, at: index, siblingCount: current.count)
    }

    /// Shows the host's children for a dynamic item.
    ///
    /// - Parameters:
    ///   - children: The children, in order. Their identifiers (and their descendants') must not
    ///     be in use; ``nextFreeID`` is a safe place to start numbering.
    ///   - request: The request from ``Action/needsChildren(_:_:)``.
    /// - Returns: `.childrenLoaded` with the inserted items; `.ignored` when the request is no
    ///   longer the one waiting (the item was collapsed or expanded again since); `.rejected`
    ///   when the children are malformed (the state stays unchanged and waiting).
    /// - Complexity: O(n) in the number of items in the new children's subtrees plus the items
    ///   already loaded from the host.
    public mutating func provideChildren(_ children: [LinearHierarchyItem], for request: ChildrenRequest) -> Action {
        defer { _checkInvariants() }
        guard case .awaitingChildren(let waiting) = state, waiting == request, !path.isEmpty else {
            return .ignored
        }
        var used = staticIDs
        for step in path where step.item.kind == .dynamic {
            for child in step.children { child.forEachInSubtree { used.insert($0.id) } }
        }
        var maximum = nextFreeID - 1
        do {
            try Self.validate(children, basePath: [], into: &used, maximum: &maximum)
        } catch {
            return .rejected(error)
        }
        nextFreeID = max(nextFreeID, maximum == Int.max ? Int.max : maximum + 1)
        let section = path.count
        path[section - 1].children = children
        state = .browsing
        let inserted = children.indices.map { LinearIndexPath(section: section, item: $0) }
        return .childrenLoaded(request.itemID, LinearHierarchyUpdate(insertedItems: inserted))
    }

    /// Shows the host's children for a dynamic item, matching the waiting request by item.
    ///
    /// - Parameters:
    ///   - children: The children, in order (see ``provideChildren(_:for:)``).
    ///   - itemID: The dynamic item the children belong to.
    /// - Returns: As ``provideChildren(_:for:)``; `.ignored` unless that item
    ///   is the one waiting.
    public mutating func provideChildren(_ children: [LinearHierarchyItem], for itemID: LinearHierarchyItem.ID)
        -> Action
    {
        guard case .awaitingChildren(let waiting) = state, waiting.itemID == itemID else { return .ignored }
        return provideChildren(children, for: waiting)
    }

    /// Shows the host's children given as entries (the plist/JSON shape), numbering them from
    /// ``nextFreeID``.
    ///
    /// - Parameters:
    ///   - entries: The children as dictionaries with `name`, `type`, `children`.
    ///   - request: The request from ``Action/needsChildren(_:_:)``.
    /// - Returns: As ``provideChildren(_:for:)-(_,LinearHierarchy.ChildrenRequest)``.
    /// - Throws: ``LinearHierarchyError`` naming the first malformed entry (nothing changes).
    public mutating func provideChildren(
        entries: [[String: Any]],
        for request: ChildrenRequest
    ) throws(LinearHierarchyError) -> Action {
        let children = try LinearHierarchyItem.items(from: entries, firstID: nextFreeID)
        return provideChildren(children, for: request)
    }

    // MARK: - Private

    private mutating func expand(_ item: LinearHierarchyItem, at index: Int, siblingCount: Int) -> Action {
        let section = path.count
        let removed = (0..<siblingCount).filter { $0 != index }.map { LinearIndexPath(section: section, item: $0) }
        let update = LinearHierarchyUpdate(
            insertedSections: IndexSet(integer: section + 1),
            removedItems: removed,
            reloadedItems: [LinearIndexPath(section: section, item: 0)])
        selectedItemID = nil
        switch item.kind {
        case .static:
            path.append(Step(item: item, indexInParent: index, children: item.children))
            state = .browsing
            return .expanded(item.id, update)
        case .dynamic:
            path.append(Step(item: item, indexInParent: index, children: []))
            let request = ChildrenRequest(itemID: item.id, ticket: nextTicket)
            nextTicket &+= 1
            state = .awaitingChildren(request)
            return .needsChildren(request, update)
        }
    }

    private mutating func collapse(toSection section: Int) -> Action {
        let step = path[section]
        let siblings = section == 0 ? roots : path[section - 1].children
        let removedSections = IndexSet(integersIn: (section + 1)...path.count)
        let inserted = siblings.indices.filter { $0 != step.indexInParent }.map {
            LinearIndexPath(section: section, item: $0)
        }
        path.removeSubrange(section...)
        state = .browsing
        selectedItemID = nil
        return .collapsed(
            step.item.id,
            LinearHierarchyUpdate(
                removedSections: removedSections,
                insertedItems: inserted,
                reloadedItems: [LinearIndexPath(section: section, item: step.indexInParent)]))
    }

    /// Checks identifiers are unique and dynamic items carry no children.
    private static func validate(
        _ items: [LinearHierarchyItem],
        basePath: [Int],
        into ids: inout Set<LinearHierarchyItem.ID>,
        maximum: inout Int
    ) throws(LinearHierarchyError) {
        var stack: [(LinearHierarchyItem, [Int])] = items.enumerated().reversed().map { ($1, basePath + [$0]) }
        while let (item, indexPath) = stack.popLast() {
            guard ids.insert(item.id).inserted else {
                throw LinearHierarchyError(
                    code: .duplicateID, indexPath: indexPath,
                    message: "identifier \(item.id) of \"\(item.name)\" is already in use")
            }
            if item.kind == .dynamic, !item.children.isEmpty {
                throw LinearHierarchyError(
                    code: .dynamicWithChildren, indexPath: indexPath,
                    message: "dynamic item \"\(item.name)\" lists children; the host provides them at run time")
            }
            maximum = max(maximum, item.id.rawValue)
            stack.append(contentsOf: item.children.enumerated().reversed().map { ($1, indexPath + [$0]) })
        }
    }
}
