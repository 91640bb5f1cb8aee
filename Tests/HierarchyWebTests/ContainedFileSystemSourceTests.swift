import Foundation
import HierarchyFileSystem
import HierarchySources
import Testing

@testable import HierarchyWeb

@Suite("A served folder does not follow links out of itself")
struct ContainedFileSystemSourceTests {
    /// `root/inside/a.txt`, `root/in-link -> root/inside`, `root/out-link -> outside`, `outside/secret.txt`.
    final class Fixture: Sendable {
        let base: URL
        var root: URL { base.appendingPathComponent("root") }
        init() throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent(
                "hierarchy-contained-\(UUID().uuidString)")
            let fm = FileManager.default
            try fm.createDirectory(at: base.appendingPathComponent("root/inside"), withIntermediateDirectories: true)
            try fm.createDirectory(at: base.appendingPathComponent("outside"), withIntermediateDirectories: true)
            try Data("a".utf8).write(to: base.appendingPathComponent("root/inside/a.txt"))
            try Data("secret".utf8).write(to: base.appendingPathComponent("outside/secret.txt"))
            try fm.createSymbolicLink(
                atPath: root.appendingPathComponent("in-link").path, withDestinationPath: "inside")
            try fm.createSymbolicLink(
                atPath: root.appendingPathComponent("out-link").path,
                withDestinationPath: base.appendingPathComponent("outside").path)
        }
        deinit { try? FileManager.default.removeItem(at: base) }
    }

    @Test("a link out of the folder is shown but not opened; a link inside works")
    func links() async throws {
        let fixture = try Fixture()
        let plain = FileSystemSource(root: fixture.root.path)
        let contained = ContainedFileSystemSource(plain)
        let count = try await contained.childCount(ofID: FileSystemSource.rootID)
        let children = try await contained.children(ofID: FileSystemSource.rootID, in: 0..<count)
        let out = try #require(children.first { $0.id == "out-link" })
        #expect(!out.isContainer)
        #expect(out.subtitle == ContainedFileSystemSource.outsideKind)
        #expect(children.first { $0.id == "in-link" }?.isContainer == true)
        #expect(try await contained.childCount(ofID: "in-link") == 1)
        await #expect(throws: HierarchySourceError.self) { _ = try await contained.childCount(ofID: "out-link") }
        await #expect(throws: HierarchySourceError.self) {
            _ = try await contained.children(ofID: "out-link", in: 0..<1)
        }
        #expect(try await contained.node(withID: "out-link/secret.txt") == nil)
        // Asked to follow (`--follow-symlinks`), the plain source opens it.
        #expect(try await plain.childCount(ofID: "out-link") == 1)
    }
}
