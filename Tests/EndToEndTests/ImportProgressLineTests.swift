import Foundation
import HierarchyTestSupport
import Testing

/// `hierarchy import` draws a progress line on a terminal and stays quiet when piped.
@Suite(.serialized)
struct ImportProgressLineTests {
    static func items(_ range: Range<Int>) -> String {
        range.map { #"{"title": "Item \#($0)"}"# }.joined(separator: ",")
    }

    static func directory() throws -> URL {
        try ScratchDirectory.make("hierarchy-import")
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed"))
    func aProgressLineOnATerminal() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let feeder = try FIFOFeeder(path: directory.appendingPathComponent("big.json").path)
        defer { feeder.close() }
        let store = directory.appendingPathComponent("big.db").path
        feeder.write("[" + Self.items(0..<5_000) + ",")
        let tmux = try Tmux.program("import '\(feeder.path)' --into '\(store)' --no-search-index", rows: 10)
        try await tmux.waitFor("the progress line") { $0.contains("reading ") && $0.contains(" items") }
        // The pipe stays open: the line stays while the import waits; more input, a rate.
        feeder.write(Self.items(5_000..<10_000) + ",")
        let line = try await tmux.waitFor("the rate") { $0.contains("items/s") }
        #expect(line.contains("MB · "))
        feeder.write(Self.items(10_000..<12_000) + "]")
        feeder.close()
        let screen = try await tmux.waitFor("the import done") { $0.contains("DONE") }
        #expect(screen.contains("EXIT=0"))
        #expect(screen.contains("imported 1200"))
        // The progress line was cleared before the summary.
        #expect(!screen.contains("items/s ·"))
    }

    @Test func quietWhenStandardErrorIsNotATerminal() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = directory.appendingPathComponent("doc.json")
        try Data(("[" + Self.items(0..<20_000) + "]").utf8).write(to: document)
        let store = directory.appendingPathComponent("doc.db").path
        let result = try await ProgramRunner.run(["import", document.path, "--into", store, "--no-search-index"])
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        #expect(result.output.hasPrefix("imported 2000"))
    }

    @Test func quietForAPropertyListWhenPiped() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let children: [[String: Any]] = (0..<20_000).map { ["title": "Item \($0)"] }
        for (name, format) in [("xml", PropertyListSerialization.PropertyListFormat.xml), ("binary", .binary)] {
            let document = directory.appendingPathComponent("\(name).plist")
            try PropertyListSerialization.data(
                fromPropertyList: ["title": "Root", "children": children], format: format, options: 0
            ).write(to: document)
            let store = directory.appendingPathComponent("\(name).db").path
            let result = try await ProgramRunner.run(["import", document.path, "--into", store, "--no-search-index"])
            #expect(result.status == 0)
            #expect(result.error.isEmpty)
            #expect(result.output.hasPrefix("imported 20001"))
        }
    }
}
