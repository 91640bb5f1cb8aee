import Foundation
import HierarchyTestSupport
import Testing

/// `print postgres://… --start ID` of an id the store does not have exits 66 with one line, as
/// an SQLite store, a document, a folder and a table do, instead of printing nothing.
@Suite("print --start of a PostgreSQL store", .enabled(if: postgresAvailable, "\(TestCluster.missingReason ?? "")"))
struct PrintStartTests {
    @Test func aMissingStartExits66AndAPresentOnePrints() async throws {
        let cluster = try await sharedCluster()
        let url = cluster.url(try await cluster.makeDatabase())
        let file = try scratchDirectory().appendingPathComponent("plant.json")
        try Data(plantDocument.utf8).write(to: file)
        let imported = try await ProgramRunner.run(["import", file.path, "--into", url])
        #expect(imported.status == 0, "\(imported.error)")

        let missing = try await ProgramRunner.run(["print", url, "--start", "nope"])
        #expect(missing.status == 66, "\(missing.error)")
        #expect(missing.output.isEmpty)
        let lines = missing.error.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.count == 1, "\(missing.error)")
        #expect(lines.first?.hasPrefix("hierarchy: ") == true, "\(missing.error)")
        #expect(missing.error.contains(": no item with id \"nope\" in the store"), "\(missing.error)")

        let found = try await ProgramRunner.run(["print", url, "--start", "p3", "--ascii"])
        #expect(found.status == 0, "\(found.error)")
        #expect(found.output.hasPrefix("Pump 202\n"), "\(found.output)")
        #expect(found.output.contains("Seal kit"))
    }
}
