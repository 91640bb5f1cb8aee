import Foundation
import HierarchySources
import HierarchyTestSupport
import Testing

/// The store commands' answers to what they cannot do: a start that is not in the store, a
/// corrupt store to change, a hierarchy too large to generate, and titles that would drive a
/// terminal. Each ends with one `hierarchy: ...` line and its exit code, never 0 and no output.
@Suite struct StoreCommandAnswerTests {
    /// A scratch directory with a document and a store made from it.
    final class Fixture: Sendable {
        let dir: URL
        init() async throws {
            dir = try ScratchDirectory.make("hierarchy-answers")
            try Data(
                #"{"title": "Plant", "children": [{"id": "p1", "title": "Pump", "children": [{"id": "s1", "title": "Seal"}]}]}"#
                    .utf8
            )
            .write(to: url("plant.json"))
            let imported = try await ProgramRunner.run(["import", path("plant.json"), "--into", path("plant.db")])
            #expect(imported.status == 0, "\(imported.error)")
        }
        deinit { try? FileManager.default.removeItem(at: dir) }
        func url(_ name: String) -> URL { dir.appendingPathComponent(name) }
        func path(_ name: String) -> String { url(name).path }
    }

    /// Runs the program and expects `code`, no output and one `hierarchy: ...` line.
    @discardableResult
    static func expect(_ arguments: [String], exits codes: Set<Int32>) async throws -> String {
        let result = try await ProgramRunner.run(arguments, timeout: .seconds(60))
        let command = "hierarchy \(arguments.joined(separator: " "))"
        #expect(codes.contains(result.status), "\(command): \(result.status) \(result.error)")
        #expect(result.output.isEmpty, "\(command): \(result.output)")
        let lines = result.error.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.count == 1, "\(command): \(result.error)")
        #expect(lines.first?.hasPrefix("hierarchy: ") == true, "\(command): \(result.error)")
        return result.error
    }

    @Test func printOfAStoreFromAMissingStartExits66LikeADocument() async throws {
        let f = try await Fixture()
        let store = try await Self.expect(["print", f.path("plant.db"), "--start", "nope"], exits: [66])
        let document = try await Self.expect(["print", f.path("plant.json"), "--start", "nope"], exits: [66])
        #expect(store.hasPrefix("hierarchy: \(f.path("plant.db")): no item with id \"nope\" in the "), "\(store)")
        #expect(
            document.hasPrefix("hierarchy: \(f.path("plant.json")): no item with id \"nope\" in the "), "\(document)")
        let found = try await ProgramRunner.run(["print", f.path("plant.db"), "--start", "p1", "--ascii"])
        #expect(found.status == 0, "\(found.error)")
        #expect(found.output == "Pump\n`-- Seal\n", "\(found.output)")
    }

    @Test func editsOfACorruptStoreFailWithOneLineAndLeaveItAsItWas() async throws {
        let f = try await Fixture()
        let store = try Data(contentsOf: f.url("plant.db"))
        var random = SplitMix64(seed: 26)
        let noise = Data((0..<store.count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        let corrupt: [(name: String, bytes: Data, codes: Set<Int32>)] = [
            // Not a store at all: it cannot be changed (69), as before.
            ("noise.db", noise, [69]),
            // A store's header over random pages, and a store cut short: malformed (65) or unreadable (74).
            ("header.db", store.prefix(100) + noise.dropFirst(100), [65, 74]),
            ("truncated.db", store.prefix(store.count / 2), [65, 74]),
            ("first-page.db", store.prefix(4096), [65, 74]),
        ]
        for file in corrupt {
            try file.bytes.write(to: f.url(file.name))
            let path = f.path(file.name)
            try await Self.expect(["add", path, "--parent", "p1", "--title", "Gasket"], exits: file.codes)
            try await Self.expect(["rename", path, "s1", "Gasket"], exits: file.codes)
            try await Self.expect(["move", path, "s1", "--parent", "p1"], exits: file.codes)
            try await Self.expect(["delete", path, "s1", "--yes"], exits: file.codes)
            #expect(try Data(contentsOf: f.url(file.name)) == file.bytes, "\(file.name) was changed")
        }
    }

    @Test func editsOfAStoreDamagedAwayFromTheEditedItemsFailToo() async throws {
        let f = try await Fixture()
        let path = f.path("damaged.db")
        let generated = try await ProgramRunner.run(
            ["generate", "--nodes", "20000", "--depth", "3", "--into", path, "--no-search-index"])
        #expect(generated.status == 0, "\(generated.error)")
        // Random bytes over an eighth of the pages in the middle: the first pages (the schema,
        // the first items) are intact, so SQLite itself would accept edits that touch only them.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var random = SplitMix64(seed: 26)
        let start = bytes.count / 2
        for index in start..<(start + bytes.count / 8) { bytes[index] = UInt8(truncatingIfNeeded: random.next()) }
        try bytes.write(to: URL(fileURLWithPath: path))
        for arguments in [
            ["add", path, "--parent", "n1", "--title", "Gasket"], ["rename", path, "n5", "Gasket"],
            ["move", path, "n5", "--parent", "n2"], ["delete", path, "n7", "--yes"],
        ] {
            let error = try await Self.expect(arguments, exits: [65])
            #expect(error.contains("corrupt"), "\(error)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "the damaged store was changed")
    }

    @Test func generateRefusesCountsPastItsLimitBeforeAllocating() async throws {
        let f = try await Fixture()
        let db = f.path("huge.db")
        let nodes = try await Self.expect(["generate", "--nodes", "100000000000", "--into", db], exits: [64])
        #expect(nodes.contains("at most 1000000000"), "\(nodes)")
        let depth = try await Self.expect(
            ["generate", "--nodes", "1000", "--depth", "1000000000", "--into", db], exits: [64])
        #expect(depth.contains("at most 100000"), "\(depth)")
        #expect(!FileManager.default.fileExists(atPath: db))
        let small = try await ProgramRunner.run(["generate", "--nodes", "1000", "--depth", "1000", "--into", db])
        #expect(small.status == 0, "\(small.error)")
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed"))
    func csvExportToATerminalEscapesBidiAndControlCharacters() async throws {
        let f = try await Fixture()
        let title = "invoice\u{202E}fdp.exe \u{2066}x\u{2069} \u{9B}31m"
        let document = f.url("bidi.json")
        try JSONSerialization.data(withJSONObject: ["title": "Root", "children": [["title": title]]])
            .write(to: document)
        let store = f.path("bidi.db")
        let imported = try await ProgramRunner.run(["import", document.path, "--into", store, "--no-search-index"])
        #expect(imported.status == 0, "\(imported.error)")
        for format in ["csv", "json"] {
            let tmux = try Tmux.program("export '\(store)' --format \(format)", rows: 10)
            let screen = try await tmux.waitFor("export to end") { $0.contains("EXIT=") }
            #expect(screen.contains("EXIT=0"), "\(screen)")
            #expect(screen.contains("invoice\\u{202E}fdp.exe \\u{2066}x\\u{2069} \\u{9B}31m"), "\(screen)")
            #expect(!screen.contains("\u{202E}"), "\(screen)")
            // Piped, the bytes are exact.
            let piped = try await ProgramRunner.run(["export", store, "--format", format])
            #expect(piped.output.contains(title), "\(piped.output)")
        }
    }
}
