import Foundation

/// A private tmux server for one test: starts a command in a pane of a given size, types
/// keys, reads the screen, and waits (with a deadline) for what a person would see.
final class Tmux {
    let socket: String
    let session = "e2e"

    static var isAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    init(command: String, columns: Int = 120, rows: Int = 40) throws {
        socket = "hierarchy-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        // The server this starts outlives the command: it must not inherit a pipe we read.
        try run(["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)", command], capture: false)
    }

    deinit {
        _ = try? run(["kill-server"], capture: false)
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try run(arguments, capture: true)
    }

    private func run(_ arguments: [String], capture: Bool) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-L", socket, "-f", "/dev/null"] + arguments
        var environment = ProcessInfo.processInfo.environment.merging(["TERM": "xterm-256color"]) { $1 }
        environment["TMUX"] = nil
        environment["NO_COLOR"] = nil
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard capture else {
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return ""
        }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: temporary.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let handle = try FileHandle(forWritingTo: temporary)
        process.standardOutput = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (try? String(contentsOf: temporary, encoding: .utf8)) ?? ""
    }

    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", session])
    }

    /// A tmux format value of the pane (`alternate_on`, `cursor_flag`, `mouse_any_flag`…).
    func format(_ name: String) throws -> String {
        try tmux(["display-message", "-p", "-t", session, "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the screen satisfies `condition`, polling until the deadline.
    @discardableResult
    func waitFor(_ description: String, timeout: Duration = .seconds(20), _ condition: (String) -> Bool) throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var last = ""
        while clock.now < deadline {
            last = try screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw WaitFailed(description: description, screen: last)
    }

    struct WaitFailed: Error, CustomStringConvertible {
        var description: String
        var screen: String
        var descriptionText: String { description }
    }
}
