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
        // The first frames may focus the root while its children load, then its first child:
        // the screen and the cursor are read together, and again until the screen holds still.
        func status(of screen: String) -> String {
            let line = String(screen.split(separator: "\n").last ?? "").trimmingCharacters(in: .whitespaces)
            return line.hasSuffix("? help") ? String(line.dropLast(6)).trimmingCharacters(in: .whitespaces) : line
        }
        func textAtCursor(_ read: (screen: String, x: Int?, y: Int?, again: String)) -> Substring? {
            guard read.screen == read.again, let x = read.x, let y = read.y else { return nil }
            let rows = read.screen.split(separator: "\n", omittingEmptySubsequences: false)
            return rows.indices.contains(y) ? rows[y].dropFirst(x) : nil
        }
        // The cursor is shown, on the focused row, at its title.
        let read = try await tmux.waitFor(
            "the focused item on the status line, the cursor at its title",
            reading: {
                (
                    try tmux.screen(), Int(try tmux.format("cursor_x")), Int(try tmux.format("cursor_y")),
                    try tmux.screen()
                )
            },
            until: { read in
                let status = status(of: read.0)
                guard status.contains("Is showing children"), let title = status.split(separator: ",").first,
                    let text = textAtCursor(read)
                else { return false }
                return text.hasPrefix(title)
            })
        let status = status(of: read.0)
        let title = String(status.split(separator: ",").first ?? "")
        #expect(!title.isEmpty)
        #expect(try tmux.format("cursor_flag") == "1")
        // Moving the focus says the next item, on the line and to the file.
        try tmux.send("j")
        try await tmux.waitFor("the next item on the status line") {
            !($0.split(separator: "\n").last ?? "").contains(title + ",")
        }
        // The file holds the focused item's text, then the next item's, one line each (written
        // as a frame is made, so read again after each output to the pane).
        let lines = try await tmux.waitFor(
            "the next item announced",
            reading: { ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n") },
            until: { lines in lines.firstIndex(of: Substring(status)).map { $0 + 1 < lines.count } ?? false })
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
