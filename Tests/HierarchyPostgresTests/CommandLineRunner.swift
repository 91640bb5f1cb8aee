import Foundation

/// Runs the built `hierarchy` program, bounded in time, without blocking Swift's cooperative pool.
enum CommandLineRunner {
    static var executable: URL {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("hierarchy"),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hierarchy"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    struct TimedOut: Error {}

    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(60)) async throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["PGPASSWORD"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
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
        let status: Int32 = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                process.waitUntilExit()
                continuation.resume(returning: process.terminationStatus)
            }
        }
        if process.terminationReason == .uncaughtSignal, status == SIGTERM { throw TimedOut() }
        return Result(status: status, output: String(decoding: outData, as: UTF8.self), error: String(decoding: errData, as: UTF8.self))
    }

    private static func readToEnd(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: handle.readDataToEndOfFile()) }
        }
    }
}
