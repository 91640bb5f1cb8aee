import Foundation
import HierarchyTestSupport
import Testing

/// `hierarchy print|search|export DB --table …` on an SQLite file and a `postgres://` URL.
@Suite("hierarchy --table", .enabled(if: postgresAvailable, "\(TestCluster.missingReason ?? "")"))
struct TableCommandLineTests {
    static let employeeColumns = [
        "--table", "employees", "--id", "emp_id", "--parent", "manager_id", "--title", "name", "--order", "rank",
    ]

    @Test(arguments: StoreKind.allCases)
    func printSearchAndExportATable(_ kind: StoreKind) async throws {
        let database = try await TableDatabase.make(kind, employeesSQL).location
        let printed = try await ProgramRunner.run(["print", database, "--ascii"] + Self.employeeColumns)
        #expect(printed.status == 0, "\(printed.error)")
        #expect(
            printed.output == """
                employees
                |-- Ada Boss
                |   |-- Cy Counter
                |   `-- Bob Builder
                |       |-- Dee Dev
                |       `-- Eve Eng
                `-- Zed Orphan

                """)
        #expect(
            printed.error == """
                hierarchy: warning: the column "manager_id" of "employees" has no index, so every page of children reads \
                the whole table; to add one: CREATE INDEX "employees_manager_id_idx" ON "employees" ("manager_id");

                """)

        let found = try await ProgramRunner.run(["search", database, "dee"] + Self.employeeColumns)
        #expect(found.status == 0, "\(found.error)")
        #expect(found.output == "Dee Dev  (employees / Ada Boss / Bob Builder)\n")
        let looped = try await ProgramRunner.run(["search", database, "loop"] + Self.employeeColumns)
        #expect(
            looped.output == """
                Loop One  (no path: its parents form a cycle)
                Loop Two  (no path: its parents form a cycle)

                """)

        let cycle = try await ProgramRunner.run(["print", database, "--start", "11"] + Self.employeeColumns)
        #expect(cycle.status == 65)
        #expect(cycle.error.contains("cycle: \"11\" → \"10\" → \"11\""), "\(cycle.error)")

        let output = try scratchDirectory().appendingPathComponent("employees.csv").path
        let exported = try await ProgramRunner.run(
            ["export", database, "--format", "csv", "-o", output] + Self.employeeColumns)
        #expect(exported.status == 0, "\(exported.error)")
        let csv = try String(contentsOfFile: output, encoding: .utf8)
        #expect(csv.contains("Eve Eng"))
        #expect(!csv.contains("Loop One"))
        let toStandardOutput = try await ProgramRunner.run(
            ["export", database, "--format", "csv"] + Self.employeeColumns)
        #expect(toStandardOutput.output == csv)
    }

    @Test(arguments: StoreKind.allCases)
    func badTablesAndColumnsAreNamed(_ kind: StoreKind) async throws {
        let database = try await TableDatabase.make(kind, categoriesSQL).location
        let noTable = try await ProgramRunner.run([
            "print", database, "--table", "nope", "--id", "a", "--parent", "b", "--title", "c",
        ])
        #expect(noTable.status == 65)
        #expect(noTable.error.contains("no table \"nope\""), "\(noTable.error)")
        let noColumn = try await ProgramRunner.run(
            ["print", database, "--table", "categories", "--id", "code", "--parent", "boss", "--title", "label"])
        #expect(noColumn.status == 65)
        #expect(noColumn.error.contains("no column \"boss\""), "\(noColumn.error)")
        let incomplete = try await ProgramRunner.run(["print", database, "--table", "categories", "--id", "code"])
        #expect(incomplete.status == 64)
        #expect(incomplete.error.contains("--parent, --title"), "\(incomplete.error)")
        let duplicates = try await ProgramRunner.run([
            "print", database, "--table", "twice", "--id", "id", "--parent", "up", "--title", "name",
        ])
        #expect(duplicates.status == 65)
        #expect(duplicates.error.contains("not unique"), "\(duplicates.error)")
    }

    @Test func aTableOfADocumentIsAUsageError() async throws {
        let file = try scratchDirectory().appendingPathComponent("plant.json")
        try Data(plantDocument.utf8).write(to: file)
        let result = try await ProgramRunner.run([
            "print", file.path, "--table", "t", "--id", "a", "--parent", "b", "--title", "c",
        ])
        #expect(result.status == 64)
        #expect(result.error.contains("neither"), "\(result.error)")
    }

    @Test func exportOfAPostgresStoreToAFile() async throws {
        let cluster = try await sharedCluster()
        let url = cluster.url(try await cluster.makeDatabase())
        let file = try scratchDirectory().appendingPathComponent("plant.json")
        try Data(plantDocument.utf8).write(to: file)
        #expect(try await ProgramRunner.run(["import", file.path, "--into", url]).status == 0)
        for format in ["json", "csv"] {
            let output = file.deletingLastPathComponent().appendingPathComponent("out.\(format)").path
            let written = try await ProgramRunner.run(["export", url, "--format", format, "-o", output])
            #expect(written.status == 0, "\(written.error)")
            #expect(written.output.isEmpty)
            let printed = try await ProgramRunner.run(["export", url, "--format", format])
            #expect(try String(contentsOfFile: output, encoding: .utf8) == printed.output)
            #expect(printed.output.contains("Seal kit"))
        }
        let unwritable = try await ProgramRunner.run(["export", url, "-o", "/nonexistent-dir/out.json"])
        #expect(unwritable.status == 77, "\(unwritable.error)")
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-dir/out.json"))
    }
}
