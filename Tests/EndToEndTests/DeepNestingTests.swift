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
@Suite struct DeepNestingTests {
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
            #expect(baseline.status == 0, "\(baseline.errorText)")
            let result = try await MeasuredRun.run(command([deep.path]))
            #expect(result.signal == nil, "\(command([]))")
            #expect(result.status == 65, "\(command([])): \(result.errorText)")
            #expect(result.errorText.hasSuffix(": \(DocumentLimits.jsonNestingMessage)\n"), "\(result.errorText)")
            #expect(result.errorText.split(separator: "\n").count == 1)
            print(
                "\(command([]).first!) of \(Self.depth) levels: max RSS \(result.maxRSS >> 20) MiB, baseline \(baseline.maxRSS >> 20) MiB"
            )
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
            await writer.finish()
            #expect(result.signal == nil, "\(command([]))")
            #expect(result.status == 65, "\(command([])): \(result.errorText)")
            #expect(result.errorText.hasSuffix(": \(DocumentLimits.jsonNestingMessage)\n"), "\(result.errorText)")
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
    func finish() async {
        let (path, done) = (path, done)
        #expect(await offPool { releaseFIFOWriter(path: path, done: done) }, "the writer of \(path) never ended")
    }
}
