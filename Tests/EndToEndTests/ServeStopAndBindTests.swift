import Foundation
import HierarchyTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `hierarchy serve` stops quietly on a signal and names a refused port with its exit code.
@Suite struct ServeStopAndBindTests {
    /// Runs `serve --port 0` with standard error in a file; returns the exit status and standard
    /// error after `number` was sent once the address was printed.
    static func serveAndSignal(_ number: Int32) async throws -> (status: Int32, error: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hierarchy-stop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let errPath = directory.appendingPathComponent("err").path
        FileManager.default.createFile(atPath: errPath, contents: nil)
        let served = try await ServedProgram(["serve", "--port", "0"], errorPath: errPath)
        #expect(served.address != nil, "serve printed no address: \(served.firstLine)")
        served.send(number)
        let status = await served.exitStatus()
        return (status, (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    @Test("a signal stops serve with 128+N and nothing on standard error", arguments: [SIGINT, SIGTERM])
    func quietStop(signal number: Int32) async throws {
        let (status, error) = try await Self.serveAndSignal(number)
        #expect(status == 128 + number)
        #expect(error.isEmpty, "\(error)")
    }

    @Test(
        "a port the user may not bind exits 77 with one line",
        .enabled(if: ProgramRunner.canRunAsAnotherUser, "needs root and runuser to run as another user"),
        .enabled(
            if: (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_unprivileged_port_start", encoding: .utf8))
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
