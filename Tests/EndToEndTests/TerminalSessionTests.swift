import Foundation
import HierarchyTestSupport
import Testing

/// The real program in a real terminal (tmux): keys in, screen out, and the terminal left
/// sane however the program ends.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct TerminalSessionTests {
    /// Runs the program in a shell that reports how it ended and whether the tty is sane.
    func start(_ arguments: String = "", columns: Int = 120, rows: Int = 40) throws -> Tmux {
        try Tmux.program(arguments, columns: columns, rows: rows, reportsTerminalModes: true)
    }

    func expectSane(_ tmux: Tmux, exit: String) async throws {
        let screen = try await tmux.waitFor("the program to exit") { $0.contains("DONE") }
        #expect(screen.contains("EXIT=\(exit)"))
        #expect(screen.contains("icanon echo"))
        #expect(try tmux.format("alternate_on") == "0")
        #expect(try tmux.format("cursor_flag") == "1")
        #expect(try tmux.format("mouse_any_flag") == "0")
    }

    @Test func browseTheSampleAndQuit() async throws {
        let tmux = try start()
        try await tmux.waitFor("the first frame") { $0.contains("Production") && $0.contains("? help") }
        #expect(try tmux.format("alternate_on") == "1")
        #expect(try tmux.format("cursor_flag") == "0")
        try tmux.send("j")
        try await tmux.waitFor("the focus on Utilities") { $0.contains("2 of 8") }
        try tmux.send("l")
        try await tmux.waitFor("the path to Compressed air") {
            $0.contains("Hamburg Plant › Utilities › Compressed air")
        }
        try tmux.send("q")
        try await expectSane(tmux, exit: "0")
    }

    @Test func resizingRelaysOutAtOnce() async throws {
        let tmux = try start()
        try await tmux.waitFor("the first frame") { $0.contains("Production") }
        try tmux.tmux(["resize-window", "-t", tmux.session, "-x", "40", "-y", "12"])
        let compact = try await tmux.waitFor("the compact header") { $0.contains("‹ Prev") }
        #expect(compact.split(separator: "\n").allSatisfy { $0.count <= 40 })
        try tmux.send("C-c")
        try await expectSane(tmux, exit: "0")
    }

    @Test func sigtermRestoresTheTerminal() async throws {
        let tmux = try start()
        try await tmux.waitFor("the first frame") { $0.contains("Production") }
        let shell = try tmux.format("pane_pid")
        let pkill = Process()
        pkill.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        pkill.arguments = ["pkill", "-TERM", "-P", shell, "hierarchy"]
        try pkill.run()
        pkill.waitUntilExit()
        try await expectSane(tmux, exit: "143")
    }

    /// Ctrl-Z stops the job with the terminal restored, and `fg` redraws: for the sample, and
    /// for a directory browsed in a supervised child process (`--supervise`, see ProcessSupervisor).
    @Test(arguments: [false, true])
    func suspendAndResumeRedraws(directory: Bool) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hierarchy-suspend-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Production"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = ProgramRunner.executable.path + (directory ? " --supervise '\(folder.path)'" : "")
        let tmux = try Tmux(command: "env PS1='$ ' bash --norc --noprofile -i", columns: 100, rows: 30)
        try await tmux.waitFor("the shell prompt") { $0.contains("$") }
        try tmux.send(program, "Enter")
        try await tmux.waitFor("the first frame") { $0.contains("Production") && $0.contains("? help") }
        try tmux.send("C-z")
        try await tmux.waitFor("the job stopped") { $0.contains("Stopped") }
        #expect(try tmux.format("alternate_on") == "0")
        try tmux.send("fg", "Enter")
        try await tmux.waitFor("the redrawn frame") { $0.contains("Production") && $0.contains("? help") }
        #expect(try tmux.format("alternate_on") == "1")
        try tmux.send("q")
        try tmux.send("echo EXIT=$?; stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon; echo DONE$((1+1))", "Enter")
        let screen = try await tmux.waitFor("the shell back") { $0.contains("DONE2") }
        #expect(screen.contains("EXIT=0"))
        #expect(screen.contains("\nicanon"))
    }
}
