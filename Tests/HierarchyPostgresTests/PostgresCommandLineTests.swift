import Foundation
import HierarchyTestSupport
import Testing

@Suite("hierarchy with postgres://", .enabled(if: postgresAvailable, "\(TestCluster.missingReason ?? "")"))
struct PostgresCommandLineTests {
    @Test func importPrintSearchAndEdit() async throws {
        let cluster = try await sharedCluster()
        let database = try await cluster.makeDatabase()
        let url = cluster.url(database)
        let directory = try scratchDirectory()
        let file = directory.appendingPathComponent("plant.json")
        try Data(plantDocument.utf8).write(to: file)

        let imported = try await ProgramRunner.run(["import", file.path, "--into", url])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.hasPrefix("imported 12 items into"))
        let again = try await ProgramRunner.run(["import", file.path, "--into", url])
        #expect(again.status == 69)
        #expect(again.error.contains("--replace"))

        let printed = try await ProgramRunner.run(["print", url, "--ascii"])
        #expect(printed.status == 0, "\(printed.error)")
        #expect(printed.output.contains("Pump 202"))
        #expect(printed.output.split(separator: "\n").count == 12)

        let found = try await ProgramRunner.run(["search", url, "seal"])
        #expect(found.output == "Seal kit  (Plant Zürich / Area South / Pump 202)\n")

        let added = try await ProgramRunner.run(["add", url, "--parent", "a3", "--title", "Boiler 1", "--id", "b1"])
        #expect(added.status == 0, "\(added.error)")
        #expect(try await ProgramRunner.run(["rename", url, "b1", "Boiler one"]).status == 0)
        #expect(try await ProgramRunner.run(["move", url, "b1", "--parent", "a1", "--position", "0"]).status == 0)
        let refused = try await ProgramRunner.run(["delete", url, "a2"])
        #expect(refused.status == 64)
        #expect(refused.error.contains("--yes"))
        let deleted = try await ProgramRunner.run(["delete", url, "a2", "--yes"])
        #expect(deleted.output == "deleted 5 items\n", "\(deleted.error)")
        let after = try await ProgramRunner.run(["print", url, "--ascii", "--depth", "2"])
        #expect(after.output.contains("Boiler one"))
        #expect(!after.output.contains("Area South"))
        let missing = try await ProgramRunner.run(["rename", url, "nope", "x"])
        #expect(missing.status == 66)
    }

    @Test func generateWithCopy() async throws {
        let cluster = try await sharedCluster()
        let url = cluster.url(try await cluster.makeDatabase())
        let generated = try await ProgramRunner.run(["generate", "--nodes", "20000", "--depth", "4", "--into", url])
        #expect(generated.status == 0, "\(generated.error)")
        #expect(generated.output.hasPrefix("generated 20000 items into"))
        let printed = try await ProgramRunner.run(["print", url, "--depth", "1", "--ascii"])
        #expect(printed.output.hasPrefix("Synthetic hierarchy"))
    }

    @Test func badAddressesGiveTheirExitCodes() async throws {
        let cluster = try await sharedCluster()
        let malformed = try await ProgramRunner.run(["print", "postgres://nobody@host"])
        #expect(malformed.status == 64)
        #expect(malformed.error.hasPrefix("hierarchy: "))
        let refused = try await ProgramRunner.run(["print", "postgres://ann@127.0.0.1:1/plant"])
        #expect(refused.status == 69)
        #expect(refused.error.contains("127.0.0.1:1"))
        let password = try await ProgramRunner.run(
            ["print", cluster.url("postgres", user: TestCluster.passwordUser)], environment: ["PGPASSWORD": "wrong"])
        #expect(password.status == 77, "\(password.error)")
        let noStore = try await ProgramRunner.run(["print", cluster.url("postgres")])
        #expect(noStore.status == 69)
        #expect(noStore.error.contains("hierarchy_item"))
        let noDatabase = try await ProgramRunner.run(["search", cluster.url("absent_db"), "x"])
        #expect(noDatabase.status == 69)
        #expect(noDatabase.error.contains("absent_db"))
    }

    @Test func sqliteStoresAreEditedToo() async throws {
        let directory = try scratchDirectory()
        let file = directory.appendingPathComponent("plant.json")
        try Data(plantDocument.utf8).write(to: file)
        let db = directory.appendingPathComponent("plant.sqlite").path
        #expect(try await ProgramRunner.run(["import", file.path, "--into", db]).status == 0)
        #expect(
            try await ProgramRunner.run(["add", db, "--parent", "a3", "--title", "Crane 5", "--id", "c5"]).status == 0)
        let deleted = try await ProgramRunner.run(["delete", db, "p3", "--yes"])
        #expect(deleted.output == "deleted 3 items\n")
        let searched = try await ProgramRunner.run(["search", db, "crane"])
        #expect(searched.output == "Crane 5  (Plant Zürich / Area East)\n")
        let document = try await ProgramRunner.run(["add", file.path, "--parent", "a3", "--title", "x"])
        #expect(document.status == 69)
    }
}

@Suite("hierarchy export with postgres://", .enabled(if: postgresAvailable, "\(TestCluster.missingReason ?? "")"))
struct PostgresExportTests {
    @Test(arguments: ["json", "csv"])
    func exportMatchesTheSQLiteStore(_ format: String) async throws {
        let cluster = try await sharedCluster()
        let url = cluster.url(try await cluster.makeDatabase())
        let directory = try scratchDirectory()
        let file = directory.appendingPathComponent("plant.json")
        try Data(plantDocument.utf8).write(to: file)
        let db = directory.appendingPathComponent("plant.sqlite").path
        #expect(try await ProgramRunner.run(["import", file.path, "--into", db]).status == 0)
        #expect(try await ProgramRunner.run(["import", file.path, "--into", url]).status == 0)
        let fromSQLite = try await ProgramRunner.run(["export", db, "--format", format])
        let fromPostgres = try await ProgramRunner.run(["export", url, "--format", format])
        #expect(fromPostgres.status == 0, "\(fromPostgres.error)")
        #expect(fromPostgres.output == fromSQLite.output)
        #expect(fromPostgres.output.contains("Seal kit"))
    }
}
