import Foundation
import HierarchySources
import Testing

@testable import HierarchySQLite

@Suite("FullTextQuery")
struct FullTextQueryTests {
    @Test("words become quoted prefix terms; quotes are doubled", arguments: [
        ("pump", "\"pump\"*"),
        ("  pump   valve ", "\"pump\" \"valve\""),
        ("pump valv", "\"pump\" \"valv\"*"),
        ("say \"hi", "\"say\" \"\"\"hi\"*"),
        ("AND", "\"AND\"*"),
        ("a OR b NOT c", "\"a\" \"OR\" \"b\" \"NOT\" \"c\"*"),
        ("title:x", "\"title:x\"*"),
    ])
    func escaping(text: String, expected: String) {
        #expect(FullTextQuery(text).expression == expected)
    }

    @Test("exact tier first, then the last word as a prefix only", arguments: [
        ("pump", ["\"pump\"", "(\"pump\"*) NOT \"pump\""]),
        ("pump valv", ["\"pump\" \"valv\"", "(\"pump\" \"valv\"*) NOT \"valv\""]),
        ("pump ", ["\"pump\""]),
        ("  ", []),
    ])
    func tiers(text: String, expected: [String]) {
        #expect(FullTextQuery(text).tiers == expected)
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
