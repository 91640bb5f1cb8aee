import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The built program started in the background (`hierarchy serve …`): standard output on a
/// pipe whose first line (the address) is read before the value is made, standard error and
/// input on /dev/null, killed when the value goes away or after `deadline`, whichever is first.
public final class ServedProgram: Sendable {
    public let process: Process
    /// The first line the program printed.
    public let firstLine: String
    /// The `http://` address in the first line, if any.
    public var address: String? {
        firstLine.range(of: "http://").map {
            String(firstLine[$0.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
    private let deadline: Task<Void, Never>

    public struct NoOutput: Error, CustomStringConvertible {
        public var description: String { "the program printed nothing within its time" }
    }

    /// - Parameters:
    ///   - arguments: The program's arguments.
    ///   - deadline: When the program is killed if still running.
    ///   - errorPath: A file that receives the program's standard error (else it is discarded).
    public init(_ arguments: [String], deadline: Duration = .seconds(120), errorPath: String? = nil) async throws {
        let process = Process()
        process.executableURL = ProgramRunner.executable
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle(forWritingAtPath: errorPath ?? "/dev/null")
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        let pid = process.processIdentifier
        self.deadline = Task {
            try? await Task.sleep(for: deadline)
            if !Task.isCancelled { kill(pid, SIGKILL) }
        }
        self.process = process
        // On a thread of its own: the read blocks, and the deadline above bounds it.
        firstLine = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var bytes: [UInt8] = []
                let handle = out.fileHandleForReading
                while true {
                    let chunk = handle.readData(ofLength: 1)
                    guard let byte = chunk.first, byte != UInt8(ascii: "\n") else { break }
                    bytes.append(byte)
                }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }
        }
        if firstLine.isEmpty, !process.isRunning { throw NoOutput() }
    }

    /// Sends a signal to the program.
    public func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits (on a thread of its own) for the program to end; its exit status.
    public func exitStatus() async -> Int32 {
        let process = process
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                process.waitUntilExit()
                continuation.resume(returning: process.terminationStatus)
            }
        }
    }

    deinit {
        deadline.cancel()
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
