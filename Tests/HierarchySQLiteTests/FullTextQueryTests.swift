import Foundation
import GRDB
import HierarchySources
import Testing

@testable import HierarchySQLite

@Suite("FullTextQuery")
struct FullTextQueryTests {
    @Test(
        "words become quoted prefix terms, split where the tokenizer splits",
        arguments: [
            ("pump", "\"pump\"*"),
            ("  pump   valve ", "\"pump\" \"valve\""),
            ("pump valv", "\"pump\" \"valv\"*"),
            ("say \"hi", "\"say\" \"hi\"*"),
            ("AND", "\"AND\"*"),
            ("a OR b NOT c", "\"a\" \"OR\" \"b\" \"NOT\" \"c\"*"),
            ("title:x", "\"title\" \"x\"*"),
            ("pump-house ", "\"pump\" \"house\""),
            ("Café_n°5", "\"Café\" \"n\" \"5\"*"),
            ("e\u{301}té", "\"e\" \"té\"*"),
        ])
    func escaping(text: String, expected: String) {
        #expect(FullTextQuery(text).expression == expected)
    }

    @Test(
        "exact tier first, then the last word as a prefix only",
        arguments: [
            ("pump", ["\"pump\"", "(\"pump\"*) NOT \"pump\""]),
            ("pump valv", ["\"pump\" \"valv\"", "(\"pump\" \"valv\"*) NOT \"valv\""]),
            ("pump ", ["\"pump\""]),
            ("  ", []),
        ])
    func tiers(text: String, expected: [String]) {
        #expect(FullTextQuery(text).tiers == expected)
    }

    @Test("a word never holds a character where the index's tokenizer splits (no phrase terms)")
    func wordsMatchTheTokenizer() throws {
        let queue = try DatabaseQueue()
        let scalars = (0x20..<0x110000).compactMap(Unicode.Scalar.init(_:))
        let split = try queue.write { db in
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE t USING fts5(x, tokenize='unicode61 remove_diacritics 2');
                    CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');
                    """)
            let insert = try db.makeStatement(sql: "INSERT INTO t(rowid, x) VALUES (?, ?)")
            for scalar in scalars {
                try insert.execute(arguments: [Int64(scalar.value), "a\(Character(scalar))b"])
            }
            return try Set(Int64.fetchAll(db, sql: "SELECT doc FROM v GROUP BY doc HAVING count(*) > 1"))
        }
        let wrong = scalars.filter { FullTextQuery.isWordScalar($0) && split.contains(Int64($0.value)) }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0.value, radix: 16) })")
        #expect(FullTextQuery.isWordScalar("é") && FullTextQuery.isWordScalar("7") && !FullTextQuery.isWordScalar("-"))
    }

    @Test("nothing searchable gives no query", arguments: ["", "   ", "\"", "* ( ) -", "\u{0}"])
    func empty(text: String) {
        #expect(FullTextQuery(text).expression == nil)
    }

    @Test("search finds by prefix, ranks, pages, and never fails on FTS syntax")
    func search() async throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("s.db")
        let csv = """
            id,parent_id,title,subtitle,footnote
            r,,Plant,,
            a,r,Pump AND valve,,
            b,r,Pump,Pump,Pump house
            c,r,Valve \"quoted\",,
            d,r,Café NEAR,,
            """
        try await importText(csv, named: "in.csv", into: db, in: directory)
        let source = try SQLiteSource(path: db.path)
        // b mentions pump three times: ranked first by bm25.
        #expect(try await source.search("pum", in: 0..<10).map(\.id) == ["b", "a"])
        #expect(try await source.search("pump", in: 1..<10).map(\.id) == ["a"])
        #expect(try await source.search("pump valve", in: 0..<10).map(\.id) == ["a"])
        #expect(try await source.search("pum ", in: 0..<10).isEmpty)
        #expect(try await source.search("cafe", in: 0..<10).map(\.id) == ["d"])
        for text in ["\"", "AND", "NEAR(", "\"quoted", "pump)", "*", "valve OR", "-pump", "^x", "a:b"] {
            _ = try await source.search(text, in: 0..<10)
        }
        #expect(try await source.search("\"quoted", in: 0..<10).map(\.id) == ["c"])
        #expect(try await source.search("AND", in: 0..<10).map(\.id) == ["a"])
        #expect(try await source.search("near", in: 0..<10).map(\.id) == ["d"])
        #expect(try await source.searchCount("pump") == 2)
        #expect(try await source.search("", in: 0..<10).isEmpty)
        #expect(try await source.search("pump", in: 0..<0).isEmpty)
    }
}
