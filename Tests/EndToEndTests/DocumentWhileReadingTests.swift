import Foundation
import HierarchyTestSupport
import Testing

/// `hierarchy browse` of a document that is still being read: a named pipe the test feeds
/// and holds open, so the read cannot end while the screen is checked.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct DocumentWhileReadingTests {
    /// Runs the program in a shell that reports how it ended and whether the tty is sane.
    func start(_ arguments: String) throws -> Tmux {
        try Tmux.program(arguments, rows: 30, reportsTerminalModes: true)
    }

    static func items(_ range: Range<Int>) -> String {
        range.map { #"{"title": "Item \#($0)", "children": [{"title": "Part \#($0)"}]}"# }.joined(separator: ",")
    }

    @Test func firstRowsAndProgressWhileReadingAndQuitAtOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hierarchy-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let feeder = try FIFOFeeder(path: directory.appendingPathComponent("big.json").path)
        defer { feeder.close() }
        feeder.write(#"{"title": "Big", "children": ["# + Self.items(0..<300) + ",")

        let tmux = try start("browse \(feeder.path)")
        let first = try await tmux.waitFor("the first rows and the progress while reading") {
            $0.contains("Item 0") && $0.contains("reading ") && $0.contains("? help")
        }
        #expect(first.contains("Big"))
        try await tmux.waitFor("the count so far") { $0.contains("of 300") }
        // Keys work while the read goes on: the focus moves and the next level opens.
        try tmux.send("j")
        try await tmux.waitFor("the second item focused") { $0.contains("2 of 300") }
        try tmux.send("l")
        try await tmux.waitFor("the second item's child") { $0.contains("Part 1") }
        // More input: the count grows under the open column, the focus stays.
        feeder.write(Self.items(300..<450) + ",")
        try await tmux.waitFor("the count growing") { $0.contains("Part 1") && $0.contains("reading ") }
        try tmux.send("h")
        try await tmux.waitFor("the grown count") { $0.contains("2 of 450") }
        // `q` quits though the pipe is still open and the read not done (it never ends while
        // the pipe is open, so a quit that waited for it would not come).
        try tmux.send("q")
        let screen = try await tmux.waitFor("the program to exit") { $0.contains("DONE") }
        #expect(screen.contains("EXIT=0"))
        #expect(screen.contains("icanon echo"))
        #expect(try tmux.format("alternate_on") == "0")
    }

    @Test func theProgressNoteGoesWhenTheReadEnds() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hierarchy-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let feeder = try FIFOFeeder(path: directory.appendingPathComponent("big.json").path)
        defer { feeder.close() }
        feeder.write("[" + Self.items(0..<50) + ",")

        let tmux = try start("browse \(feeder.path)")
        try await tmux.waitFor("the first rows while reading") { $0.contains("Item 0") && $0.contains("reading ") }
        feeder.write(Self.items(50..<60) + "]")
        feeder.close()
        let done = try await tmux.waitFor("the read done") { $0.contains("of 60") && !$0.contains("reading ") }
        #expect(done.contains("big.json"))
        try tmux.send("q")
        let screen = try await tmux.waitFor("the program to exit") { $0.contains("DONE") }
        #expect(screen.contains("EXIT=0"))
    }
}
