import Foundation
import HierarchyTestSupport
import Testing

/// `hierarchy serve` ends on a signal as README promises: exit status 128 + the signal's number.
@Suite struct ServeSignalTests {
    @Test("serve exits 128+N on signal N", arguments: [SIGINT, SIGTERM, SIGHUP])
    func exitStatus(signal number: Int32) async throws {
        let process = Process()
        process.executableURL = ProgramRunner.executable
        process.arguments = ["serve", "--port", "0"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        // Never left running: a deadline kills it whatever happens below.
        let deadline = Task {
            try await Task.sleep(for: .seconds(60))
            kill(process.processIdentifier, SIGKILL)
        }
        defer { deadline.cancel() }
        let line = await Self.firstLine(of: out.fileHandleForReading)
        #expect(line.hasPrefix("Serving Sample plant at http://127.0.0.1:"), "\(line)")
        kill(process.processIdentifier, number)
        let status = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                process.waitUntilExit()
                continuation.resume(returning: process.terminationStatus)
            }
        }
        #expect(process.terminationReason == .exit)
        #expect(status == 128 + number)
    }

    /// Reads up to the first line break (or the end) on a thread of its own.
    static func firstLine(of handle: FileHandle) async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var data = Data()
                while !data.contains(0x0A) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    data.append(chunk)
                }
                continuation.resume(returning: String(decoding: data, as: UTF8.self))
            }
        }
    }
}
