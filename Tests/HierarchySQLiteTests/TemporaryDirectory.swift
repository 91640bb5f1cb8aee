import Foundation
import HierarchySources
import HierarchyTestSupport

@testable import HierarchySQLite

/// A fresh directory per test, removed when the value goes away (or, when a store in it is still
/// open then, with the test process's scratch directory at exit).
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = try ScratchDirectory.make("HierarchySQLiteTests")
    }

    deinit {
        _ = chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the directory.
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes `text` to a file and returns its URL.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let file = file(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// The names of the files in the directory (including hidden ones).
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}

/// Imports `text` as a file named `name` into `db`.
@discardableResult
func importText(
    _ text: String, named name: String, into db: URL, in directory: TemporaryDirectory, replace: Bool = false
) async throws -> SQLiteImporter.Summary {
    let file = try directory.write(name, text)
    return try await SQLiteImporter(destination: db, replace: replace).importFile(at: file)
}

/// A small in-memory hierarchy for tests: `parent id -> children`.
struct TreeSource: HierarchySource {
    var displayName = "tree"
    var nodes: [String: HierarchyNode]
    var childIDs: [String: [String]]
    var parents: [String: String]
    var rootID: String?

    /// Builds from `(id, parentID)` pairs in order; titles are `Title <id>`.
    init(_ pairs: [(String, String?)]) {
        nodes = [:]
        childIDs = [:]
        parents = [:]
        for (id, parent) in pairs {
            nodes[id] = HierarchyNode(id: id, title: "Title \(id)", childCount: 0, attributes: ["k": id])
            if let parent {
                childIDs[parent, default: []].append(id)
                parents[id] = parent
            } else if rootID == nil {
                rootID = id
            }
        }
        for (id, children) in childIDs { nodes[id]?.childCount = children.count }
    }

    func root() async throws -> HierarchyNode? { rootID.flatMap { nodes[$0] } }
    func node(withID id: String) async throws -> HierarchyNode? { nodes[id] }
    func parent(ofID id: String) async throws -> HierarchyNode? { parents[id].flatMap { nodes[$0] } }
    func childCount(ofID id: String) async throws -> Int { childIDs[id]?.count ?? 0 }
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        let all = childIDs[id] ?? []
        let clamped = range.clamped(to: 0..<all.count)
        return all[clamped].compactMap { nodes[$0] }
    }
}
