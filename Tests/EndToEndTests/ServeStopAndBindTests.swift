import Foundation
import HierarchyTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `hierarchy serve` stops quietly on a signal and names a refused port with its exit code.
@Suite struct ServeStopAndBindTests {
    /// Runs `serve --port 0` with standard output and error in files; returns the exit status and
    /// standard error after `number` was sent once the address was printed.
    static func serveAndSignal(_ number: Int32) async throws -> (status: Int32, error: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-stop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outPath = directory.appendingPathComponent("out").path
        let errPath = directory.appendingPathComponent("err").path
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = ProgramRunner.executable
        process.arguments = ["serve", "--port", "0"]
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }
        let deadline = ContinuousClock.now + .seconds(120)
        var output = ""
        while !output.contains("Serving"), process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        }
        #expect(output.contains("Serving"), "serve printed no address: \(output)")
        kill(pid, number)
        let killer = Task {
            try? await Task.sleep(for: .seconds(60))
            if !Task.isCancelled { kill(pid, SIGKILL) }
        }
        defer { killer.cancel() }
        let status = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                process.waitUntilExit()
                continuation.resume(returning: process.terminationStatus)
            }
        }
        return (status, (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    @Test("a signal stops serve with 128+N and nothing on standard error", arguments: [SIGINT, SIGTERM])
    func quietStop(signal number: Int32) async throws {
        let (status, error) = try await Self.serveAndSignal(number)
        #expect(status == 128 + number)
        #expect(error.isEmpty, "\(error)")
    }

    @Test("a port the user may not bind exits 77 with one line",
          .enabled(if: ProgramRunner.canRunAsAnotherUser, "needs root and runuser to run as another user"),
          .enabled(if: (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_unprivileged_port_start", encoding: .utf8))
              .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }.map { $0 > 80 } ?? true,
              "this machine lets every user bind port 80"))
    func privilegedPort() async throws {
        let result = try await ProgramRunner.run(["serve", "--port", "80"], timeout: .seconds(60), user: "nobody")
        #expect(result.status == 77, "\(result.status) \(result.error)")
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1, "\(result.error)")
        #expect(result.error.hasPrefix("hierarchy: cannot serve on 127.0.0.1:80: permission denied"), "\(result.error)")
    }
}
