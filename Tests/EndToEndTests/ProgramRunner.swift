import Foundation

/// Finds and runs the built `hierarchy` program.
enum ProgramRunner {
    /// The built program, next to the test bundle.
    static var executable: URL {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("hierarchy"),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hierarchy"),
        ]
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        return candidates[0]
    }

    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs the program with no terminal, standard input from /dev/null, bounded in time.
    static func run(_ arguments: [String], timeout: Duration = .seconds(60)) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let seconds = Double(timeout.components.seconds)
        if group.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            throw TimedOut(what: "hierarchy \(arguments.joined(separator: " "))")
        }
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
                      error: String(decoding: errData, as: UTF8.self))
    }

    struct TimedOut: Error, CustomStringConvertible {
        var what: String
        var description: String { "timed out: \(what)" }
    }
}
