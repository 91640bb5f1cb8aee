import Foundation
import HierarchyFileSystem
import HierarchySources
import HierarchyTestSupport
import Testing

/// Type-select in a folder: the names are compared where the listing keeps them, in the order
/// the folder is shown.
@Suite struct FileSystemTypeSelectTests {
    @Test("the position found is the first shown entry from the start whose name has the prefix")
    func findsNamesInShownOrder() async throws {
        let folder = try ScratchDirectory.make("type-select")
        let names = ["alpha.txt", "Beta", "beta-2", "Émile.md", "gamma", "zeta", "pump", "Pumpe.log"]
        for name in names {
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data()))
        }
        let source = FileSystemSource(root: folder.path)
        let count = try await source.childCount(ofID: FileSystemSource.rootID)
        let shown = try await source.children(ofID: FileSystemSource.rootID, in: 0..<count).map(\.title)
        #expect(shown.count == names.count)
        for (prefix, start) in [("be", 0), ("BE", 0), ("emi", 0), ("pu", 0), ("zz", 0), ("a", 3)] {
            let found = try await source.indexOfChild(ofID: FileSystemSource.rootID, titlePrefix: prefix, from: start)
            let order = Array(start..<count) + Array(0..<start)
            let expected = order.first { NameMatcher(prefix).isPrefix(of: shown[$0]) }
            #expect(found == expected, "prefix \(prefix) from \(start)")
        }
        let beta = try await source.indexOfChild(ofID: FileSystemSource.rootID, titlePrefix: "be", from: 0)
        #expect(beta.map { shown[$0].lowercased().hasPrefix("be") } == true)
    }
}
