import HierarchyKit
import HierarchySources

/// Turns the items of any `HierarchySource` into `LinearHierarchyItem`s, lazily.
///
/// Every source item that is a container (or knows it has children) becomes a *dynamic*
/// linear item: its children are asked from the source each time it is expanded, so the
/// model's "Spacecraft" rule (children provided by the host at run time) is what every source
/// goes through. Leaves become static items without children.
///
/// Identity is the source's: each source id gets one linear identifier for the adapter's
/// life, and the item's `payload` is the source id, so siblings may share titles.
///
/// Like ``HierarchySourceDataSource``, the adapter has no actor of its own: it is used from
/// one actor at a time (its owner's), which the compiler checks, since it is not `Sendable`;
/// ``children(ofSourceID:)`` runs on the caller's actor and reads the source from there.
public final class LinearSourceAdapter: LinearHierarchyChildrenProvider {
    /// The source read.
    public let source: any HierarchySource
    /// At most this many children are read for one item; the rest are left out (and counted).
    public let childLimit: Int
    private var identifiers: [String: LinearHierarchyItem.ID] = [:]
    private var nodes: [LinearHierarchyItem.ID: HierarchyNode] = [:]
    private var nextID = 0

    /// The children of one item as read from the source: the linear items in the source's
    /// order, and the number of children the source reported (more past the limit).
    public typealias Children = LinearHierarchyChildren

    /// An adapter over a source.
    ///
    /// - Parameters:
    ///   - source: The hierarchy.
    ///   - childLimit: The most children read for one item (at least 1).
    public init(source: any HierarchySource, childLimit: Int = 10_000) {
        self.source = source
        self.childLimit = max(1, childLimit)
    }

    /// The linear item for a source item (the same identifier every time for the same id).
    ///
    /// - Parameter node: The source item.
    /// - Returns: A dynamic item for a container, a static leaf otherwise; `payload` is the id.
    public func item(for node: HierarchyNode) -> LinearHierarchyItem {
        let id: LinearHierarchyItem.ID
        if let known = identifiers[node.id] {
            id = known
        } else {
            id = LinearHierarchyItem.ID(nextID)
            nextID += 1
            identifiers[node.id] = id
        }
        nodes[id] = node
        let isContainer = node.isContainer || (node.childCount ?? 0) > 0
        return LinearHierarchyItem(id: id, name: node.title, kind: isContainer ? .dynamic : .static, payload: node.id)
    }

    /// The source item behind a linear identifier.
    public func node(for id: LinearHierarchyItem.ID) -> HierarchyNode? { nodes[id] }

    /// The linear identifier of a source id, if the adapter has made an item for it.
    public func identifier(forSourceID id: String) -> LinearHierarchyItem.ID? { identifiers[id] }

    /// Reads the children of a source item, up to ``childLimit``.
    ///
    /// - Parameter sourceID: The source id of the expanded item.
    /// - Returns: The children as linear items and the source's count.
    /// - Throws: The source's error.
    nonisolated(nonsending) public func children(ofSourceID sourceID: String) async throws -> Children {
        let source = self.source
        let limit = childLimit
        let (count, nodes) = try await Self.read(source, sourceID, limit)
        var node = self.nodes[identifiers[sourceID] ?? LinearHierarchyItem.ID(-1)]
        node?.childCount = count
        if let node, let id = identifiers[sourceID] { self.nodes[id] = node }
        return Children(items: nodes.map(item(for:)), totalCount: count)
    }

    /// Reads the children of a linear item made by this adapter (its `payload` is the source id).
    ///
    /// - Parameter item: The expanded item.
    /// - Returns: The children as linear items and the source's count.
    /// - Throws: The source's error.
    nonisolated(nonsending) public func children(of item: LinearHierarchyItem) async throws -> Children {
        guard let sourceID = item.payload ?? nodes[item.id]?.id else { return Children(items: [], totalCount: 0) }
        return try await children(ofSourceID: sourceID)
    }

    private static func read(
        _ source: any HierarchySource, _ id: String, _ limit: Int
    ) async throws -> (Int, [HierarchyNode]) {
        let count = try await source.childCount(ofID: id)
        guard count > 0 else { return (0, []) }
        var result: [HierarchyNode] = []
        let wanted = min(count, limit)
        while result.count < wanted {
            let page = try await source.children(ofID: id, in: result.count..<min(wanted, result.count + 1000))
            if page.isEmpty { break }
            result += page
        }
        return (count, Array(result.prefix(wanted)))
    }
}
