import Foundation
import HierarchyTestSupport
import Hummingbird
import Testing

@testable import HierarchyWeb

#if canImport(Glibc)
    import Glibc
#endif

/// One TCP connection to a live server, written and read byte for byte (what a hostile or
/// careless client sends: any `Host`, a huge `Content-Length`, a stream it drops). Every
/// blocking call runs on a thread of its own, never on Swift's cooperative pool, and every
/// read is bounded by a deadline.
final class RawConnection: @unchecked Sendable {
    private let socket: Int32
    private let lock = NSLock()
    private var received = Data()
    private var isClosedByPeer = false

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// Connects to 127.0.0.1:`port`.
    init(port: Int) async throws {
        let made = await offPool { () -> Int32 in
            let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { return -1 }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard result == 0 else {
                Glibc.close(fd)
                return -1
            }
            var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            return fd
        }
        guard made >= 0 else { throw Failed(description: "cannot connect to port \(port)") }
        socket = made
    }

    deinit { Glibc.close(socket) }

    /// Sends text as is.
    func send(_ text: String) async throws {
        let bytes = Array(text.utf8)
        let sent = await offPool { [socket] in
            bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        guard sent == bytes.count else { throw Failed(description: "send failed") }
    }

    /// Reads until the text received so far contains `marker`, the peer closes, or `timeout`.
    ///
    /// - Returns: everything received so far.
    @discardableResult
    func read(until marker: String? = nil, timeout: Duration = .seconds(120)) async -> String {
        let deadline = ContinuousClock.now + timeout
        await offPool { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while ContinuousClock.now < deadline {
                if let marker, String(decoding: lock.withLock { received }, as: UTF8.self).contains(marker) { return }
                let count = buffer.withUnsafeMutableBytes { Glibc.recv(socket, $0.baseAddress, $0.count, 0) }
                if count == 0 {
                    lock.withLock { isClosedByPeer = true }
                    return
                }
                if count > 0 {
                    lock.withLock { received.append(contentsOf: buffer[0..<count]) }
                } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                    lock.withLock { isClosedByPeer = true }
                    return
                }
            }
        }
        return text
    }

    /// Everything received so far.
    var text: String { String(decoding: lock.withLock { received }, as: UTF8.self) }
    /// Whether the peer closed the connection (seen by a read).
    var closedByPeer: Bool { lock.withLock { isClosedByPeer } }

    /// Closes this side (the server sees the client go away).
    func close() { Glibc.shutdown(socket, Int32(SHUT_RDWR)) }
}

enum LiveServer {
    struct NotStarted: Error {}

    /// Runs the server on a free loopback port for the time of `body`; all its sessions are
    /// dropped before it stops (so their event streams end).
    static func with<T: Sendable>(_ server: HierarchyWebServer, _ body: @Sendable (Int) async throws -> T) async throws
        -> T
    {
        let (addresses, continuation) = AsyncStream<String>.makeStream()
        let application = server.makeApplication { continuation.yield($0) }
        let serving = Task {
            defer { continuation.finish() }
            try await application.runService(gracefulShutdownSignals: [])
        }
        defer { serving.cancel() }
        var iterator = addresses.makeAsyncIterator()
        guard let address = await iterator.next(),
            let port = URLComponents(string: address)?.port
        else { throw NotStarted() }
        do {
            let result = try await body(port)
            await server.store.removeAll()
            return result
        } catch {
            await server.store.removeAll()
            throw error
        }
    }

    /// A request head with the usual fields.
    static func head(_ method: String, _ path: String, host: String, port: Int, fields: [String] = []) -> String {
        (["\(method) \(path) HTTP/1.1", "Host: \(host):\(port)"] + fields).joined(separator: "\r\n") + "\r\n\r\n"
    }

    /// The status code of the first response in `text`.
    static func status(_ text: String) -> Int? {
        guard let line = text.split(separator: "\r\n").first else { return nil }
        let parts = line.split(separator: " ")
        return parts.count > 1 ? Int(parts[1]) : nil
    }
}

extension LiveServer {
    // The bounds are wide on purpose: with every suite running at once on two cores, the
    // cooperative pool can be busy for tens of seconds; they bound a hang, they do not time the server.
    /// One request on a connection of its own (`Connection: close`): the status and the body.
    static func request(_ method: String, _ path: String, port: Int, body: String? = nil) async throws -> (
        status: Int, body: String
    ) {
        let connection = try await RawConnection(port: port)
        var fields = ["Connection: close"]
        if let body { fields += ["Content-Type: application/json", "Content-Length: \(body.utf8.count)"] }
        try await connection.send(head(method, path, host: "127.0.0.1", port: port, fields: fields) + (body ?? ""))
        let text = await connection.read(timeout: .seconds(120))
        let parts = text.components(separatedBy: "\r\n\r\n")
        guard let status = status(text) else {
            throw RawConnection.Failed(description: "no answer to \(method) \(path)")
        }
        return (status, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// The snapshots of the complete `snapshot` events in an event stream's text.
    static func snapshots(in text: String) -> [SnapshotJSON] {
        text.components(separatedBy: "\n\n").dropLast().compactMap { event in
            guard event.contains("event: snapshot"),
                let line = event.split(separator: "\n").first(where: { $0.hasPrefix("data: ") })
            else { return nil }
            return try? JSONDecoder().decode(SnapshotJSON.self, from: Data(line.dropFirst(6).utf8))
        }
    }

    /// Reads an event stream until a snapshot satisfies `done` or the deadline passes.
    static func readSnapshots(
        _ connection: RawConnection, timeout: Duration = .seconds(60),
        until done: (SnapshotJSON) -> Bool
    ) async -> [SnapshotJSON] {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, !connection.closedByPeer {
            if snapshots(in: connection.text).contains(where: done) { break }
            await connection.read(timeout: .milliseconds(200))
        }
        return snapshots(in: connection.text)
    }

    /// Waits (bounded) until `condition` holds.
    static func eventually(timeout: Duration = .seconds(60), _ condition: @MainActor () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return await condition()
    }
}
