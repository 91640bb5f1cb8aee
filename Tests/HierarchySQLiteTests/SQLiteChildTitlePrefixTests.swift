import Foundation
import GRDB
import HierarchySources
import HierarchyTestSupport
import Testing

@testable import HierarchySQLite

/// The store's one-query type-select over a column's titles agrees with the page-by-page
/// search of any source, with dense sort keys (positions) and without.
@Suite struct SQLiteChildTitlePrefixTests {
    static let titles = TitledChildrenSource(count: 20_000) { index in
        switch index {
        case 7: "Ölpumpe"
        case 12_345: "oil pump"
        case 19_999: "Zebra"
        default: index % 1_000 == 500 ? "Pump \(index)" : "Item \(index)"
        }
    }

    @Test(arguments: [true, false])
    func agreesWithThePageSearch(denseSortKeys: Bool) async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("titles.db")
        try await SQLiteImporter(destination: file).importSource(Self.titles)
        if !denseSortKeys {
            let queue = try DatabaseQueue(path: file.path)
            try await queue.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO hierarchy_meta(name, value) VALUES ('dense_sort_keys', 0)")
            }
        }
        let store = try SQLiteSource(path: file.path)
        #expect(store.hasDenseSortKeys == denseSortKeys)
        for (prefix, start) in [
            ("ol", 0), ("OL", 8), ("oil", 12_346), ("pump", 0), ("pump", 19_501), ("zeb", 5), ("item 1999", 3),
            ("x", 0),
        ] {
            let expected = try await Self.titles.indexOfChild(ofID: "root", titlePrefix: prefix, from: start)
            let answer = try await store.indexOfChild(ofID: "root", titlePrefix: prefix, from: start)
            #expect(answer == expected, "\(prefix) from \(start)")
        }
        #expect(try await store.indexOfChild(ofID: "root", titlePrefix: "ölp", from: 100) == 7)
        // A search the next keystroke cancels stops inside SQLite, with the cancellation.
        let abandoned = Task { try await store.indexOfChild(ofID: "root", titlePrefix: "no such title", from: 0) }
        abandoned.cancel()
        await #expect(throws: CancellationError.self) { try await abandoned.value }
        #expect(try await store.indexOfChild(ofID: "root", titlePrefix: "zeb", from: 0) == 19_999)
        await #expect(throws: HierarchySourceError.self) {
            try await store.indexOfChild(ofID: "no such item", titlePrefix: "a", from: 0)
        }
    }

    /// The prefixes of the test above and some that only the check after the index rejects.
    static let prefixes: [(String, Int)] = [
        ("ol", 0), ("OL", 8), ("oil", 12_346), ("oil p", 0), ("pump", 0), ("pump", 19_501), ("pump 1", 2_000),
        ("zeb", 5), ("item 1999", 3), ("item 19999", 0), ("x", 0), ("ölp", 100), ("oil-p", 0), ("--", 0),
        ("pump 5", 19_600),
    ]

    @Test(
        "past the window, the search index answers as the walk does; without it, the walk",
        arguments: [(true, true), (false, true), (true, false)])
    func indexAgreesWithTheWalk(denseSortKeys: Bool, searchIndex: Bool) async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("titles.db")
        try await SQLiteImporter(destination: file, searchIndex: searchIndex).importSource(Self.titles)
        if !denseSortKeys {
            let queue = try DatabaseQueue(path: file.path)
            try await queue.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO hierarchy_meta(name, value) VALUES ('dense_sort_keys', 0)")
            }
        }
        let store = try SQLiteSource(path: file.path)
        #expect(store.hasSearchIndex == searchIndex)
        for (prefix, start) in Self.prefixes {
            let expected = try await Self.titles.indexOfChild(ofID: "root", titlePrefix: prefix, from: start)
            for window in [1, 64, 30_000] {
                let answer = try await store.indexOfChild(
                    ofID: "root", titlePrefix: prefix, from: start, window: window)
                #expect(answer == expected, "\(prefix) from \(start), window \(window)")
            }
        }
        #expect(TitleStartQuery("Sensor \"b").expression == #""Sensor" "b"*"#)
        #expect(TitleStartQuery("-- ").expression == nil)
    }
}
