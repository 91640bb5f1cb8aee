import HierarchyTestSupport
import Foundation
import HierarchyPostgres
import HierarchySQLite
import HierarchySources
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

    @Test(arguments: ["pump", "pum", "pump ", "PUMP hall", "zur", "uber", "hall a", "'quoted'", "& more", "p", "x", "", "  ", "a | b"])
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
