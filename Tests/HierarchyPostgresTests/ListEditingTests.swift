import Foundation
import HierarchyTestSupport
import Testing

/// `hierarchy list STORE` in a real terminal: `+` adds under the top item, Delete deletes after a
/// confirmation, and an item another process adds shows up by itself.
@Suite(
    "hierarchy list edits and follows a store", .serialized,
    .enabled(if: postgresAvailable && Tmux.isAvailable, "PostgreSQL or tmux missing"))
struct ListEditingTests {
    @Test(arguments: StoreKind.allCases)
    func addDeleteAndAChangeFromAnotherProcess(_ kind: StoreKind) async throws {
        let directory = try scratchDirectory()
        let file = directory.appendingPathComponent("plant.json")
        try Data(plantDocument.utf8).write(to: file)
        let store: String
        switch kind {
        case .sqlite: store = directory.appendingPathComponent("plant.sqlite").path
        case .postgres:
            let cluster = try await sharedCluster()
            store = cluster.url(try await cluster.makeDatabase())
        }
        let imported = try await ProgramRunner.run(["import", file.path, "--into", store])
        #expect(imported.status == 0, "\(imported.error)")

        let tmux = try Tmux.program("list '\(store)'")
        try await tmux.waitFor("the first page with the edit keys") {
            $0.contains("› Plant Zürich") && $0.contains("+ add")
        }

        try tmux.send("+")
        try await tmux.waitFor("the title prompt") { $0.contains("Title of the new item under “Plant Zürich”:") }
        try tmux.send("Boiler 9")
        try tmux.send("Enter")
        // (The "added “Boiler 9”" notice leaves after a few seconds; the row stays.)
        try await tmux.waitFor("the new item listed") { $0.contains("  Boiler 9") }

        let added = try await ProgramRunner.run(["add", store, "--parent", "a3", "--title", "Remote pump"])
        #expect(added.status == 0, "\(added.error)")
        // (How fast it shows is measured in docs/performance.md, not bounded here.)
        try await tmux.waitFor("the other process's item") { $0.contains("Remote pump") }

        // Plant, Area North, Area South, Area East, Boiler 9.
        try tmux.send("Down", "Down", "Down", "Down")
        try await tmux.waitFor("Boiler 9 selected") { $0.contains("› Boiler 9") }
        try tmux.send("DC")
        try await tmux.waitFor("the confirmation") { $0.contains("Delete “Boiler 9” and everything under it? (y/n)") }
        try tmux.send("y")
        let after = try await tmux.waitFor("the item gone") {
            !$0.contains("Boiler 9") && $0.contains("Plant Zürich") && $0.contains("Remote pump")
        }
        #expect(after.contains("Remote pump"))
        let printed = try await ProgramRunner.run(["print", store, "--ascii", "--depth", "1"])
        #expect(!printed.output.contains("Boiler 9"))

        try tmux.send("Escape")
        let end = try await tmux.waitFor("the program to exit") { $0.contains("EXIT=") }
        #expect(end.contains("EXIT=0"))
    }
}
