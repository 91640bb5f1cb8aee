import Foundation
import HierarchySources
import Testing

@testable import HierarchySQLite

/// A NUL inside a title or an id is kept through the store: read, searched and exported whole.
@Suite("StoredText")
struct StoredTextTests {
    static let json = #"""
        {"title": "root", "children": [
          {"id": "x\u0000y", "title": "alpha\u0000beta", "subtitle": "s\u0000t", "children": [{"title": "leaf"}]}]}
        """#

    func store(_ directory: TemporaryDirectory) async throws -> URL {
        let db = directory.file("nul.db")
        let input = try directory.write("nul.json", Self.json)
        try await SQLiteImporter(destination: db).importFile(at: input)
        return db
    }

    @Test func titlesSubtitlesAndIdsKeepEveryByte() async throws {
        let directory = try TemporaryDirectory()
        let source = try SQLiteSource(path: try await store(directory).path)
        let root = try #require(try await source.root())
        let children = try await source.children(ofID: root.id, in: 0..<10)
        #expect(children.map(\.title) == ["alpha\u{0}beta"])
        #expect(children.first?.subtitle == "s\u{0}t")
        #expect(children.first?.id == "x\u{0}y")
        // The id with a NUL is found again, and only it (not "x").
        #expect(try await source.node(withID: "x\u{0}y")?.title == "alpha\u{0}beta")
        #expect(try await source.node(withID: "x") == nil)
        #expect(try await source.childCount(ofID: "x\u{0}y") == 1)
        #expect(try await source.children(ofID: "x\u{0}y", in: 0..<5).map(\.title) == ["leaf"])
        let leaf = try #require(try await source.children(ofID: "x\u{0}y", in: 0..<5).first)
        #expect(try await source.path(toID: leaf.id).map(\.title) == ["root", "alpha\u{0}beta", "leaf"])
        #expect(try await source.index(ofChildID: leaf.id, inParentID: "x\u{0}y") == 0)
    }

    @Test func searchFindsTheWholeTitle() async throws {
        let directory = try TemporaryDirectory()
        let source = try SQLiteSource(path: try await store(directory).path)
        let found = try await source.search("alpha", in: 0..<10)
        #expect(found.map(\.title) == ["alpha\u{0}beta"])
    }

    @Test func printShowsTheNULEscaped() async throws {
        let directory = try TemporaryDirectory()
        let source = try SQLiteSource(path: try await store(directory).path)
        let text = try await TreePrinter(ascii: true, escape: { $0.replacingOccurrences(of: "\u{0}", with: "^@") })
            .string(source)
        #expect(text == "root\n`-- alpha^@beta\n    `-- leaf\n")
    }

    @Test func jsonExportEscapesTheNUL() async throws {
        let directory = try TemporaryDirectory()
        let db = try await store(directory)
        let file = directory.file("out.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try await SQLiteExporter(source: SQLiteSource(path: db.path)).export(.json, to: handle)
        try handle.close()
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#""title":"alpha\u0000beta""#))
        #expect(text.contains(#""id":"x\u0000y""#))
    }
}
