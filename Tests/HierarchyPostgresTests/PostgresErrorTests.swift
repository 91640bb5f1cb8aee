import Foundation
import HierarchyPostgres
import HierarchySources
import Testing

@Suite("PostgreSQL errors", .enabled(if: postgresAvailable, "\(TestCluster.missingReason ?? "")"))
struct PostgresErrorTests {
    @Test func refusedConnectionNamesTheAddress() async throws {
        // A port nobody listens on: the cluster's port plus one is as good a guess as any; make sure.
        let url = try PostgresStoreURL("postgres://ann@127.0.0.1:1/plant", environment: [:])
        do {
            _ = try await PostgresSource.open(url)
            Issue.record("expected an error")
        } catch let error as HierarchySourceError {
            #expect(error.code == .unsupported)
            #expect(error.message.contains("127.0.0.1:1"))
        }
    }

    @Test func unknownHostIsUnavailable() async throws {
        let url = try PostgresStoreURL("postgres://ann@no-such-host.invalid:5432/plant", environment: [:])
        do {
            _ = try await PostgresSource.open(url)
            Issue.record("expected an error")
        } catch let error as HierarchySourceError {
            #expect(error.code == .unsupported)
            #expect(error.message.contains("no-such-host.invalid:5432"))
        }
    }

    @Test func wrongPasswordIsPermissionDenied() async throws {
        let cluster = try await sharedCluster()
        let url = try PostgresStoreURL(
            cluster.url("postgres", user: TestCluster.passwordUser), environment: ["PGPASSWORD": "wrong"])
        do {
            _ = try await PostgresSource.open(url)
            Issue.record("expected an error")
        } catch let error as HierarchySourceError {
            #expect(error.code == .permissionDenied)
        }
    }

    @Test func missingDatabaseAndMissingStoreAreNamed() async throws {
        let cluster = try await sharedCluster()
        do {
            _ = try await PostgresSource.open(try PostgresStoreURL(cluster.url("no_such_db"), environment: [:]))
            Issue.record("expected an error")
        } catch let error as HierarchySourceError {
            #expect(error.code == .unsupported)
            #expect(error.message.contains("no_such_db"))
        }
        let empty = try await cluster.makeDatabase()
        do {
            _ = try await PostgresSource.open(try PostgresStoreURL(cluster.url(empty), environment: [:]))
            Issue.record("expected an error")
        } catch let error as HierarchySourceError {
            #expect(error.code == .unsupported)
            #expect(error.message.contains("hierarchy_item"))
        }
    }

    @Test func statementTimeoutIsAnError() async throws {
        let cluster = try await sharedCluster()
        let (_, database) = try await makePostgresStore()
        let source = try await PostgresSource.open(
            try PostgresStoreURL(cluster.url(database), environment: [:]), statementTimeout: 0.05)
        defer { Task { await source.close() } }
        // A search that the server cannot finish in 50 ms: a slow function in the text.
        try await cluster.psql(
            database,
            "CREATE OR REPLACE FUNCTION hierarchy_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT lower(t) FROM pg_sleep(1) $$"
        )
        do {
            _ = try await source.searchCount("pump")
            Issue.record("expected an error")
        } catch let error as HierarchySourceError {
            #expect(error.code == .io)
            #expect(error.message.contains("too long"))
        }
        // The pool still answers afterwards.
        #expect(try await source.childCount(ofID: "plant") == 3)
    }

    @Test func unixSocketWorks() async throws {
        let cluster = try await sharedCluster()
        let (_, database) = try await makePostgresStore()
        let source = try await PostgresSource.open(try PostgresStoreURL(cluster.socketURL(database), environment: [:]))
        defer { Task { await source.close() } }
        #expect(try await source.root()?.id == "plant")
    }

    @Test func importRefusesAnExistingStoreUnlessReplacing() async throws {
        let cluster = try await sharedCluster()
        let (_, database) = try await makePostgresStore()
        let url = try PostgresStoreURL(cluster.url(database), environment: [:])
        let sqlite = try await makeSQLiteStore()
        await #expect(throws: HierarchySourceError.self) { try await PostgresImporter(url: url).load(source: sqlite) }
        let summary = try await PostgresImporter(url: url, replace: true).load(source: sqlite)
        #expect(summary.items == 12)
    }
}
