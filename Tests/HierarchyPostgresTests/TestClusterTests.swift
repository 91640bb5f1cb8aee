import Foundation
import Testing

@Suite("Throwaway PostgreSQL cluster", .enabled(if: postgresAvailable, "\(TestCluster.missingReason ?? "")"))
struct TestClusterTests {
    @Test func startsAndMakesDatabases() async throws {
        let cluster = try await sharedCluster()
        let first = try await cluster.makeDatabase()
        let second = try await cluster.makeDatabase()
        #expect(first != second)
        try await cluster.psql(first, "CREATE TABLE t (x int); INSERT INTO t VALUES (1)")
        await #expect(throws: TestClusterError.self) { try await cluster.psql(second, "SELECT * FROM t") }
    }
}
