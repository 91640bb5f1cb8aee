import Foundation
import HierarchyPostgres
import HierarchySources
import HierarchyTestSupport
import Testing

/// The search fold is made two ways: a superuser's import declares `unaccent`'s C function
/// immutable (the fold is then inlined into the index), anyone else's calls `unaccent` through a
/// SQL function. Both stores find the same items, accents and case folded, through the index.
@Suite(
    "Search folding with and without the right to create C functions", .serialized,
    .enabled(if: postgresAvailable, "\(TestCluster.missingReason ?? "")"))
struct FoldPathTests {
    static let document = #"""
        {"title": "Plant", "id": "plant", "children": [
          {"title": "Émile’s VALVE", "id": "e1"},
          {"title": "Pump", "id": "p1", "subtitle": "near the Café"},
          {"title": "Zoë", "id": "z1", "footnote": "crème brûlée"}
        ]}
        """#

    @Test(arguments: [true, false])
    func bothFoldsFindTheSameItems(asSuperuser: Bool) async throws {
        let cluster = try await sharedCluster()
        let database = try await cluster.makeDatabase()
        var address = cluster.url(database)
        var environment: [String: String] = [:]
        if !asSuperuser {
            // The database's owner, as a user given a database of their own would be.
            try await cluster.psql(database, "ALTER DATABASE \(database) OWNER TO \(TestCluster.passwordUser)")
            try await cluster.psql(database, "ALTER SCHEMA public OWNER TO \(TestCluster.passwordUser)")
            address = cluster.url(database, user: TestCluster.passwordUser)
            environment = ["PGPASSWORD": TestCluster.password]
        }
        let url = try PostgresStoreURL(address, environment: environment)
        _ = try await PostgresImporter(url: url).load(source: try await makeSQLiteStore(Self.document))
        let made = try await cluster.psqlValue(
            database, "SELECT count(*) FROM pg_proc WHERE proname = 'hierarchy_unaccent'")
        #expect(made == (asSuperuser ? "1" : "0"))
        let store = try await PostgresSource.open(url)
        defer { Task { await store.close() } }
        for (query, expected) in [
            ("emile", ["e1"]), ("valve", ["e1"]), ("ÉMILE’S", ["e1"]), ("cafe", ["p1"]), ("creme brulee", ["z1"]),
            ("zoe", ["z1"]), ("pum", ["p1"]),
        ] {
            #expect(try await store.search(query, in: 0..<10).map(\.id) == expected, "\(query)")
        }
        // The index serves the search expression (the plan names it, not a scan of the table).
        let plan = try await cluster.psqlValue(
            database,
            "SET enable_seqscan = off; EXPLAIN SELECT id FROM hierarchy_item WHERE hierarchy_search_vector(title, subtitle, footnote) @@ to_tsquery('simple', 'cafe')"
        )
        #expect(plan.contains("hierarchy_item_search"), "\(plan)")
    }
}
