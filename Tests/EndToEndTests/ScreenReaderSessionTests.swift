import Foundation
import HierarchyTestSupport
import Testing

/// `browse --screen-reader` in a real terminal (tmux): the focused item's text on the status
/// line, the visible cursor on the focused row, each text announced to a file; and its options'
/// errors.
@Suite(.serialized)
struct ScreenReaderSessionTests {
    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed"))
    func focusedItemOnTheStatusLineCursorOnItsRowAnnounced() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hierarchy-sr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("spoken.txt").path
        let tmux = try Tmux.program("--screen-reader --announce '\(file)'", columns: 100, rows: 30)
        let screen = try await tmux.waitFor("the focused item on the status line") {
            $0.split(separator: "\n").last?.contains("Is showing children") == true
        }
        var status = String(screen.split(separator: "\n").last ?? "").trimmingCharacters(in: .whitespaces)
        if status.hasSuffix("? help") { status = String(status.dropLast(6)).trimmingCharacters(in: .whitespaces) }
        let title = String(status.split(separator: ",").first ?? "")
        #expect(!title.isEmpty)
        // The cursor is shown, on the focused row, at its title.
        #expect(try tmux.format("cursor_flag") == "1")
        let y = try #require(Int(try tmux.format("cursor_y")))
        let x = try #require(Int(try tmux.format("cursor_x")))
        let row = screen.split(separator: "\n", omittingEmptySubsequences: false)[y]
        #expect(String(row.dropFirst(x)).hasPrefix(title), "\(row)")
        // Moving the focus says the next item, on the line and to the file.
        try tmux.send("j")
        try await tmux.waitFor("the next item on the status line") {
            !($0.split(separator: "\n").last ?? "").contains(title + ",")
        }
        // The file holds the focused item's text, then the next item's, one line each.
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(60))
        var lines: [Substring] = []
        func done() -> Bool {
            guard let index = lines.firstIndex(of: Substring(status)) else { return false }
            return index + 1 < lines.count
        }
        while clock.now < deadline {
            lines = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n")
            if done() { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(done(), "\(lines) after \(status)")
        #expect(lines.last != Substring(status))
        try tmux.send("q")
        let end = try await tmux.waitFor("the program to exit") { $0.contains("DONE") }
        #expect(end.contains("EXIT=0"))
    }

    @Test func announceOptionErrors() async throws {
        let missing = try await ProgramRunner.run(["browse", "--announce", "/nonexistent-dir/spoken.txt"])
        #expect(missing.status == 73, "\(missing.error)")
        #expect(missing.error.hasPrefix("hierarchy: cannot open /nonexistent-dir/spoken.txt"), "\(missing.error)")
        let both = try await ProgramRunner.run(["browse", "--announce", "a.txt", "--announce-command", "cat"])
        #expect(both.status == 64, "\(both.error)")
        #expect(both.error.contains("--announce and --announce-command cannot be used together"), "\(both.error)")
    }
}
