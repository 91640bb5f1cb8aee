/// A source seen from one of its items: that item is the root, and it has no parent.
public struct SubtreeSource: HierarchySource {
    public let base: any HierarchySource
    public let rootID: String

    public init(base: any HierarchySource, rootID: String) {
        self.base = base
        self.rootID = rootID
    }

    public var displayName: String { base.displayName }

    public func root() async throws -> HierarchyNode? { try await base.node(withID: rootID) }
    public func node(withID id: String) async throws -> HierarchyNode? { try await base.node(withID: id) }

    public func parent(ofID id: String) async throws -> HierarchyNode? {
        id == rootID ? nil : try await base.parent(ofID: id)
    }

    public func childCount(ofID id: String) async throws -> Int { try await base.childCount(ofID: id) }

    public func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        try await base.children(ofID: id, in: range)
    }

    public func index(ofChildID childID: String, inParentID parentID: String) async throws -> Int? {
        try await base.index(ofChildID: childID, inParentID: parentID)
    }
}
