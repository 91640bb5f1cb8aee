import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private tmux server for one test: starts a command in a pane of a given size, types
/// keys, reads the screen, and waits (with a deadline) for what a person would see.
public final class Tmux {
    public let socket: String
    public let session = "e2e"

    public static var isAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public init(command: String, columns: Int = 120, rows: Int = 40) throws {
        socket = "hierarchy-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        // The server this starts outlives the command: it must not inherit a pipe we read.
        try run(["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)", command], capture: false)
    }

    /// Runs the built `hierarchy` program in a shell that, once it ends, prints `EXIT=` and its
    /// status, optionally the terminal's `icanon`/`echo` modes (to prove the terminal was
    /// restored), and `DONE`, then keeps the pane open for the test to read.
    ///
    /// - Parameters:
    ///   - arguments: The program's arguments, as shell text (quote paths).
    ///   - reportsTerminalModes: Whether to print the terminal's modes after the program.
    public static func program(
        _ arguments: String, columns: Int = 120, rows: Int = 40, reportsTerminalModes: Bool = false
    ) throws -> Tmux {
        let script = try ScratchDirectory.make("hierarchy-e2e").appendingPathComponent("session.sh")
        let modes =
            reportsTerminalModes
            ? "stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '\necho\n" : ""
        try """
        \(ProgramRunner.executable.path) \(arguments)
        echo EXIT=$?
        \(modes)echo DONE
        exec sleep 60
        """.write(to: script, atomically: true, encoding: .utf8)
        return try Tmux(command: "sh \(script.path)", columns: columns, rows: rows)
    }

    deinit {
        _ = try? run(["kill-server"], capture: false)
    }

    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String {
        try run(arguments, capture: true)
    }

    private func run(_ arguments: [String], capture: Bool) throws -> String {
        // posix_spawn and waitpid: the tmux server forks from the client, and nothing of
        // Foundation's process monitoring may wait on it.
        let output =
            capture
            ? FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
            : "/dev/null"
        defer { if capture { unlink(output) } }
        let argv =
            [
                "/usr/bin/env", "-u", "TMUX", "-u", "NO_COLOR", "TERM=xterm-256color", "tmux", "-L", socket, "-f",
                "/dev/null",
            ] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The tmux server outlives this call: it must not keep other tests' pipes open.
        _ = spawnFileActionsAddCloseFrom(&actions, 3)
        var pid: pid_t = 0
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        let result = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
        guard result == 0 else { throw SpawnFailed(code: result) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard capture else { return "" }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    public struct SpawnFailed: Error {
        public var code: Int32
    }

    public func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    public func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", session])
    }

    /// A tmux format value of the pane (`alternate_on`, `cursor_flag`, `mouse_any_flag`…).
    public func format(_ name: String) throws -> String {
        try tmux(["display-message", "-p", "-t", session, "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the screen satisfies `condition`, looking again every 50 ms until the
    /// deadline (the screen belongs to another process: there is no event to await). The
    /// deadline is generous: in a full run on two cores beside `stress-ng --cpu 2`, six
    /// programs started at once showed nothing for over 60 s, and only a failing test waits that
    /// long.
    @discardableResult
    public func waitFor(_ description: String, timeout: Duration = .seconds(180), _ condition: (String) -> Bool)
        async throws -> String
    {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var last = ""
        while clock.now < deadline {
            last = try screen()
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw WaitFailed(description: description, screen: last)
    }

    /// What a test waited for in vain, and the screen at the deadline (in the failure message).
    public struct WaitFailed: Error, CustomStringConvertible {
        public var awaited: String
        public var screen: String

        public init(description: String, screen: String) {
            self.awaited = description
            self.screen = screen
        }

        public var description: String {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return "\(awaited) (screen: \(lines.isEmpty ? "empty" : lines.prefix(6).joined(separator: " | ")))"
        }
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which the Glibc module does not
/// export: a spawned program that outlives the call (tmux, a database server) must not keep the
/// test process's pipes open.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
public func spawnFileActionsAddCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32)
    -> Int32
