import Foundation
import HierarchyPostgres
import HierarchySQLite
import HierarchySources
import HierarchyTestSupport
import Testing

/// One suite, run against both stores: the same document must read back the same way.
@Suite("Both stores answer alike", .enabled(if: postgresAvailable, "\(TestCluster.missingReason ?? "")"))
struct StoreConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func rootCountsChildrenAndPaths(_ kind: StoreKind) async throws {
        let store = try await makeStore(kind)
        let root = try #require(try await store.root())
        #expect(root.id == "plant")
        #expect(root.title == "Plant Zürich")
        #expect(try await store.childCount(ofID: "plant") == 3)
        #expect(try await store.childCount(ofID: "p1") == 0)
        #expect(try await store.children(ofID: "a1", in: 1..<3).map(\.id) == ["p2", "v1"])
        #expect(try await store.children(ofID: "a1", in: 3..<10).map(\.id) == ["m1"])
        #expect(try await store.children(ofID: "a1", in: 9..<10).isEmpty)
        #expect(try await store.children(ofID: "nope", in: 0..<10).isEmpty)
        #expect(try await store.path(toID: "s2").map(\.id) == ["plant", "a2", "p3", "s2"])
        #expect(try await store.path(toID: "nope").isEmpty)
        #expect(try await store.parent(ofID: "s1")?.id == "p3")
        #expect(try await store.parent(ofID: "plant") == nil)
        #expect(try await store.index(ofChildID: "v1", inParentID: "a1") == 2)
        #expect(try await store.index(ofChildID: "v1", inParentID: "a2") == nil)
        #expect(try await store.node(withID: "m1")?.attributes == ["serial": "X-1"])
        await #expect(throws: HierarchySourceError.self) { try await store.childCount(ofID: "nope") }
    }

    @Test func bothStoresReadBackTheSameTree() async throws {
        let sqlite = try await dump(try await makeStore(.sqlite))
        let postgres = try await dump(try await makeStore(.postgres))
        #expect(sqlite.count == 12)
        #expect(postgres == sqlite)
    }

    /// A parent of 300 children with every field present or missing, quotes, braces, commas,
    /// backslashes and characters outside ASCII: each page (read as one array by the PostgreSQL
    /// store) holds the same children, fields and order in both stores.
    @Test func widePagesMatchTheSQLiteStore() async throws {
        let children = (0..<300).map { index in
            var fields = [#""id": "c\#(index)""#, #""title": "Child {\#(index)}, \"q\" \\ ü 🚰 NULL""#]
            if index % 2 == 0 { fields.append(#""subtitle": "Sub,\#(index)""#) }
            if index % 3 == 0 { fields.append(#""footnote": "{a,b}""#) }
            if index % 5 == 0 { fields.append(#""status": "Error""#) }
            if index % 7 == 0 { fields.append(#""serial": "S-\#(index)", "weight": \#(index).5"#) }
            if index % 11 == 0 { fields.append(#""children": [{"id": "g\#(index)", "title": "Grandchild"}]"#) }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        let document = #"{"id": "wide", "title": "Wide", "children": ["# + children.joined(separator: ",\n") + "]}"
        let sqlite = try await makeStore(.sqlite, document)
        let postgres = try await makeStore(.postgres, document)
        for range in [0..<100, 100..<250, 250..<400, 299..<300, 0..<300, 300..<310] {
            let expected = try await sqlite.children(ofID: "wide", in: range)
            let actual = try await postgres.children(ofID: "wide", in: range)
            #expect(actual == expected, "range \(range)")
        }
        #expect(try await postgres.children(ofID: "wide", in: 0..<300).map(\.id) == (0..<300).map { "c\($0)" })
        let first = try #require(try await postgres.children(ofID: "wide", in: 0..<1).first)
        #expect(first.title == #"Child {0}, "q" \ ü 🚰 NULL"#)
        #expect(first.childCount == 1)
        #expect(first.attributes == ["serial": "S-0", "weight": "0.5"])
        #expect(try await postgres.children(ofID: "g0", in: 0..<10).isEmpty)
    }

    @Test(arguments: [
        "pump", "pum", "pump ", "PUMP hall", "zur", "uber", "hall a", "'quoted'", "& more", "p", "x", "", "  ", "a | b",
    ])
    func searchMatchesTheSQLiteStore(_ query: String) async throws {
        let sqlite = try await makeStore(.sqlite)
        let postgres = try await makeStore(.postgres)
        let expected = try await sqlite.search(query, in: 0..<50).map(\.id)
        let actual = try await postgres.search(query, in: 0..<50).map(\.id)
        #expect(actual == expected, "query \"\(query)\"")
        // Pages join up without overlap.
        let paged = try await postgres.search(query, in: 0..<2).map(\.id) + postgres.search(query, in: 2..<50).map(\.id)
        #expect(paged == actual)
    }

    @Test func searchTiersPutExactWordsFirst() async throws {
        let store = try await makeStore(.postgres)
        let ids = try await store.search("pum", in: 0..<10).map(\.id)
        // Exact "pum" matches nothing; every prefix match follows, titles holding the word first, shorter first.
        #expect(ids.prefix(3) == ["p1", "p3", "p2"])
        #expect(Set(ids) == ["p1", "p2", "p3", "v1", "s1"])
    }
}
