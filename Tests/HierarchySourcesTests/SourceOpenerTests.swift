import Foundation
import HierarchyDocuments
import HierarchyFileSystem
import HierarchySources
import Testing

@testable import HierarchyCLI

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct SourceOpenerTests {
    static func code(_ body: () async throws -> Void) async -> HierarchySourceError.Code? {
        do {
            try await body()
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
        let folder = try await SourceOpener.open(path: dir.path)
        #expect(folder is FileSystemSource)
        let opened = try await SourceOpener.openWithStart(path: dir.path, start: "deep/er")
        #expect(opened.startID == "deep/er")
        let document = try await SourceOpener.openWithStart(path: dir.path + "/tree.json", start: "c")
        #expect(document.source is InMemorySource)
        #expect(try await document.source.node(withID: "c")?.title == "Child")
        #expect(try await SourceOpener.open(path: dir.path + "/tree.txt").root()?.title == "Yaml root")
    }

    /// The faces (browse, list, serve) open a JSON file where it lies; YAML, and the other
    /// commands, read the document whole. A start is checked either way.
    @Test func theFacesOpenAJSONFileWhereItLies() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.file(
            "tree.json",
            text: #"{"id": "r", "title": "Root", "children": [{"title": "A"}, {"id": "c", "title": "Child"}]}"#)
        try dir.file("tree.yaml", text: "title: Yaml root\n")
        try dir.file("log.jsonl", text: "{\"n\": 1}\n{\"n\": 2}\n{\"n\": 3}\n")
        let document = try await SourceOpener.openWithStart(
            path: dir.path + "/tree.json", start: "c", whileReading: true)
        #expect(document.source is IndexedJSONSource && document.startID == "c")
        #expect(try await document.source.node(withID: "c")?.title == "Child")
        let numbered = try await SourceOpener.openWithStart(
            path: dir.path + "/tree.json", start: "#1", whileReading: true)
        #expect(try await numbered.source.node(withID: "#1")?.title == "A")
        #expect(
            await Self.code {
                _ = try await SourceOpener.openWithStart(path: dir.path + "/tree.json", start: "x", whileReading: true)
            }
                == .notFound)
        #expect(try await SourceOpener.openWithStart(path: dir.path + "/tree.json").source is InMemorySource)
        let yaml = try await SourceOpener.openWithStart(path: dir.path + "/tree.yaml", whileReading: true)
        #expect(!(yaml.source is IndexedJSONSource))
        #expect(try await yaml.source.root()?.title == "Yaml root")
        let lines = try await SourceOpener.openWithStart(path: dir.path + "/log.jsonl", whileReading: true).source
        #expect(lines is IndexedJSONSource)
        #expect(try await lines.root()?.childCount == 3)
    }

    /// Every JSONTestSuite file refused when read whole is refused by the faces too, before
    /// they open, with the same message and place (`path:line:column: message`).
    @Test func theFacesRefuseWhatTheReadRefuses() async throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/testdata/JSONTestSuite/test_parsing").standardizedFileURL
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasPrefix("n_") }
        #expect(names.count > 180)
        for name in names.sorted() {
            let path = corpus.appendingPathComponent(name).path
            var whole: HierarchySourceError?
            do { _ = try await SourceOpener.openWithStart(path: path) } catch { whole = error as? HierarchySourceError }
            do {
                _ = try await SourceOpener.openWithStart(path: path, whileReading: true)
                Issue.record("\(name) was opened")
            } catch let error as HierarchySourceError {
                #expect(error.code == whole?.code && error.line != nil, "\(name): \(error)")
                #expect(error.description == whole?.description, "\(name)")
            }
        }
    }

    @Test func errorsHaveDistinctCodes() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.file("db.sqlite", text: "SQLite format 3\0rest of the header")
        try dir.file("blob.bin")
        try Data([0x00, 0xFF, 0x10]).write(to: dir.url("blob.bin"))
        try dir.file("tree.json", text: #"{"title": "R"}"#)
        #expect(await Self.code { _ = try await SourceOpener.open(path: dir.path + "/missing") } == .notFound)
        #expect(await Self.code { _ = try await SourceOpener.open(path: dir.path + "/db.sqlite") } == .unsupported)
        #expect(await Self.code { _ = try await SourceOpener.open(path: dir.path + "/blob.bin") } == .unsupported)
        #expect(await Self.code { _ = try await SourceOpener.open(path: dir.path, start: "../outside") } == .notFound)
        #expect(await Self.code { _ = try await SourceOpener.open(path: dir.path, start: "absent") } == .notFound)
        #expect(
            await Self.code { _ = try await SourceOpener.open(path: dir.path + "/tree.json", start: "absent") }
                == .notFound)
    }

    @Test(.enabled(if: FileSystemSourceTests.permissionsCanBeDenied()))
    func unreadableFilesAreDenied() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.file("secret.json", text: "{}")
        chmod(dir.path + "/secret.json", 0)
        #expect(
            await Self.code { _ = try await SourceOpener.open(path: dir.path + "/secret.json") } == .permissionDenied)
    }
}
