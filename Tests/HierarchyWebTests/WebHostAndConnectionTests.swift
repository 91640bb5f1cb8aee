import Foundation
import HierarchySources
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HierarchyWeb

/// What the server answers to ambiguous hosts, slow clients and huge titles in search results.
@Suite("Web answers: ambiguous hosts, slow clients, cut search results")
struct WebHostAndConnectionTests {
    /// Sends `head` on a connection of its own; the status of the answer.
    static func status(of head: String, port: Int) async throws -> Int? {
        let connection = try await RawConnection(port: port)
        try await connection.send(head)
        return LiveServer.status(await connection.read(until: "\r\n\r\n", timeout: .seconds(60)))
    }

    @Test("two Host fields and an absolute target naming another host get 400; a Host without the port gets 421")
    func ambiguousHosts() async throws {
        try await LiveServer.with(try WebTest.server(configuration: .init(port: 0))) { port in
            let own = "127.0.0.1:\(port)"
            #expect(
                try await Self.status(of: "GET / HTTP/1.1\r\nHost: \(own)\r\nHost: evil.example\r\n\r\n", port: port)
                    == 400)
            #expect(
                try await Self.status(of: "GET / HTTP/1.1\r\nHost: evil.example\r\nHost: \(own)\r\n\r\n", port: port)
                    == 400)
            #expect(
                try await Self.status(of: "GET http://evil.example/ HTTP/1.1\r\nHost: \(own)\r\n\r\n", port: port)
                    == 400)
            #expect(
                try await Self.status(
                    of: "GET http://evil.example:\(port)/app.css HTTP/1.1\r\nHost: \(own)\r\n\r\n", port: port) == 400)
            // A name without a port means port 80: not this server.
            #expect(try await Self.status(of: "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n", port: port) == 421)
            #expect(try await Self.status(of: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", port: port) == 421)
            // What a browser or a proxy sends still works.
            #expect(
                try await Self.status(of: "GET http://\(own)/app.css HTTP/1.1\r\nHost: \(own)\r\n\r\n", port: port)
                    == 200)
            #expect(
                try await Self.status(of: "GET /app.css HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n", port: port) == 200
            )
            let refused = try await RawConnection(port: port)
            try await refused.send("GET / HTTP/1.1\r\nHost: \(own)\r\nHost: \(own)\r\n\r\n")
            let text = await refused.read(timeout: .seconds(60))
            #expect(text.contains("more than one Host"), "\(text)")
            #expect(refused.closedByPeer)
        }
    }

    @Test("a server on port 80 accepts a Host without a port")
    func portEighty() {
        let policy = WebAccessPolicy(host: "127.0.0.1", port: 80, token: nil)
        #expect(policy.acceptsHost("localhost"))
        #expect(policy.acceptsHost("127.0.0.1:80"))
        #expect(!policy.acceptsHost("localhost:8080"))
    }

    @Test("a request head never finished is closed after the read timeout; a long poll is not cut by it")
    func slowHead() async throws {
        // The read timeout is long enough that a loaded machine's gap between a client's connect
        // and its request (a task waiting for a busy pool) does not reach it; the long poll
        // outlasts it by 5 s.
        let configuration = HierarchyWebServer.Configuration(port: 0, pollTimeout: .seconds(15))
        try await LiveServer.with(try WebTest.server(configuration: configuration, readTimeout: .seconds(10))) { port in
            let slow = try await RawConnection(port: port)
            try await slow.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Slow: ")
            let deadline = ContinuousClock.now + .seconds(60)
            while !slow.closedByPeer, ContinuousClock.now < deadline {
                await slow.read(timeout: .milliseconds(200))
            }
            #expect(slow.closedByPeer, "the server kept a connection whose head never ended")
            #expect(LiveServer.status(slow.text) == nil, "\(slow.text)")

            // An answer that takes longer than the read timeout (a long poll) still arrives.
            let created = try await LiveServer.request(
                "POST", "/api/sessions", port: port, body: #"{"width": 800, "height": 600}"#)
            #expect(created.status == 201)
            let session = try JSONDecoder().decode(SnapshotJSON.self, from: Data(created.body.utf8))
            let poll = try await LiveServer.request(
                "GET", "/api/sessions/\(session.session)?after=\(session.version + 1000)", port: port)
            #expect(poll.status == 200, "\(poll.body)")
        }
    }

    @Test("search results cut a huge title as snapshots do")
    func searchCutsTitles() async throws {
        struct Page: Decodable {
            struct Result: Decodable {
                var id: String
                var title: String
                var subtitle: String?
            }
            var results: [Result]
        }
        let title = "Start " + String(repeating: "x", count: 5_000_000)
        let source = try InMemorySource(
            root: .init(
                id: "r", title: "Root",
                children: [
                    .init(HierarchyNode(id: "huge", title: title, subtitle: title)),
                    .init(id: "small", title: "Start small"),
                ]))
        // The session's clock stands still: however long a loaded machine takes between the
        // session's creation and its search, the session is not swept as unused.
        let start = ContinuousClock.now
        let server = try HierarchyWebServer(
            source: source, sourceName: "Huge", configuration: .init(pollTimeout: .seconds(5)), now: { start })
        try await WebTest.withClient(server) { client in
            let snapshot = try await WebTest.create(client)
            let response = try await client.execute(
                uri: "/api/sessions/\(snapshot.session)/search?q=Start", method: .get)
            #expect(response.status == .ok)
            #expect(response.body.readableBytes < 100_000)
            let page = try WebTest.decode(Page.self, response)
            let huge = try #require(page.results.first { $0.id == "huge" })
            #expect(huge.title == WebSnapshot.shown(title))
            #expect(huge.title.count == WebSnapshot.maximumTextLength + 1)
            #expect(huge.subtitle == WebSnapshot.shown(title))
            #expect(page.results.first { $0.id == "small" }?.title == "Start small")
        }
    }
}
