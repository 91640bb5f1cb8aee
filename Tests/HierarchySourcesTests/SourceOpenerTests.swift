import Foundation
import HierarchyFileSystem
import HierarchySources
import Testing

@testable import HierarchyCLI

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct SourceOpenerTests {
    static func code(_ body: () throws -> Void) -> HierarchySourceError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? HierarchySourceError)?.code
        }
    }

    @Test func opensDirectoriesAndDocuments() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.folder("deep/er")
        try dir.file("tree.json", text: #"{"id": "r", "title": "Root", "children": [{"id": "c", "title": "Child"}]}"#)
        try dir.file("tree.txt", text: "title: Yaml root\n")
        let folder = try SourceOpener.open(path: dir.path)
        #expect(folder is FileSystemSource)
        let opened = try SourceOpener.openWithStart(path: dir.path, start: "deep/er")
        #expect(opened.startID == "deep/er")
        let document = try SourceOpener.openWithStart(path: dir.path + "/tree.json", start: "c")
        #expect(document.source is InMemorySource)
        #expect(try await document.source.node(withID: "c")?.title == "Child")
        #expect(try await SourceOpener.open(path: dir.path + "/tree.txt").root()?.title == "Yaml root")
    }

    @Test func errorsHaveDistinctCodes() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.file("db.sqlite", text: "SQLite format 3\0rest of the header")
        try dir.file("blob.bin")
        try Data([0x00, 0xFF, 0x10]).write(to: dir.url("blob.bin"))
        try dir.file("tree.json", text: #"{"title": "R"}"#)
        #expect(Self.code { _ = try SourceOpener.open(path: dir.path + "/missing") } == .notFound)
        #expect(Self.code { _ = try SourceOpener.open(path: dir.path + "/db.sqlite") } == .unsupported)
        #expect(Self.code { _ = try SourceOpener.open(path: dir.path + "/blob.bin") } == .unsupported)
        #expect(Self.code { _ = try SourceOpener.open(path: dir.path, start: "../outside") } == .notFound)
        #expect(Self.code { _ = try SourceOpener.open(path: dir.path, start: "absent") } == .notFound)
        #expect(Self.code { _ = try SourceOpener.open(path: dir.path + "/tree.json", start: "absent") } == .notFound)
    }

    @Test(.enabled(if: FileSystemSourceTests.permissionsCanBeDenied()))
    func unreadableFilesAreDenied() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.file("secret.json", text: "{}")
        chmod(dir.path + "/secret.json", 0)
        #expect(Self.code { _ = try SourceOpener.open(path: dir.path + "/secret.json") } == .permissionDenied)
    }
}
