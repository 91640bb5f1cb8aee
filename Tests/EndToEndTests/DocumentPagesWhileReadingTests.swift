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
        let directory = try ScratchDirectory.make("hierarchy-fifo")
        return (directory, try FIFOFeeder(path: directory.appendingPathComponent("big.json").path))
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed"))
    func listShowsTheFirstPageWhileReading() async throws {
        let (directory, feeder) = try Self.fifo()
        defer { try? FileManager.default.removeItem(at: directory) }
        defer { feeder.close() }
        feeder.write(#"{"title": "Big", "children": ["# + Self.items(0..<300) + ",")
        let tmux = try Tmux.program("list '\(feeder.path)'", rows: 30)
        try await tmux.waitFor("the first page while the pipe is open") {
            $0.contains("Item 0") && $0.contains("Item 5")
        }
        feeder.write(Self.items(300..<310) + "]}")
        feeder.close()
        // The last items arrived after the first page: a search finds them. (The "read big.json"
        // notice leaves after a few seconds, so a loaded machine may never see it.)
        try tmux.send("309")
        try await tmux.waitFor("the read done") { $0.contains("Item 309") && $0.contains("1 of 1") }
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
        let served = try await ServedProgram(["serve", feeder.path, "--port", "0"], deadline: .seconds(60))
        let line = served.firstLine
        let address = try #require(served.address, "\(line)")
        #expect(line.hasPrefix("Serving big.json at "))
        let created = try await Self.curl([
            "-s", "-X", "POST", "-H", "Content-Type: application/json",
            "-d", #"{"width": 1200, "height": 800}"#, address + "/api/sessions",
        ])
        let session = try #require(
            (try JSONSerialization.jsonObject(with: Data(created.utf8)) as? [String: Any])?["session"] as? String,
            "\(created)")
        // The pipe is still open: the read cannot have ended, yet the first rows are served.
        var snapshot = created
        let until = ContinuousClock.now + .seconds(60)
        while !snapshot.contains("Item 5"), ContinuousClock.now < until {
            let version =
                (try? JSONSerialization.jsonObject(with: Data(snapshot.utf8)) as? [String: Any])?["version"] as? Int
                ?? 0
            snapshot = try await Self.curl([
                "-s", "--max-time", "5", address + "/api/sessions/\(session)?after=\(version)",
            ])
        }
        #expect(snapshot.contains("Item 0") && snapshot.contains("Item 5"))
        #expect(served.process.isRunning)
    }

    /// Runs curl and returns its output (bounded by its own `--max-time` and the test's deadline);
    /// waits off the cooperative pool, as a long poll lasts up to 5 s.
    static func curl(_ arguments: [String]) async throws -> String {
        try await offPool {
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
}
