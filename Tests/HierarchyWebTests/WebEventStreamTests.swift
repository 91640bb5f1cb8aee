import Foundation
import HierarchySources
import Hummingbird
import Testing

@testable import HierarchyWeb

@Suite("Web push: event streams, reconnects, sessions that outlive their connections", .timeLimit(.minutes(5)))
struct WebEventStreamTests {
    static func server(clock: ManualClock = ManualClock()) throws -> HierarchyWebServer {
        try WebTest.server(
            configuration: .init(port: 0, pollTimeout: .seconds(5), heartbeat: .milliseconds(100)), clock: clock)
    }

    /// Follows the session (waiting with `after`) until nothing loads and no placeholder is shown.
    static func settled(_ port: Int, _ session: String) async throws -> SnapshotJSON {
        func get(_ query: String = "") async throws -> SnapshotJSON {
            let (status, body) = try await LiveServer.request("GET", "/api/sessions/\(session)\(query)", port: port)
            #expect(status == 200, "\(body)")
            return try JSONDecoder().decode(SnapshotJSON.self, from: Data(body.utf8))
        }
        var snapshot = try await get()
        for _ in 0..<50 {
            if !snapshot.loading, !snapshot.columns.contains(where: { $0.items.contains(where: \.placeholder) }) {
                let fresh = try await get()
                if !fresh.loading, fresh.version == snapshot.version { return fresh }
                snapshot = fresh
                continue
            }
            snapshot = try await get("?after=\(snapshot.version)")
        }
        Issue.record("the session did not settle")
        return snapshot
    }

    static func create(_ port: Int, restore: String? = nil) async throws -> SnapshotJSON {
        let restoring = restore.map { ", \"restore\": {\"focus\": \"\($0)\"}" } ?? ""
        let (status, body) = try await LiveServer.request(
            "POST", "/api/sessions", port: port, body: "{\"width\": 1200, \"height\": 800\(restoring)}")
        #expect(status == 201, "\(body)")
        return try JSONDecoder().decode(SnapshotJSON.self, from: Data(body.utf8))
    }

    static func act(_ port: Int, _ session: String, _ json: String) async throws -> SnapshotJSON {
        let (status, body) = try await LiveServer.request(
            "POST", "/api/sessions/\(session)/actions", port: port, body: json)
        #expect(status == 200, "\(body)")
        return try JSONDecoder().decode(SnapshotJSON.self, from: Data(body.utf8))
    }

    static func openStream(_ port: Int, _ session: String) async throws -> RawConnection {
        let connection = try await RawConnection(port: port)
        try await connection.send(
            LiveServer.head(
                "GET", "/api/sessions/\(session)/events", host: "127.0.0.1", port: port,
                fields: ["Accept: text/event-stream"]))
        return connection
    }

    @Test("the event stream sends the snapshot, then every change an action makes")
    func streamDeliversUpdates() async throws {
        let server = try Self.server()
        try await LiveServer.with(server) { port in
            let start = try await Self.settled(port, try await Self.create(port).session)
            let stream = try await Self.openStream(port, start.session)
            let first = await LiveServer.readSnapshots(stream) { _ in true }
            #expect(stream.text.hasPrefix("HTTP/1.1 200"))
            #expect(stream.text.lowercased().contains("content-type: text/event-stream"))
            #expect(first.first?.version == start.version)
            #expect(first.first?.session == start.session)
            _ = try await Self.act(port, start.session, "{\"type\": \"tapIndicator\", \"uuid\": \"r.2\"}")
            let pushed = await LiveServer.readSnapshots(stream) { snapshot in
                snapshot.column(withParent: "r.2")?.items.first?.uuid == "r.2.0"
            }
            #expect(
                pushed.contains { $0.column(withParent: "r.2")?.items.first?.uuid == "r.2.0" },
                "the children of r.2, loaded after the action answered, arrive on the stream")
            #expect(zip(pushed, pushed.dropFirst()).allSatisfy { $0.version < $1.version })
        }
    }

    @Test("a dropped stream leaks nothing, and a reconnect finds the same columns and focus")
    func reconnectRestores() async throws {
        let server = try Self.server()
        try await LiveServer.with(server) { port in
            let start = try await Self.settled(port, try await Self.create(port).session)
            _ = try await Self.act(port, start.session, "{\"type\": \"tapIndicator\", \"uuid\": \"r.3\"}")
            _ = try await Self.act(port, start.session, "{\"type\": \"key\", \"key\": \"ArrowDown\"}")
            let before = try await Self.settled(port, start.session)
            let focused = try #require(before.focused)

            let first = try await Self.openStream(port, start.session)
            _ = await LiveServer.readSnapshots(first) { _ in true }
            let session = try await server.store.session(start.session)
            #expect(await session.pushConnections == 1)
            first.close()
            #expect(await session.untilPushConnections(0), "the server notices the client left")
            #expect(await server.store.count == 1)

            let second = try await Self.openStream(port, start.session)
            let again = try #require(await LiveServer.readSnapshots(second) { _ in true }.first)
            #expect(again.session == start.session)
            #expect(again.focused == focused)
            #expect(again.columns.map(\.parent) == before.columns.map(\.parent))
            second.close()
        }
    }

    @Test("a session dropped while the page was away comes back from its focused item")
    func recreateFromState() async throws {
        let server = try Self.server()
        try await LiveServer.with(server) { port in
            let start = try await Self.settled(port, try await Self.create(port).session)
            _ = try await Self.act(port, start.session, "{\"type\": \"tapIndicator\", \"uuid\": \"r.1\"}")
            _ = try await Self.settled(port, start.session)
            _ = try await Self.act(port, start.session, "{\"type\": \"tapIndicator\", \"uuid\": \"r.1.2\"}")
            let before = try await Self.settled(port, start.session)
            #expect(before.path.contains("Item r.1.2"))
            await server.store.remove(start.session)

            let gone = try await Self.openStream(port, start.session)
            await gone.read(until: "\r\n\r\n")
            #expect(LiveServer.status(gone.text) == 404)
            let missing = try await LiveServer.request("GET", "/api/sessions/\(start.session)", port: port)
            #expect(missing.status == 404 && missing.body.contains("session"))

            let restored = try await Self.settled(port, try await Self.create(port, restore: "r.1.2").session)
            #expect(restored.session != start.session)
            #expect(restored.focused == "r.1.2")
            #expect(restored.column(withParent: "r.1")?.items.contains { $0.uuid == "r.1.2" } == true)
        }
    }

    @Test("a client that leaves while its session loads leaks no session")
    func clientLeavesMidCreate() async throws {
        let clock = ManualClock()
        let server = try Self.server(clock: clock)
        try await LiveServer.with(server) { port in
            let before = await server.store.count
            let connection = try await RawConnection(port: port)
            let body = "{\"width\": 1200, \"height\": 800}"
            try await connection.send(
                LiveServer.head(
                    "POST", "/api/sessions", host: "127.0.0.1", port: port,
                    fields: ["Content-Type: application/json", "Content-Length: \(body.utf8.count)"]) + body)
            connection.close()
            // Whether or not the server got to create it, nothing is left once the claim time is over.
            _ = await LiveServer.eventually(timeout: .seconds(2)) { server.store.count > before }
            clock.advance(by: .seconds(61))
            await server.store.expire()
            #expect(await server.store.count == before)
        }
    }

    @Test("unknown sessions 404, malformed messages 400, a full server 503 with a message")
    func refusals() async throws {
        let server = try WebTest.server(configuration: .init(maximumSessions: 1, pollTimeout: .seconds(5)))
        try await WebTest.withClient(server) { client in
            let unknown = try await client.execute(uri: "/api/sessions/0000/events", method: .get)
            #expect(unknown.status == .notFound)
            #expect(try WebTest.decode(ErrorJSON.self, unknown).error.contains("unknown or expired session"))
            let first = try await WebTest.create(client)
            let full = try await client.execute(
                uri: "/api/sessions", method: .post, body: WebTest.body("{\"width\": 800, \"height\": 600}"))
            #expect(full.status == .serviceUnavailable)
            #expect(full.headers[.retryAfter] != nil)
            #expect(try WebTest.decode(ErrorJSON.self, full).error.contains("as many sessions"))
            let malformed = try await client.execute(
                uri: "/api/sessions/\(first.session)/actions", method: .post,
                body: WebTest.body("{\"type\": \"scroll\", \"column\": 99, \"offset\": 0}"))
            #expect(malformed.status == .notFound)
            let restore = try await client.execute(
                uri: "/api/sessions", method: .post,
                body: WebTest.body("{\"width\": 800, \"height\": 600, \"restore\": {\"focus\": 7}}"))
            #expect(restore.status == .badRequest)
            // The session in use is still there.
            #expect(try await client.execute(uri: "/api/sessions/\(first.session)", method: .get).status == .ok)
        }
    }
}
