import Foundation
import HierarchyPostgres
import HierarchySources
import HierarchyTestSupport
import Synchronization
import Testing

/// A web add with a control character in its title, on an SQLite store (which would keep the
/// title only up to a NUL): refused with 400, the store unchanged.
@Suite("The web page's add refuses control characters")
struct WebAddTitleTests {
    @Test func controlCharactersAndEmptyTitlesAreRefused() async throws {
        let directory = try scratchDirectory()
        let file = directory.appendingPathComponent("plant.json")
        try Data(plantDocument.utf8).write(to: file)
        let db = directory.appendingPathComponent("plant.sqlite").path
        #expect(try await ProgramRunner.run(["import", file.path, "--into", db]).status == 0)
        let server = try await ServeProcess([db, "--allow-edits"])
        let session = try await server.openSession()
        for title in [#"Half\u0000hidden"#, #"\u0000"#, #"Tab\there"#, #"Bell\u0007"#, #"Next\u0085line"#] {
            let refused = try await server.act(session, #"{"type": "add", "parent": "plant", "title": "\#(title)"}"#)
            #expect(refused.status == 400, "\(title): \(refused.body)")
            #expect(refused.body.contains("control characters"), "\(title): \(refused.body)")
        }
        for title in ["", "   "] {
            let empty = try await server.act(session, #"{"type": "add", "parent": "plant", "title": "\#(title)"}"#)
            #expect(empty.status == 400, "\(empty.body)")
            #expect(empty.body.contains("must not be empty"), "\(empty.body)")
        }
        let added = try await server.act(session, #"{"type": "add", "parent": "plant", "title": "  Boiler 7 "}"#)
        #expect(added.status == 200, "\(added.body)")
        let printed = try await ProgramRunner.run(["print", db, "--ascii", "--depth", "2"])
        #expect(printed.output.contains("Boiler 7"))
        for cut in ["Half", "Tab", "Bell", "Next"] { #expect(!printed.output.contains(cut), "\(printed.output)") }
    }
}

/// PostgreSQL text cannot hold NUL: import refuses the item (65) instead of dropping the NUL,
/// edits refuse it with the store's own message, and the web page never gets the server's text.
@Suite("NUL and PostgreSQL", .serialized, .enabled(if: postgresAvailable, "\(TestCluster.missingReason ?? "")"))
struct PostgresNULTests {
    static let documentWithNUL = #"""
        {"id": "root", "title": "Root", "children": [
          {"id": "ok", "title": "Fine"},
          {"id": "nul", "title": "Before\u0000after"}
        ]}
        """#

    @Test func importRefusesTheItemThatSQLiteKeeps() async throws {
        let cluster = try await sharedCluster()
        let database = try await cluster.makeDatabase()
        let url = cluster.url(database)
        let file = try scratchDirectory().appendingPathComponent("nul.json")
        try Data(Self.documentWithNUL.utf8).write(to: file)

        let imported = try await ProgramRunner.run(["import", file.path, "--into", url])
        #expect(imported.status == 65, "\(imported.output) \(imported.error)")
        #expect(imported.error.split(separator: "\n").count == 1, "\(imported.error)")
        #expect(imported.error.hasPrefix("hierarchy: "), "\(imported.error)")
        #expect(imported.error.contains("\"nul\"") && imported.error.contains("NUL"), "\(imported.error)")
        #expect(imported.output.isEmpty)
        // Nothing stays written.
        #expect(try await cluster.psqlValue(database, "SELECT to_regclass('hierarchy_item') IS NULL") == "t")

        // An SQLite store keeps the title whole.
        let db = try scratchDirectory().appendingPathComponent("nul.sqlite").path
        #expect(try await ProgramRunner.run(["import", file.path, "--into", db]).status == 0)
        let exported = try await ProgramRunner.run(["export", db, "--format", "json"])
        #expect(exported.output.contains(#"Before\u0000after"#), "\(exported.output)")
    }

    @Test func editsRefuseNULWithTheirOwnMessage() async throws {
        let (store, _) = try await makePostgresStore()
        defer { Task { await store.close() } }
        do {
            _ = try await store.addItem(parentID: "plant", title: "Half\u{0}hidden", id: nil, position: nil)
            Issue.record("a title with a NUL was added")
        } catch let error as HierarchySourceError {
            #expect(error.code == .malformed)
            #expect(error.message.contains("NUL"), "\(error.message)")
        }
        do {
            try await store.renameItem(id: "a1", title: "x\u{0}")
            Issue.record("a title with a NUL was stored")
        } catch let error as HierarchySourceError {
            #expect(error.code == .malformed)
        }
        await #expect(throws: HierarchySourceError.self) {
            _ = try await store.deleteItem(id: "a\u{0}1")
        }
        #expect(try await store.childCount(ofID: "plant") == 3)
        #expect(try await store.node(withID: "a1")?.title == "Area North")
    }

    @Test func aMalformedAddThroughTheWebGetsOurOwnAnswer() async throws {
        let cluster = try await sharedCluster()
        let (store, database) = try await makePostgresStore()
        await store.close()
        let server = try await ServeProcess([cluster.url(database), "--allow-edits"])
        let session = try await server.openSession()
        let answer = try await server.act(session, #"{"type": "add", "parent": "pl\u0000ant", "title": "New"}"#)
        #expect((400..<500).contains(answer.status), "\(answer.status) \(answer.body)")
        for raw in ["UTF8", "byte sequence", "0x00", database] {
            #expect(!answer.body.contains(raw), "\(answer.body)")
        }
    }

    @Test func aRowTheServerRefusesGets400AndAFailure502WithoutTheServersText() async throws {
        let cluster = try await sharedCluster()
        let (store, database) = try await makePostgresStore()
        await store.close()
        _ = try await cluster.psqlValue(
            database, "ALTER TABLE hierarchy_item ADD CONSTRAINT hidden_rule CHECK (title <> 'Refused by rule')")
        let server = try await ServeProcess([cluster.url(database), "--allow-edits"])
        let session = try await server.openSession()
        let refused = try await server.act(session, #"{"type": "add", "parent": "plant", "title": "Refused by rule"}"#)
        #expect(refused.status == 400, "\(refused.body)")
        #expect(refused.body.contains("malformed"), "\(refused.body)")
        _ = try await cluster.psqlValue(
            database,
            """
            CREATE FUNCTION hidden_failure() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN IF NEW.title = 'Fails' THEN RAISE EXCEPTION 'hidden server detail'; END IF; RETURN NEW; END $$;
            CREATE TRIGGER hidden_failure BEFORE INSERT ON hierarchy_item FOR EACH ROW EXECUTE FUNCTION hidden_failure();
            """)
        let failed = try await server.act(session, #"{"type": "add", "parent": "plant", "title": "Fails"}"#)
        #expect(failed.status == 502, "\(failed.body)")
        #expect(failed.body.contains("the store failed"), "\(failed.body)")
        for answer in [refused, failed] {
            for raw in ["hidden_rule", "hidden server detail", "hierarchy_item", database] {
                #expect(!answer.body.contains(raw), "\(answer.body)")
            }
        }
        let added = try await server.act(session, #"{"type": "add", "parent": "plant", "title": "Allowed"}"#)
        #expect(added.status == 200, "\(added.body)")
    }
}

/// A password inside a `postgres://` address works but is warned about: `ps` shows it to
/// every user of the machine.
@Suite("A password in a postgres:// address")
struct PasswordInAddressTests {
    @Test func parsingWarnsOnlyForAPasswordInTheAddress() throws {
        let warnings = Warnings()
        _ = try PostgresStoreURL("postgres://ann:s3cret@db.example/plant", environment: [:], warn: warnings.add)
        _ = try PostgresStoreURL(
            "postgres://ann@db.example/plant?password=s3cret", environment: [:], warn: warnings.add)
        #expect(warnings.all == [PostgresStoreURL.passwordWarning, PostgresStoreURL.passwordWarning])
        let quiet = Warnings()
        let fromEnvironment = try PostgresStoreURL(
            "postgres://ann@db.example/plant", environment: ["PGPASSWORD": "s3cret"], warn: quiet.add)
        #expect(fromEnvironment.password == "s3cret")
        #expect(quiet.all.isEmpty)
        #expect(
            PostgresStoreURL.passwordWarning.contains("PGPASSWORD")
                && PostgresStoreURL.passwordWarning.contains(".pgpass"))
    }

    @Test func theProgramWarnsWithoutShowingThePassword() async throws {
        let result = try await ProgramRunner.run(["print", "postgres://ann:hunter2secret@127.0.0.1:1/plant"])
        #expect(result.status == 69, "\(result.error)")
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 2, "\(result.error)")
        #expect(lines.first == "hierarchy: " + PostgresStoreURL.passwordWarning[...], "\(result.error)")
        #expect(!result.error.contains("hunter2secret"))
    }

    final class Warnings: Sendable {
        private let warnings = Mutex<[String]>([])
        var all: [String] { warnings.withLock { $0 } }
        func add(_ warning: String) { warnings.withLock { $0.append(warning) } }
    }
}
