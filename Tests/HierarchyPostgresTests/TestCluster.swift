import Foundation
import HierarchyTestSupport
import Synchronization

/// A throwaway PostgreSQL cluster for one test run: `initdb` into a temporary directory,
/// `pg_ctl start` on a free loopback port and a Unix socket in that directory, stopped and
/// removed when the test process exits.
///
/// Every test gets a database of its own (`makeDatabase()`), so tests run in parallel on one
/// server. When the process runs as root, the server runs as the `postgres` user (PostgreSQL
/// refuses root) through `runuser`.
final class TestCluster: Sendable {
    /// Where the PostgreSQL 15 server programs live (Debian's `postgresql-15`).
    static let binaries = "/usr/lib/postgresql/15/bin"
    /// The superuser the tests connect as (trust authentication on loopback and the socket).
    static let user = "hierarchy"
    /// A role that must give its password (scram-sha-256 on TCP), for the wrong-password test.
    static let passwordUser = "guarded"
    static let password = "correct horse"

    /// Why the cluster is not there, for the skip message; `nil` when the binaries exist.
    static var missingReason: String? {
        FileManager.default.isExecutableFile(atPath: binaries + "/initdb")
            ? nil
            : "PostgreSQL 15 server programs not found in \(binaries) (apt-get install postgresql postgresql-contrib)"
    }

    let directory: URL
    let port: Int
    private let counter = Mutex(0)

    /// The socket directory (also the cluster's temporary directory).
    var socketDirectory: String { directory.path }

    /// The cluster shared by every test of this process, stopped when the process exits.
    fileprivate static let sharedForExit = Mutex<TestCluster?>(nil)

    /// A cluster of its own, for a test that stops and restarts the server; `stop()` it at the end.
    static func dedicated() async throws -> TestCluster {
        try await start()
    }

    /// Stops the server, keeping the data (a server that went away).
    func pause() async throws {
        let data = directory.appendingPathComponent("data").path
        try await Self.run(Self.server("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]))
    }

    /// Starts the server again on the same port.
    func resume() async throws {
        let data = directory.appendingPathComponent("data").path
        let options = "-p \(port) -k \(directory.path) -c listen_addresses=127.0.0.1 -c fsync=off"
        let log = directory.appendingPathComponent("server.log").path
        try await Self.run(Self.server("pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "-t", "60", "start"]))
    }

    private init(directory: URL, port: Int) {
        self.directory = directory
        self.port = port
    }

    /// `initdb` into a new temporary directory, then `pg_ctl start` on a free port.
    static func start() async throws -> TestCluster {
        let base = URL(fileURLWithPath: "/tmp").appendingPathComponent(
            "hk-pg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let port = try Self.freePort()
        let asRoot = geteuid() == 0
        if asRoot {
            try await Self.run(("/bin/chown", ["postgres:postgres", base.path]))
        }
        let data = base.appendingPathComponent("data").path
        let passwordFile = base.appendingPathComponent("pwfile").path
        try Data("unused\n".utf8).write(to: URL(fileURLWithPath: passwordFile))
        if asRoot { try await Self.run(("/bin/chown", ["postgres:postgres", passwordFile])) }
        try await Self.run(
            Self.server(
                "initdb", ["-D", data, "-U", Self.user, "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync"]))
        let hba = """
            local all all trust
            host all \(Self.passwordUser) 127.0.0.1/32 scram-sha-256
            host all all 127.0.0.1/32 trust
            host all all ::1/128 trust

            """
        try Data(hba.utf8).write(to: URL(fileURLWithPath: data + "/pg_hba.conf"))
        let options =
            "-p \(port) -k \(base.path) -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        try await Self.run(
            Self.server(
                "pg_ctl",
                [
                    "-D", data, "-l", base.appendingPathComponent("server.log").path, "-o", options, "-w", "-t", "60",
                    "start",
                ]))
        let cluster = TestCluster(directory: base, port: port)
        try await cluster.psql("postgres", "CREATE ROLE \(Self.passwordUser) LOGIN PASSWORD '\(Self.password)'")
        return cluster
    }

    /// Stops the server (immediately: the data is thrown away) and removes the directory.
    func stop() {
        // Waited for on this thread: it runs in an `atexit` handler too (`pg_ctl -t 20` bounds it).
        let (path, arguments) = Self.server(
            "pg_ctl",
            ["-D", directory.appendingPathComponent("data").path, "-m", "immediate", "-w", "-t", "20", "stop"])
        if let pid = try? Self.spawn(path, arguments, log: "/dev/null") { _ = reapChildBlocking(pid) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// A fresh, empty database; returns its name.
    func makeDatabase() async throws -> String {
        let number = counter.withLock { value in
            value += 1
            return value
        }
        let name = "test_\(number)_\(UInt32.random(in: 0...UInt32.max))"
        try await psql("postgres", "CREATE DATABASE \(name)")
        return name
    }

    /// Runs SQL with `psql` (errors stop it), as the superuser.
    func psql(_ database: String, _ sql: String) async throws {
        try await Self.run(
            (
                Self.binaries + "/psql",
                [
                    "-h", socketDirectory, "-p", "\(port)", "-U", Self.user, "-d", database, "-v", "ON_ERROR_STOP=1",
                    "-q", "-c", sql,
                ]
            ))
    }

    /// The result of one query, unaligned and without headers (`psql -tA`).
    func psqlValue(_ database: String, _ sql: String) async throws -> String {
        try await Self.run(
            (
                Self.binaries + "/psql",
                ["-h", socketDirectory, "-p", "\(port)", "-U", Self.user, "-d", database, "-tA", "-c", sql]
            )
        ).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A URL reaching `database` over TCP on loopback.
    func url(_ database: String, user: String = TestCluster.user) -> String {
        "postgres://\(user)@127.0.0.1:\(port)/\(database)"
    }

    /// A URL reaching `database` over the Unix socket.
    func socketURL(_ database: String) -> String {
        "postgres://\(Self.user)@/\(database)?host=\(socketDirectory)&port=\(port)"
    }

    // MARK: - Processes

    /// The command that runs a server program: as the `postgres` user when this process is root
    /// (PostgreSQL refuses root).
    private static func server(_ program: String, _ arguments: [String]) -> (String, [String]) {
        geteuid() == 0
            ? ("/usr/sbin/runuser", ["-u", "postgres", "--", binaries + "/" + program] + arguments)
            : (binaries + "/" + program, arguments)
    }

    /// Starts a program with its output (both streams) going to `log`.
    ///
    /// `posix_spawn`, not `Process`: `pg_ctl start` leaves the server running, and the server
    /// would inherit (and hold open) the descriptors through which `Process` learns that its
    /// child ended. Output goes to a file for the same reason.
    private static func spawn(_ path: String, _ arguments: [String], log: String) throws -> pid_t {
        do {
            return try spawnAsFromShell([path] + arguments) { actions in
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                posix_spawn_file_actions_adddup2(&actions, 1, 2)
            }
        } catch {
            throw TestClusterError(message: "cannot start \(path): \(error)")
        }
    }

    /// Runs a program to its end and returns its output; fails with the output on a non-zero
    /// status. Its end is awaited as an event; a test's time limit cancels the wait and kills it.
    @discardableResult
    static func run(_ command: (path: String, arguments: [String])) async throws -> String {
        let (path, arguments) = command
        let log = "/tmp/hk-pg-run-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log"
        defer { unlink(log) }
        let pid = try spawn(path, arguments, log: log)
        let (status, killed) = await reapChild(pid, killing: pid)
        if killed { throw TestClusterError(message: "\(path) was killed: the test's wait was cancelled") }
        // Exited normally with status 0 (WIFEXITED and WEXITSTATUS by hand: macros are not imported).
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw TestClusterError(message: "\(path) \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    }

    /// A loopback TCP port nobody listens on right now.
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestClusterError(message: "socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw TestClusterError(message: "bind() failed") }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw TestClusterError(message: "getsockname() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// The cluster could not be made.
struct TestClusterError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// The shared cluster, or a failure naming why (the binaries are there but the server did not start).
///
/// The cluster starts in a task of its own; its programs are awaited on threads of their own, so
/// no test blocks Swift's cooperative pool waiting for them.
func sharedCluster() async throws -> TestCluster {
    try await clusterStart.value
}

private let clusterStart = Task<TestCluster, any Error> {
    let cluster = try await TestCluster.start()
    TestCluster.sharedForExit.withLock { $0 = cluster }
    atexit { TestCluster.sharedForExit.withLock { $0 }?.stop() }
    return cluster
}

/// Whether the PostgreSQL tests can run; they are skipped with `TestCluster.missingReason` otherwise.
let postgresAvailable = TestCluster.missingReason == nil
