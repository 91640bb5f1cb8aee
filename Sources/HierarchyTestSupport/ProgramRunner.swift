import Foundation

/// Finds and runs the built `hierarchy` program.
public enum ProgramRunner {
    /// The built program, next to the test bundle.
    public static var executable: URL {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("hierarchy"),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
                "hierarchy"),
        ]
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        return candidates[0]
    }

    /// The program that runs another program as another user.
    public static let runuser = "/usr/sbin/runuser"

    /// Whether ``run(_:environment:timeout:user:)`` can run as another user: as root, with `runuser`.
    public static var canRunAsAnotherUser: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: runuser)
    }

    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var error: String
    }

    /// Runs the program with no terminal, standard input from /dev/null, bounded in time, in
    /// this process's environment less `PGPASSWORD`, plus `environment`.
    ///
    /// The pipes are read on threads of their own and the caller awaits them, so no thread of
    /// Swift's cooperative pool (which the other tests share) is ever blocked.
    ///
    /// - Parameter user: Run as this user (through `runuser`, which needs root), e.g. `nobody`
    ///   to meet files the tests' root may read but the user may not.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(60),
        user: String? = nil
    ) async throws -> Result {
        let what = "hierarchy \(arguments.joined(separator: " "))"
        if let user {
            return try await run(
                program: URL(fileURLWithPath: runuser), ["-u", user, "--", executable.path] + arguments,
                environment: environment, timeout: timeout, what: what)
        }
        return try await run(program: executable, arguments, environment: environment, timeout: timeout, what: what)
    }

    /// Runs any program as ``run(_:environment:timeout:user:)`` runs `hierarchy`.
    ///
    /// - Parameters:
    ///   - program: The program to run.
    ///   - arguments: Its arguments.
    ///   - environment: Variables added to this process's environment (less `PGPASSWORD`).
    ///   - timeout: How long it may run before it is terminated.
    ///   - what: What ``TimedOut`` names; by default the program's name and its arguments.
    /// - Throws: ``TimedOut`` when the program outlives `timeout`; an error starting it.
    public static func run(
        program: URL, _ arguments: [String], environment: [String: String] = [:],
        timeout: Duration = .seconds(60), what: String? = nil
    ) async throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["PGPASSWORD"] = nil
        variables.merge(environment) { $1 }
        process.environment = variables
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        let deadline = Task {
            try await Task.sleep(for: timeout)
            process.terminate()
        }
        defer { deadline.cancel() }
        async let output = readToEnd(out.fileHandleForReading)
        async let error = readToEnd(err.fileHandleForReading)
        let (outData, errData) = await (output, error)
        let status = await exitStatus(of: process)
        // These runs never signal the program otherwise: a SIGTERM is the deadline's.
        if status == SIGTERM, process.terminationReason == .uncaughtSignal {
            throw TimedOut(what: what ?? ([program.lastPathComponent] + arguments).joined(separator: " "))
        }
        return Result(
            status: status, output: String(decoding: outData, as: UTF8.self),
            error: String(decoding: errData, as: UTF8.self))
    }

    private static func readToEnd(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: handle.readDataToEndOfFile()) }
        }
    }

    private static func exitStatus(of process: Process) async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                process.waitUntilExit()
                continuation.resume(returning: process.terminationStatus)
            }
        }
    }

    public struct TimedOut: Error, CustomStringConvertible {
        public var what: String
        public var description: String { "timed out: \(what)" }
    }
}
