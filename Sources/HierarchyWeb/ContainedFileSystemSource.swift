import Foundation
import HierarchyFileSystem
import HierarchySources

/// A served folder that stays inside itself: a symbolic link that leads out of the folder is
/// shown (name, "Symbolic link out of the served folder", its destination) but not opened, and an
/// identifier whose real path is outside the folder is unknown. Links inside the folder work
/// as in `FileSystemSource`. `hierarchy serve DIR` wraps its folder in this unless
/// `--follow-symlinks` is given, so a page cannot list what the folder only links to.
public struct ContainedFileSystemSource: HierarchySource {
    /// The subtitle of a link that leads out of the served folder.
    public static let outsideKind = "Symbolic link out of the served folder"

    /// The folder source this one keeps inside its root.
    public let base: FileSystemSource
    /// The real path of the root (links resolved), ending in "/".
    private let realRoot: String

    /// Wraps `base`, resolving the real path of its root once.
    public init(_ base: FileSystemSource) {
        self.base = base
        let real = Self.realPath(FileSystemSource.systemPath(base.rootPath)) ?? base.rootPath
        realRoot = real.hasSuffix("/") ? real : real + "/"
    }

    public var displayName: String { base.displayName }

    public func root() async throws -> HierarchyNode? { try await base.root().map(contained) }

    public func node(withID id: String) async throws -> HierarchyNode? {
        guard isInside(id) else { return nil }
        return try await base.node(withID: id).map(contained)
    }

    public func parent(ofID id: String) async throws -> HierarchyNode? {
        try await base.parent(ofID: id).map(contained)
    }

    public func childCount(ofID id: String) async throws -> Int {
        try requireInside(id)
        return try await base.childCount(ofID: id)
    }

    public func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        try requireInside(id)
        return try await base.children(ofID: id, in: range).map(contained)
    }

    public func path(toID id: String) async throws -> [HierarchyNode] {
        try requireInside(id)
        return try await base.path(toID: id).map(contained)
    }

    public func index(ofChildID childID: String, inParentID parentID: String) async throws -> Int? {
        try requireInside(parentID)
        return try await base.index(ofChildID: childID, inParentID: parentID)
    }

    /// The folder's own type-select over the names it listed.
    public func indexOfChild(ofID parentID: String, titlePrefix prefix: String, from start: Int) async throws -> Int? {
        try requireInside(parentID)
        return try await base.indexOfChild(ofID: parentID, titlePrefix: prefix, from: start)
    }

    /// The folder's own search: it walks entries without following links, so every match is inside.
    public func search(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        try await base.search(query, in: range).map(contained)
    }

    public func changes() -> AsyncStream<HierarchySourceChange> { base.changes() }

    /// A node as served: a link to a folder outside is not a container.
    private func contained(_ node: HierarchyNode) -> HierarchyNode {
        guard node.isContainer, node.attributes["destination"] != nil, !isInside(node.id) else { return node }
        var shown = node
        shown.isContainer = false
        shown.childCount = 0
        shown.subtitle = Self.outsideKind
        return shown
    }

    private func requireInside(_ id: String) throws {
        guard isInside(id) else {
            throw HierarchySourceError(.notFound, "\(id) leads out of the served folder", path: id)
        }
    }

    /// Whether the real path of an identifier is the root or inside it (a path that does not
    /// resolve counts as inside: the source reports it missing itself).
    private func isInside(_ id: String) -> Bool {
        guard id != FileSystemSource.rootID else { return true }
        guard let real = Self.realPath(base.systemPath(ofID: id)) else { return true }
        return real + "/" == realRoot || real.hasPrefix(realRoot)
    }

    private static func realPath(_ path: [CChar]) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
