import HierarchySources

/// A source for tests of large columns: the root `root` has `count` children `c0`, `c1`, …
/// whose titles `title(index)` gives, computed on demand (no memory per child).
public struct TitledChildrenSource: HierarchySource {
    public let count: Int
    public let title: @Sendable (Int) -> String

    public init(count: Int, title: @escaping @Sendable (Int) -> String) {
        self.count = count
        self.title = title
    }

    public var displayName: String { "titled children" }

    func child(_ index: Int) -> HierarchyNode {
        HierarchyNode(id: "c\(index)", title: title(index), childCount: 0, isContainer: false)
    }

    func index(of id: String) -> Int? {
        guard id.first == "c", let index = Int(id.dropFirst()), index >= 0, index < count else { return nil }
        return index
    }

    public func root() async throws -> HierarchyNode? {
        HierarchyNode(id: "root", title: "Root", childCount: count, isContainer: true)
    }

    public func node(withID id: String) async throws -> HierarchyNode? {
        if id == "root" { return try await root() }
        return index(of: id).map(child)
    }

    public func parent(ofID id: String) async throws -> HierarchyNode? {
        index(of: id) == nil ? nil : try await root()
    }

    public func childCount(ofID id: String) async throws -> Int { id == "root" ? count : 0 }

    public func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        guard id == "root" else { return [] }
        return range.clamped(to: 0..<count).map(child)
    }

    public func index(ofChildID childID: String, inParentID parentID: String) async throws -> Int? {
        parentID == "root" ? index(of: childID) : nil
    }

    public func changes() -> AsyncStream<HierarchySourceChange> { AsyncStream { $0.finish() } }
}
