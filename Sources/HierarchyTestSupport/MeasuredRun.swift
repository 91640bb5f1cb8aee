import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the program under `/usr/bin/time` and reports how it ended and its peak resident memory,
/// with standard input from /dev/null, bounded in time and, if asked, in output.
///
/// The peak is the program's own: `time` forks it from a small process of its own, so the
/// figure never holds the test process's pages (a child spawned straight from the test process
/// shares them until it starts the program, and its `ru_maxrss` keeps that peak). The program's
/// end is awaited (`waitid`), not polled; a process group of its own lets the deadline end the
/// program with `time`; an output bound is a file-size limit (`prlimit --fsize`), so a program
/// that writes too much is stopped by the kernel at the limit.
public enum MeasuredRun {
    static let time = "/usr/bin/time"
    static let prlimit = "/usr/bin/prlimit"

    /// Whether `/usr/bin/time` (Debian's `time`) and `prlimit` (util-linux) are installed.
    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: time) && FileManager.default.isExecutableFile(atPath: prlimit)
    }

    /// How a run ended.
    public struct Result: Sendable {
        /// The exit status, when the program exited.
        public var status: Int32?
        /// The signal that ended it, when one did.
        public var signal: Int32?
        /// Peak resident memory in bytes.
        public var maxRSS: Int
        /// Standard output (empty unless kept; at most the output bound).
        public var output: Data
        /// Standard error.
        public var error: Data
        /// Whether the deadline ended it.
        public var timedOut: Bool
        /// Whether it reached the output bound.
        public var tooMuchOutput: Bool

        /// Standard error as text.
        public var errorText: String { String(decoding: error, as: UTF8.self) }
    }

    /// Runs `hierarchy` with `arguments`.
    ///
    /// - Parameters:
    ///   - arguments: The program's arguments.
    ///   - keepingOutput: Whether standard output is kept (else discarded).
    ///   - outputLimit: The most bytes any file it writes may hold (standard output included).
    ///   - timeout: How long it may run before it is killed.
    /// - Returns: How it ended.
    /// - Throws: An error starting it.
    public static func run(
        _ arguments: [String], keepingOutput: Bool = false, outputLimit: Int64? = nil,
        timeout: Duration = .seconds(300)
    ) async throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("measured-\(UUID().uuidString)")
            .path
        let outputFile = keepingOutput ? scratch + ".out" : "/dev/null"
        let errorFile = scratch + ".err"
        let timeFile = scratch + ".time"
        defer {
            if keepingOutput { unlink(outputFile) }
            unlink(errorFile)
            unlink(timeFile)
        }
        let limit = outputLimit.map { [prlimit, "--fsize=\($0)", "--"] } ?? []
        let argv = limit + [time, "-o", timeFile, "-f", "%M", ProgramRunner.executable.path] + arguments
        // A process group of its own, so the deadline ends the program with `time`.
        let pid = try spawnAsFromShell(
            argv, flags: POSIX_SPAWN_SETPGROUP, attributes: { posix_spawnattr_setpgroup(&$0, 0) },
            fileActions: { actions in
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            })
        let (status, killed) = await reapChild(pid, killing: -pid, after: timeout)
        let output = keepingOutput ? (FileManager.default.contents(atPath: outputFile) ?? Data()) : Data()
        let error = FileManager.default.contents(atPath: errorFile) ?? Data()
        let report = (try? String(contentsOfFile: timeFile, encoding: .utf8)) ?? ""
        let kilobytes = report.split(separator: "\n").last.flatMap { Int($0) } ?? 0
        // `time` exits with the program's status, or 128 plus the signal that ended it.
        let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let written = (keepingOutput ? [outputFile] : []) + [errorFile]
        let reachedLimit = outputLimit.map { limit in written.contains { size(of: $0) >= limit } } ?? false
        return Result(
            status: exit < 128 ? exit : nil, signal: exit >= 128 ? exit - 128 : nil, maxRSS: kilobytes * 1024,
            output: output, error: error, timedOut: killed, tooMuchOutput: reachedLimit)
    }

    static func size(of path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }
}
