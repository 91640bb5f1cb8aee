import Foundation
import HierarchyTestSupport
import Testing

/// `hierarchy list` and `hierarchy serve` of a document still being read: a named pipe the test
/// feeds and holds open, so the first page must come before the read can end.
@Suite(.serialized)
struct DocumentPagesWhileReadingTests {
    static func items(_ range: Range<Int>) -> String {
        range.map { #"{"title": "Item \#($0)"}"# }.joined(separator: ",")
    }

    static func fifo() throws -> (directory: URL, feeder: FIFOFeeder) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (directory, try FIFOFeeder(path: directory.appendingPathComponent("big.json").path))
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed"))
    func listShowsTheFirstPageWhileReading() async throws {
        let (directory, feeder) = try Self.fifo()
        defer { try? FileManager.default.removeItem(at: directory) }
        defer { feeder.close() }
        feeder.write(#"{"title": "Big", "children": ["# + Self.items(0..<300) + ",")
        let script = "\(ProgramRunner.executable.path) list \(feeder.path); echo EXIT=$?; exec sleep 60"
        let tmux = try Tmux(command: "sh -c '\(script)'", columns: 120, rows: 30)
        try await tmux.waitFor("the first page while the pipe is open") { $0.contains("Item 0") && $0.contains("Item 5") }
        feeder.write(Self.items(300..<310) + "]}")
        feeder.close()
        try await tmux.waitFor("the read done") { $0.contains("read big.json") }
        try tmux.send("Escape")
        let end = try await tmux.waitFor("the program to exit") { $0.contains("EXIT=") }
        #expect(end.contains("EXIT=0"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "curl is not installed"))
    func serveAnswersTheFirstPageWhileReading() async throws {
        let (directory, feeder) = try Self.fifo()
        defer { try? FileManager.default.removeItem(at: directory) }
        defer { feeder.close() }
        feeder.write(#"{"title": "Big", "children": ["# + Self.items(0..<300) + ",")
        let process = Process()
        process.executableURL = ProgramRunner.executable
        process.arguments = ["serve", feeder.path, "--port", "0"]
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
        defer {
            deadline.cancel()
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let line = await ServeSignalTests.firstLine(of: out.fileHandleForReading)
        let address = try #require(line.range(of: "http://").map { String(line[$0.lowerBound...]) }?
            .trimmingCharacters(in: .whitespacesAndNewlines), "\(line)")
        #expect(line.hasPrefix("Serving big.json at "))
        let created = try Self.curl(["-s", "-X", "POST", "-H", "Content-Type: application/json",
                                     "-d", #"{"width": 1200, "height": 800}"#, address + "/api/sessions"])
        let session = try #require(
            (try JSONSerialization.jsonObject(with: Data(created.utf8)) as? [String: Any])?["session"] as? String,
            "\(created)")
        // The pipe is still open: the read cannot have ended, yet the first rows are served.
        var snapshot = created
        let until = ContinuousClock.now + .seconds(20)
        while !snapshot.contains("Item 5"), ContinuousClock.now < until {
            let version = (try? JSONSerialization.jsonObject(with: Data(snapshot.utf8)) as? [String: Any])?["version"] as? Int ?? 0
            snapshot = try Self.curl(["-s", "--max-time", "5", address + "/api/sessions/\(session)?after=\(version)"])
        }
        #expect(snapshot.contains("Item 0") && snapshot.contains("Item 5"))
        #expect(process.isRunning)
    }

    /// Runs curl and returns its output (bounded by its own `--max-time` and the test's deadline).
    static func curl(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["--max-time", "10"] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
