import Foundation
import HierarchySources

#if canImport(Glibc)
    import Glibc
#endif

/// A private tmux server for one test: starts a command in a pane of a given size, types
/// keys, reads the screen, and waits for what a person would see: the screen is read again each
/// time the program writes to the pane (tmux tells a client in control mode), within a deadline.
public final class Tmux {
    public let socket: String
    public let session = "e2e"
    /// The pane's output as events, from a tmux client in control mode.
    private var watcher: PaneWatcher?
    /// The server's socket, which `kill-server` leaves behind.
    private var socketPath: String?

    public static var isAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public init(command: String, columns: Int = 120, rows: Int = 40) throws {
        socket = "hierarchy-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        // The server this starts outlives the command: it must not inherit a pipe we read.
        try run(["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)", command], capture: false)
        watcher = try PaneWatcher(arguments: Self.clientArguments(socket) + ["-C", "attach-session", "-t", session])
        socketPath = try? format("socket_path")
    }

    /// How every tmux client of this server is started: no user configuration, a known terminal.
    private static func clientArguments(_ socket: String) -> [String] {
        [
            "/usr/bin/env", "-u", "TMUX", "-u", "NO_COLOR", "TERM=xterm-256color", "tmux", "-L", socket, "-f",
            "/dev/null",
        ]
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
        watcher?.stop()
        _ = try? run(["kill-server"], capture: false)
        if let socketPath, !socketPath.isEmpty { unlink(socketPath) }
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
        let pid = try spawnAsFromShell(Self.clientArguments(socket) + arguments) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        _ = reapChildBlocking(pid)
        guard capture else { return "" }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
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

    /// Waits until the screen satisfies `condition`: it is read now, then again after each
    /// output of the program to the pane (an event from tmux), until the deadline. The deadline
    /// only bounds a failing test, so it is generous: in a full run on two cores beside
    /// `stress-ng --cpu 2`, six programs started at once showed nothing for over 60 s.
    @discardableResult
    public func waitFor(_ description: String, timeout: Duration = .seconds(180), _ condition: (String) -> Bool)
        async throws -> String
    {
        try await waitFor(description, timeout: timeout, reading: screen, until: condition)
    }

    /// Waits until what `read` returns satisfies `condition`: something the program changes
    /// before it draws (a pane's format such as `alternate_on`, a file it writes), read now and
    /// again after each output of the program to the pane, or its end, until the deadline.
    @discardableResult
    public func waitFor<Value>(
        _ description: String, timeout: Duration = .seconds(180), reading read: () throws -> Value,
        until condition: (Value) -> Bool
    ) async throws -> Value {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var last: Value?
        while true {
            // Counted before reading: output that comes meanwhile is not missed.
            let seen = watcher?.progress.value.outputs ?? 0
            let value = try read()
            last = value
            if condition(value) { return value }
            guard let watcher, await watcher.untilOutput(after: seen, deadline: deadline) else { break }
        }
        let shown = last.map { $0 as? String ?? String(describing: $0) } ?? ""
        throw WaitFailed(description: description, screen: shown)
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

/// A tmux client in control mode (`tmux -C attach-session`): tmux writes a `%output` line for each
/// output of a pane, which this counts on a thread of its own. The client ends when its standard
/// input closes (``stop()``) or the server goes.
final class PaneWatcher: Sendable {
    /// The number of `%output` lines so far, and whether the client ended.
    let progress = ObservedValue((outputs: 0, ended: false))
    /// The write end of the client's standard input: closing it ends the client.
    private let input: Int32

    init(arguments: [String]) throws {
        var toClient: [Int32] = [0, 0]
        var fromClient: [Int32] = [0, 0]
        guard pipe(&toClient) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard pipe(&fromClient) == 0 else {
            close(toClient[0])
            close(toClient[1])
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        // The child has its own copies of its ends; these are closed here either way.
        defer {
            close(toClient[0])
            close(fromClient[1])
        }
        let client: pid_t
        do {
            client = try spawnAsFromShell(arguments) { actions in
                posix_spawn_file_actions_adddup2(&actions, toClient[0], 0)
                posix_spawn_file_actions_adddup2(&actions, fromClient[1], 1)
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            }
        } catch {
            close(toClient[1])
            close(fromClient[0])
            throw error
        }
        input = toClient[1]
        let (output, progress) = (fromClient[0], progress)
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            // The first bytes of the line being read: enough to tell an `%output` line.
            var line: [UInt8] = []
            while true {
                let count = read(output, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                var lines = 0
                for byte in buffer[0..<count] {
                    if byte == UInt8(ascii: "\n") {
                        if line.elementsEqual("%output ".utf8) { lines += 1 }
                        line.removeAll(keepingCapacity: true)
                    } else if line.count < 8 {
                        line.append(byte)
                    }
                }
                if lines > 0 { progress.withLock { $0.outputs += lines } }
            }
            close(output)
            progress.withLock { $0.ended = true }
            _ = reapChildBlocking(client)
        }
        thread.name = "tmux control client"
        thread.start()
    }

    /// Waits until the pane wrote more than `seen` outputs (`true`), or the client ended or the
    /// deadline passed first (`false`). The deadline is a guard, not a synchronisation.
    func untilOutput(after seen: Int, deadline: ContinuousClock.Instant) async -> Bool {
        let left = deadline - .now
        let changed = (try? await withTimeout(left) { await self.progress.until { $0.outputs > seen || $0.ended } })
        return changed == true && !progress.value.ended
    }

    /// Ends the client (its standard input closes).
    func stop() {
        close(input)
    }
}
