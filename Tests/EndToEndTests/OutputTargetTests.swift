import Foundation
import HierarchyTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `export -o`, `import --into` and `generate --into` never replace what is not a regular file:
/// a device, FIFO or socket is written in place, a symbolic link is followed to the file it
/// names (which is replaced; the link stays), and `--replace` refuses anything but a regular file.
@Suite struct OutputTargetTests {
    /// A scratch directory with a document and a store made from it.
    final class Fixture: Sendable {
        let dir: URL
        init() async throws {
            dir = try ScratchDirectory.make("hierarchy-output")
            try Data(#"{"title": "Plant", "children": [{"title": "Pump", "children": [{"title": "Seal"}]}]}"#.utf8)
                .write(to: url("plant.json"))
            let imported = try await ProgramRunner.run(
                ["import", path("plant.json"), "--into", path("plant.db"), "--no-search-index"])
            #expect(imported.status == 0, "\(imported.error)")
        }
        deinit { try? FileManager.default.removeItem(at: dir) }
        func url(_ name: String) -> URL { dir.appendingPathComponent(name) }
        func path(_ name: String) -> String { url(name).path }

        /// The names in the directory (to see that no temporary file is left behind).
        func names(_ subdirectory: String = "") throws -> Set<String> {
            Set(
                try FileManager.default.contentsOfDirectory(
                    atPath: subdirectory.isEmpty ? dir.path : path(subdirectory)))
        }
    }

    /// The file type bits of `path` itself (a link is not followed).
    static func type(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    /// Expects exit 73 and one `hierarchy: ...` line saying why.
    static func expectRefused(_ arguments: [String], saying text: String) async throws {
        let result = try await ProgramRunner.run(arguments)
        let command = "hierarchy \(arguments.joined(separator: " "))"
        #expect(result.status == 73, "\(command): \(result.status) \(result.error)")
        let lines = result.error.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.count == 1, "\(command): \(result.error)")
        #expect(lines.first?.hasPrefix("hierarchy: ") == true, "\(command): \(result.error)")
        #expect(result.error.contains(text), "\(command): \(result.error)")
    }

    /// Whether this process may make a null device node (root, and a file system and
    /// container that allow device nodes): tried once in a scratch directory.
    static let canMakeDeviceNodes: Bool = {
        guard geteuid() == 0, let dir = try? ScratchDirectory.make("hierarchy-mknod") else { return false }
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("null").path
        guard mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 else { return false }
        let descriptor = open(path, O_WRONLY)
        if descriptor >= 0 { close(descriptor) }
        return descriptor >= 0
    }()

    @Test(
        .enabled(if: canMakeDeviceNodes, "making and opening a device node needs root where device nodes are allowed"))
    func aDeviceNodeIsWrittenInPlaceAndNeverReplaced() async throws {
        let f = try await Fixture()
        let null = f.path("null")
        // A null device of the test's own (major 1, minor 3), never the machine's /dev/null.
        try #require(
            mknod(null, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0, "mknod: \(String(cString: strerror(errno)))")
        let before = try f.names()
        for format in ["json", "csv"] {
            let exported = try await ProgramRunner.run(["export", f.path("plant.db"), "--format", format, "-o", null])
            #expect(exported.status == 0, "\(exported.error)")
            #expect(Self.type(null) == S_IFCHR)
        }
        #expect(try f.names() == before, "a temporary file was left behind")

        try await Self.expectRefused(
            ["import", f.path("plant.json"), "--into", null, "--replace"], saying: "not a regular file")
        try await Self.expectRefused(
            ["generate", "--nodes", "10", "--depth", "2", "--into", null, "--replace"], saying: "not a regular file")
        try await Self.expectRefused(["import", f.path("plant.json"), "--into", null], saying: "a character device")
        #expect(Self.type(null) == S_IFCHR)
        #expect(try f.names() == before, "a temporary file was left behind")
    }

    @Test func aFIFOWithAReaderGetsTheBytesAndStaysAFIFO() async throws {
        let f = try await Fixture()
        let fifo = f.path("out.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        // The reader is open (without waiting for a writer) before the program opens the pipe;
        // the export of three items fits the pipe's buffer, so it is read once the program ends.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let exported = try await ProgramRunner.run(["export", f.path("plant.db"), "--format", "csv", "-o", fifo])
        #expect(exported.status == 0, "\(exported.error)")
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(reader, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        let expected = try await ProgramRunner.run(["export", f.path("plant.db"), "--format", "csv"])
        #expect(String(decoding: received, as: UTF8.self) == expected.output)
        #expect(expected.output.contains("Seal"))
        #expect(Self.type(fifo) == S_IFIFO)

        try await Self.expectRefused(["import", f.path("plant.json"), "--into", fifo, "--replace"], saying: "a FIFO")
        #expect(Self.type(fifo) == S_IFIFO)
    }

    @Test func aSocketIsWrittenInPlace() async throws {
        let f = try await Fixture()
        let socketPath = f.path("out.sock")
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(socketPath.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0 && listen(listener, 1) == 0)
        // The connection waits in the backlog and the export fits the socket's buffer: it is
        // accepted and read once the program ends.
        let exported = try await ProgramRunner.run(["export", f.path("plant.db"), "--format", "json", "-o", socketPath])
        #expect(exported.status == 0, "\(exported.error)")
        _ = fcntl(listener, F_SETFL, O_NONBLOCK)
        let connection = accept(listener, nil, nil)
        try #require(connection >= 0, "the program never connected")
        defer { close(connection) }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        let expected = try await ProgramRunner.run(["export", f.path("plant.db"), "--format", "json"])
        #expect(String(decoding: received, as: UTF8.self) == expected.output)
        #expect(Self.type(socketPath) == S_IFSOCK)
        try await Self.expectRefused(
            ["import", f.path("plant.json"), "--into", socketPath, "--replace"], saying: "a socket")
    }

    @Test func aSymbolicLinkIsFollowedAndItsTargetReplaced() async throws {
        let f = try await Fixture()
        try FileManager.default.createDirectory(at: f.url("real"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: f.url("real/out.json"))
        try #require(symlink("real/out.json", f.path("link.json")) == 0)
        let exported = try await ProgramRunner.run(["export", f.path("plant.db"), "-o", f.path("link.json")])
        #expect(exported.status == 0, "\(exported.error)")
        #expect(Self.type(f.path("link.json")) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: f.path("link.json")) == "real/out.json")
        let expected = try await ProgramRunner.run(["export", f.path("plant.db")])
        #expect(try String(contentsOfFile: f.path("real/out.json"), encoding: .utf8) == expected.output)
        #expect(try f.names("real") == ["out.json"], "a temporary file was left behind")

        // A link to a store: --replace replaces the store it names, the link stays.
        try #require(symlink("plant.db", f.path("store-link.db")) == 0)
        try Data(#"{"title": "Other", "children": [{"title": "Valve"}]}"#.utf8).write(to: f.url("other.json"))
        let replaced = try await ProgramRunner.run(
            ["import", f.path("other.json"), "--into", f.path("store-link.db"), "--replace", "--no-search-index"])
        #expect(replaced.status == 0, "\(replaced.error)")
        #expect(Self.type(f.path("store-link.db")) == S_IFLNK)
        #expect(Self.type(f.path("plant.db")) == S_IFREG)
        let printed = try await ProgramRunner.run(["print", f.path("plant.db")])
        #expect(printed.output.contains("Valve"), "\(printed.output)")

        // A dangling link: the file it names is created.
        try #require(symlink("real/new.csv", f.path("dangling.csv")) == 0)
        let created = try await ProgramRunner.run([
            "export", f.path("plant.db"), "--format", "csv", "-o", f.path("dangling.csv"),
        ])
        #expect(created.status == 0, "\(created.error)")
        #expect(Self.type(f.path("dangling.csv")) == S_IFLNK)
        #expect(try String(contentsOfFile: f.path("real/new.csv"), encoding: .utf8).contains("Valve"))
    }

    @Test func aRegularFileIsStillReplacedWhole() async throws {
        let f = try await Fixture()
        try Data(String(repeating: "x", count: 100_000).utf8).write(to: f.url("out.json"))
        let exported = try await ProgramRunner.run(["export", f.path("plant.db"), "-o", f.path("out.json")])
        #expect(exported.status == 0, "\(exported.error)")
        let expected = try await ProgramRunner.run(["export", f.path("plant.db")])
        #expect(try String(contentsOfFile: f.path("out.json"), encoding: .utf8) == expected.output)
        #expect(Self.type(f.path("out.json")) == S_IFREG)
    }
}
