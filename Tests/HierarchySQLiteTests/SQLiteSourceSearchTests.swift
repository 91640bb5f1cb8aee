import Foundation
import GRDB
import HierarchySources
import Testing

@testable import HierarchySQLite

@Suite("SQLiteSource search ordering and paging")
struct SQLiteSourceSearchTests {
    /// One generated item: its id, title, whether it holds the exact word `pump`
    /// (else only a word starting with it), and whether that word is in its title.
    struct Item {
        var id: String
        var title: String
        var subtitle: String
        var exact: Bool
    }

    /// Items in file (key) order with a mix of exact/prefix and title/subtitle matches
    /// and title lengths, plus non-matching items.
    static func items(_ count: Int) -> [Item] {
        (0..<count).map { index in
            let exact = index % 5 != 3
            let word = exact ? "Pump" : "Pumpkin"
            let padding = String(repeating: "x", count: (index * 7) % 11)
            if index % 3 == 0 {
                return Item(
                    id: "i\(index)", title: "Valve \(padding)\(index)", subtitle: word.lowercased(), exact: exact)
            }
            return Item(id: "i\(index)", title: "\(word) \(padding)\(index)", subtitle: "", exact: exact)
        }
    }

    /// The documented order: exact tier, then prefix tier; each in key-order windows,
    /// ranked inside a window by title-holds-the-word, title length, key.
    static func expectedOrder(_ items: [Item], window: Int) -> [String] {
        var order: [String] = []
        for tier in [true, false] {
            let members = items.enumerated().filter { $0.element.exact == tier }
            var start = 0
            while start < members.count {
                let chunk = members[start..<min(members.count, start + window)]
                let ranked = chunk.sorted { a, b in
                    let inTitleA = a.element.title.lowercased().hasPrefix("pump")
                    let inTitleB = b.element.title.lowercased().hasPrefix("pump")
                    if inTitleA != inTitleB { return inTitleA }
                    if a.element.title.count != b.element.title.count {
                        return a.element.title.count < b.element.title.count
                    }
                    return a.offset < b.offset
                }
                order += ranked.map(\.element.id)
                start += window
            }
        }
        return order
    }

    func makeStore(_ items: [Item], in directory: TemporaryDirectory, searchIndex: Bool = true) async throws
        -> SQLiteSource
    {
        var csv = "id,parent_id,title,subtitle\nr,,Plant,\n"
        for (index, item) in items.enumerated() {
            csv += "\(item.id),r,\(item.title),\(item.subtitle)\n"
            if index % 4 == 0 { csv += "other\(index),r,Motor \(index),\n" }
        }
        let file = try directory.write("in.csv", csv)
        let db = directory.file("store.db")
        try await SQLiteImporter(destination: db, searchIndex: searchIndex).importFile(at: file)
        return try SQLiteSource(path: db.path)
    }

    @Test(
        "order follows the documented rule and pages never overlap or skip", arguments: [0, 1, 2, 255, 256, 257, 700])
    func ordering(count: Int) async throws {
        let directory = try TemporaryDirectory()
        let items = Self.items(count)
        let source = try await makeStore(items, in: directory)
        let expected = Self.expectedOrder(items, window: SQLiteSource.searchWindow)
        #expect(try await source.searchCount("pump") == count)
        #expect(try await source.search("pump", in: 0..<(count + 10)).map(\.id) == expected)
        for pageSize in [1, 7, 100, 256] where count <= 257 || pageSize >= 100 {
            var ids: [String] = []
            var start = 0
            while true {
                let page = try await source.search("pump", in: start..<(start + pageSize))
                #expect(page.count <= pageSize)
                ids += page.map(\.id)
                if page.count < pageSize { break }
                start += pageSize
            }
            #expect(ids == expected, "page size \(pageSize)")
        }
        // Past the end, and a page starting inside the prefix tier.
        #expect(try await source.search("pump", in: (count + 1)..<(count + 5)).isEmpty)
        if count > 3 {
            let tail = count - 3
            #expect(try await source.search("pump", in: tail..<(tail + 10)).map(\.id) == Array(expected[tail...]))
        }
        // A whole word (text ending with a space) is only the exact tier.
        let exactIDs = Set(items.filter(\.exact).map(\.id))
        #expect(try await source.search("pump ", in: 0..<(count + 1)).map(\.id) == expected.filter(exactIDs.contains))
    }

    @Test("a store without a search index browses but refuses to search")
    func withoutSearchIndex() async throws {
        let directory = try TemporaryDirectory()
        let source = try await makeStore(Self.items(5), in: directory, searchIndex: false)
        #expect(!source.hasSearchIndex)
        #expect(try await source.root()?.id == "r")
        #expect(try await source.children(ofID: "r", in: 0..<3).count == 3)
        for call in 0..<2 {
            let error = await #expect(throws: HierarchySourceError.self) {
                if call == 0 {
                    _ = try await source.search("pump", in: 0..<10)
                } else {
                    _ = try await source.searchCount("pump")
                }
            }
            #expect(error?.code == .unsupported)
            #expect(error?.message.contains("no search index") == true)
        }
        let indexed = try await makeStore(Self.items(5), in: try TemporaryDirectory())
        #expect(indexed.hasSearchIndex)
    }

    @Test(
        "new stores index short prefixes without positions; version 1 and 2 stores are read and searched alike",
        arguments: [
            (1, "tokenize='unicode61 remove_diacritics 2'"),
            (2, "tokenize='unicode61 remove_diacritics 2', prefix='1 2 3'"),
        ])
    func prefixIndexes(olderVersion: Int, olderOptions: String) async throws {
        let directory = try TemporaryDirectory()
        let items = Self.items(300)
        let source = try await makeStore(items, in: directory)
        let queries = [
            "p", "pu", "pum", "pump", "pumpk", "v", "va", "valve pu", "m", "x", "z", "pump ", "pump-val", "valve/pump",
        ]
        var current: [String: [String]] = [:]
        for query in queries {
            current[query] = try await source.search(query, in: 0..<1000).map(\.id)
        }
        #expect(current["pump"] == Self.expectedOrder(items, window: SQLiteSource.searchWindow))
        #expect(Set(current["p"] ?? []) == Set(items.map(\.id) + ["r"]))
        #expect(Set(current["pum"] ?? []) == Set(items.map(\.id)))
        #expect(current["z"] == [])
        #expect(current["m"]?.count == 75)
        #expect(try await current["pump-val"] == source.search("pump val", in: 0..<1000).map(\.id))
        #expect(current["valve/pump"]?.isEmpty == false)

        let path = directory.file("store.db").path
        let writer = try DatabaseQueue(path: path)
        let (version, declaration) = try await writer.read { db in
            (
                try Int32.fetchOne(db, sql: "PRAGMA user_version"),
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'item_fts'")
            )
        }
        #expect(version == 3)
        #expect(declaration?.contains("prefix='1 2 3'") == true)
        #expect(declaration?.contains("detail=none") == true)
        // Turn the store into an older one: the same index with that version's options.
        try await writer.writeWithoutTransaction { db in
            try db.execute(
                sql: """
                    DROP TABLE item_fts;
                    CREATE VIRTUAL TABLE item_fts USING fts5(
                        title, subtitle, footnote,
                        content='item', content_rowid='key', \(olderOptions));
                    INSERT INTO item_fts(item_fts) VALUES('rebuild');
                    PRAGMA user_version = \(olderVersion);
                    """)
        }
        try writer.close()
        let old = try SQLiteSource(path: path)
        #expect(old.hasSearchIndex)
        for query in queries {
            #expect(try await old.search(query, in: 0..<1000).map(\.id) == current[query], "query \(query)")
            #expect(try await old.searchCount(query) == current[query]?.count, "query \(query)")
        }
        #expect(try await old.root()?.id == "r")
    }

    @Test("the index built at import takes edits: renamed and added items are found, the old title not")
    func editsAfterImport() async throws {
        let directory = try TemporaryDirectory()
        let source = try await makeStore(Self.items(300), in: directory)
        let before = try await source.search("pump", in: 0..<1000).map(\.id)
        let renamed = try #require(before.last)
        let oldTitle = try #require(try await source.node(withID: renamed)?.title)
        #expect(try await source.search(oldTitle + " ", in: 0..<10).map(\.id) == [renamed])
        try await source.renameItem(id: renamed, title: "Zebra crossing")
        let added = try await source.addItem(parentID: "r", title: "Quokka-pen 7", id: nil, position: 0)
        #expect(try await source.search("zeb", in: 0..<10).map(\.id) == [renamed])
        #expect(try await source.search("crossing ", in: 0..<10).map(\.id) == [renamed])
        #expect(try await source.search("quokka pe", in: 0..<10).map(\.id) == [added.id])
        #expect(try await source.search(oldTitle + " ", in: 0..<10).isEmpty)
    }

    @Test("the index merges 16 segments of a level at a time, at import and for later edits, and stays whole")
    func mergeSettings() async throws {
        let directory = try TemporaryDirectory()
        let source = try await makeStore(Self.items(300), in: directory)
        let renamed = try #require(try await source.search("pump", in: 0..<1).first?.id)
        try await source.renameItem(id: renamed, title: "Zebra crossing")
        let writer = try DatabaseQueue(path: directory.file("store.db").path)
        defer { try? writer.close() }
        let settings = try await writer.read { db in
            try Dictionary(
                uniqueKeysWithValues: Row.fetchAll(
                    db, sql: "SELECT k, v FROM item_fts_config WHERE k IN ('automerge', 'crisismerge')"
                ).map { row -> (String, Int) in (row[0], row[1]) })
        }
        #expect(settings == ["automerge": 16, "crisismerge": 64])
        try await writer.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO item_fts(item_fts, rank) VALUES('integrity-check', 1)")
        }
        #expect(try await source.search("zebra", in: 0..<10).map(\.id) == [renamed])
    }
}
