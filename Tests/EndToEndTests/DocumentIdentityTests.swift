import Foundation
import HierarchyTestSupport
import Testing

/// The same document read directly and after `import` has the same ids, so `--start` names
/// the same item in both; what a store gives back to a terminal is escaped.
@Suite struct DocumentIdentityTests {
    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hierarchy-ids-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func startNamesTheSameItemBeforeAndAfterImport() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = directory.appendingPathComponent("plant.json").path
        try Data(
            #"""
            {"title": "Plant", "children": [
              {"title": "Area 1", "children": [{"title": "Pump", "children": [{"title": "Seal"}]}, {"title": "Valve"}]},
              {"id": "a2", "title": "Area 2", "children": [{"title": "Tank"}]}]}
            """#.utf8
        ).write(to: URL(fileURLWithPath: document))
        let store = directory.appendingPathComponent("plant.db").path
        let imported = try await ProgramRunner.run(["import", document, "--into", store, "--no-search-index"])
        #expect(imported.status == 0, "\(imported.error)")
        for start in ["#2", "#3", "a2", "#6"] {
            let direct = try await ProgramRunner.run(["print", document, "--start", start])
            let stored = try await ProgramRunner.run(["print", store, "--start", start])
            #expect(direct.status == 0 && stored.status == 0, "\(start): \(direct.error) \(stored.error)")
            #expect(direct.output == stored.output, "\(start)")
        }
        #expect(try await ProgramRunner.run(["print", document, "--start", "#2"]).output == "Pump\n└── Seal\n")
        #expect(try await ProgramRunner.run(["print", store, "--start", "a2"]).output == "Area 2\n└── Tank\n")
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed"))
    func exportToATerminalEscapesControlCharacters() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = directory.appendingPathComponent("esc.json").path
        try Data("{\"title\": \"Root\", \"children\": [{\"title\": \"red\\u001b[31mtext\"}]}".utf8)
            .write(to: URL(fileURLWithPath: document))
        let store = directory.appendingPathComponent("esc.db").path
        let imported = try await ProgramRunner.run(["import", document, "--into", store, "--no-search-index"])
        #expect(imported.status == 0, "\(imported.error)")
        let tmux = try Tmux.program("export '\(store)' --format csv", rows: 10)
        let screen = try await tmux.waitFor("export to end") { $0.contains("EXIT=") }
        #expect(screen.contains("EXIT=0"), "\(screen)")
        // Escaped as titles are in the browser (`TerminalText.sanitize`): ESC is `^[`.
        #expect(screen.contains("red^[[31mtext"), "\(screen)")
        // Redirected, the bytes are kept.
        let piped = try await ProgramRunner.run(["export", store, "--format", "csv"])
        #expect(piped.output.contains("red\u{1B}[31mtext"))
    }
}
