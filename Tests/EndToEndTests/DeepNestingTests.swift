import Foundation
import HierarchyDocuments
import HierarchyTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Nesting of any depth, from a file or an endless pipe, ends with exit 65 and one line past
/// ``DocumentLimits/maximumJSONNesting``, in bounded memory, never with a signal.
@Suite(.ownThreads) struct DeepNestingTests {
    static let depth = 2_000_000
    /// The most memory a level may cost the program above its baseline, generously.
    static let bytesPerLevel = 64

    @Test(
        "2 million nested arrays: print and import end with exit 65 and one line, in bounded memory",
        .enabled(if: MeasuredRun.isAvailable, "/usr/bin/time is not installed"))
    func deepDocument() async throws {
        let dir = try ScratchDirectory.make("hierarchy-deep")
        defer { try? FileManager.default.removeItem(at: dir) }
        let deep = dir.appendingPathComponent("deep.json")
        try Data((String(repeating: "[", count: Self.depth) + String(repeating: "]", count: Self.depth)).utf8)
            .write(to: deep)
        let tiny = dir.appendingPathComponent("tiny.json")
        try Data("[[]]".utf8).write(to: tiny)
        for command in Self.commands(dir) {
            let baseline = try await MeasuredRun.run(command([tiny.path]))
            #expect(baseline.status == 0, "\(baseline.error)")
            let result = try await MeasuredRun.run(command([deep.path]))
            #expect(result.signal == nil, "\(command([]))")
            #expect(result.status == 65, "\(command([])): \(result.error)")
            #expect(result.error.hasSuffix(": \(DocumentLimits.jsonNestingMessage)\n"), "\(result.error)")
            #expect(result.error.split(separator: "\n").count == 1)
            print("\(command([]).first!) of \(Self.depth) levels: max RSS \(result.maxRSS >> 20) MiB, baseline \(baseline.maxRSS >> 20) MiB")
            #expect(baseline.maxRSS > 0 && result.maxRSS > 0)
            #expect(result.maxRSS < baseline.maxRSS + Self.bytesPerLevel * Self.depth)
        }
    }

    @Test(
        "an endless [ from a FIFO: print and import end with exit 65, not a signal, in bounded memory",
        .enabled(if: MeasuredRun.isAvailable, "/usr/bin/time is not installed"))
    func endlessPipe() async throws {
        let dir = try ScratchDirectory.make("hierarchy-endless")
        defer { try? FileManager.default.removeItem(at: dir) }
        let tiny = dir.appendingPathComponent("tiny.json")
        try Data("[[]]".utf8).write(to: tiny)
        signal(SIGPIPE, SIG_IGN)
        for (run, command) in Self.commands(dir).enumerated() {
            let baseline = try await MeasuredRun.run(command([tiny.path]))
            let path = dir.appendingPathComponent("endless-\(run).json").path
            #expect(mkfifo(path, 0o600) == 0)
            let writer = EndlessWriter(path: path)
            let result = try await MeasuredRun.run(command([path]))
            writer.finish()
            #expect(result.signal == nil, "\(command([]))")
            #expect(result.status == 65, "\(command([])): \(result.error)")
            #expect(result.error.hasSuffix(": \(DocumentLimits.jsonNestingMessage)\n"), "\(result.error)")
            #expect(writer.written < EndlessWriter.cap, "the reader read to the writer's cap")
            #expect(result.maxRSS < baseline.maxRSS + Self.bytesPerLevel * Self.depth)
        }
    }

    /// `print PATH` and `import PATH --into a fresh store`.
    static func commands(_ dir: URL) -> [([String]) -> [String]] {
        [
            { ["print"] + $0 },
            { ["import"] + $0 + ["--into", dir.appendingPathComponent("store-\(UUID().uuidString).db").path] },
        ]
    }
}

/// Writes `[` to a FIFO until its reader goes away, or up to ``cap`` bytes.
final class EndlessWriter: Sendable {
    static let cap = 256 << 20
    let path: String
    private let done = DispatchSemaphore(value: 0)
    private let count = Atomic<Int>(0)

    var written: Int { count.load(ordering: .relaxed) }

    init(path: String) {
        self.path = path
        Thread.detachNewThread { [self] in
            let descriptor = open(path, O_WRONLY)
            if descriptor >= 0 {
                let chunk = [UInt8](repeating: UInt8(ascii: "["), count: 1 << 16)
                while written < Self.cap {
                    let result = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                    if result <= 0 { break }
                    count.add(result, ordering: .relaxed)
                }
                close(descriptor)
            }
            done.signal()
        }
    }

    /// Waits for the writer; one whose reader never came is let go by a reader of our own.
    func finish() {
        #expect(releaseFIFOWriter(path: path, done: done), "the writer of \(path) never ended")
    }
}

/// Runs the program under `/usr/bin/time` and reports how it ended and its peak resident
/// memory (the program's own: a child spawned from the test process would count the test
/// process's pages too), standard input from /dev/null, output discarded, bounded in time.
enum MeasuredRun {
    static let time = "/usr/bin/time"
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: time) }

    struct Result {
        var status: Int32?
        var signal: Int32?
        /// Peak resident memory in bytes.
        var maxRSS: Int
        var error: String
    }

    private final class Child: Sendable {
        let pid: pid_t
        let reaped = Mutex(false)
        init(pid: pid_t) { self.pid = pid }
    }

    static func run(_ arguments: [String], timeout: Duration = .seconds(300)) async throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("measured-\(UUID().uuidString)").path
        let errorFile = scratch + ".err"
        let timeFile = scratch + ".time"
        defer {
            unlink(errorFile)
            unlink(timeFile)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = spawnFileActionsAddCloseFrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A process group of its own, so the deadline ends the program with `time`.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = [time, "-o", timeFile, "-f", "%M", ProgramRunner.executable.path] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        let child = Child(pid: pid)
        let deadline = Task {
            try await Task.sleep(for: timeout)
            child.reaped.withLock { reaped in if !reaped { kill(-child.pid, SIGKILL) } }
        }
        defer { deadline.cancel() }
        let status = await offPool { () -> Int32 in
            // Wait without reaping, so the deadline never signals a reused process group; then reap.
            var info = siginfo_t()
            while waitid(P_PID, id_t(child.pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
            return child.reaped.withLock { reaped in
                reaped = true
                var status: Int32 = 0
                while waitpid(child.pid, &status, 0) < 0, errno == EINTR {}
                return status
            }
        }
        let error = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        let report = (try? String(contentsOfFile: timeFile, encoding: .utf8)) ?? ""
        let kilobytes = report.split(separator: "\n").last.flatMap { Int($0) } ?? 0
        // `time` exits with the program's status, or 128 plus the signal that ended it.
        let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(
            status: exit < 128 ? exit : nil, signal: exit >= 128 ? exit - 128 : nil, maxRSS: kilobytes * 1024,
            error: error)
    }
}
