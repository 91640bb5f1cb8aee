import Foundation
import HierarchyDocuments
import HierarchyFileSystem
import HierarchySources
import HierarchyTestSupport
import Testing

/// Type-select over the titles an in-memory tree keeps: the same answers as the page-by-page
/// search of every source, for titles stored as text, as array indexes and as shared names.
@Suite struct InMemoryChildTitlePrefixTests {
    static func title(_ index: Int) -> String {
        switch index {
        case 120: "pump house"
        case 15_000: "Émile’s valve"
        case 19_000: "Pumpe"
        case 19_999: "Zebra"
        default: "Item \(index)"
        }
    }

    static let source: InMemorySource = {
        let children = (0..<20_000).map { InMemorySource.Item(id: "c\($0)", title: title($0)) }
        let dynamic = InMemorySource.Item(id: "dyn", title: "Dynamic", isDynamic: true)
        return try! InMemorySource(
            root: .init(id: "root", title: "Root", children: children + [dynamic]),
            dynamicChildren: { _ in
                (0..<50).map { HierarchyNode(id: "d\($0)", title: $0 == 42 ? "Answer" : "Other \($0)") }
            })
    }()

    static let cases: [(String, Int)] = [
        ("emi", 0), ("EMI", 16_000), ("pu", 121), ("pu", 19_001), ("item 1999", 0), ("p", 120), ("zeb", 5),
        ("zz", 0), ("", 0), ("item", 19_999), ("ITEM 0", 30_000),
    ]

    @Test("the in-memory search agrees with the page-by-page search")
    func agreesWithThePages() async throws {
        for (prefix, start) in Self.cases {
            let expected = try await Self.source.indexOfChildByPages(ofID: "root", titlePrefix: prefix, from: start)
            let answer = try await Self.source.indexOfChild(ofID: "root", titlePrefix: prefix, from: start)
            #expect(answer == expected, "\(prefix) from \(start)")
        }
        #expect(try await Self.source.indexOfChild(ofID: "root", titlePrefix: "émile", from: 0) == 15_000)
        #expect(try await Self.source.indexOfChild(ofID: "root", titlePrefix: "dyn", from: 0) == 20_000)
        // A dynamic item's children are read through the source.
        #expect(try await Self.source.indexOfChild(ofID: "dyn", titlePrefix: "ans", from: 0) == 42)
    }

    @Test("titles kept as array indexes and as shared names are compared as shown")
    func structureTitles() async throws {
        // A structure document: array entries are titled "[n]", object keys are shared names.
        let json = #"{"list": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "pump": {"a": 1}, "pumpe": 2}"#
        let source = try DocumentSource.load(data: Data(json.utf8), shape: .structure, name: "s.json")
        let root = try #require(try await source.root())
        let entries = try await source.children(ofID: root.id, in: 0..<10)
        let list = try #require(entries.first { $0.title == "list" })
        #expect(try await source.indexOfChild(ofID: list.id, titlePrefix: "[1", from: 2) == 10)
        #expect(
            try await source.indexOfChild(ofID: list.id, titlePrefix: "[1", from: 2)
                == (try await source.indexOfChildByPages(ofID: list.id, titlePrefix: "[1", from: 2)))
        #expect(
            try await source.indexOfChild(ofID: root.id, titlePrefix: "PUMPE", from: 0)
                == entries.firstIndex { $0.title == "pumpe" })
        await #expect(throws: HierarchySourceError.self) {
            try await source.indexOfChild(ofID: "no such item", titlePrefix: "a", from: 0)
        }
    }

    @Test("the search stops when cancelled")
    func cancelled() async throws {
        let task = Task { try await Self.source.indexOfChild(ofID: "root", titlePrefix: "no such title", from: 0) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

/// Type-select over a folder's listing: the names compared in place, as the page-by-page
/// search of every source compares the entries' titles.
@Suite struct FileSystemChildTitlePrefixTests {
    @Test("the listing search agrees with the page-by-page search")
    func agreesWithThePages() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for index in 0..<600 { try directory.file(String(format: "file-%04d.txt", index)) }
        try directory.folder("Émile")
        try directory.folder("pump house")
        try directory.file("Pumpe.md")
        let source = FileSystemSource(root: directory.path)
        for (prefix, start) in [
            ("emi", 0), ("file-05", 0), ("FILE-0001", 300), ("pu", 0), ("pump h", 0), ("zz", 0), ("f", 602),
        ] {
            let expected = try await source.indexOfChildByPages(
                ofID: FileSystemSource.rootID, titlePrefix: prefix, from: start)
            let answer = try await source.indexOfChild(ofID: FileSystemSource.rootID, titlePrefix: prefix, from: start)
            #expect(answer == expected, "\(prefix) from \(start)")
        }
        #expect(try await source.indexOfChild(ofID: FileSystemSource.rootID, titlePrefix: "émi", from: 0) != nil)
        await #expect(throws: HierarchySourceError.self) {
            try await source.indexOfChild(ofID: "no such folder", titlePrefix: "a", from: 0)
        }
    }
}
