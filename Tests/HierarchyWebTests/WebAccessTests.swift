import Foundation
import HierarchySources
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HierarchyWeb

@Suite("Web access: Host, Origin, token, body limit")
struct WebAccessTests {
    @Test(
        "the Host header must name this server",
        arguments: [
            ("localhost:8080", true), ("127.0.0.1:8080", true), ("[::1]:8080", true), ("LOCALHOST:8080", true),
            ("localhost", false), ("127.0.0.1", false), ("[::1]", false),
            ("evil.example", false), ("evil.example:8080", false), ("localhost:9999", false),
            ("127.0.0.1.evil.example:8080", false),
            ("[::1", false), ("localhost:x", false), ("", false),
        ])
    func hostNames(host: String, accepted: Bool) {
        let policy = WebAccessPolicy(host: "127.0.0.1", port: 8080, token: nil)
        #expect(policy.acceptsHost(host) == accepted)
    }

    @Test("a wildcard bind accepts address literals but not other names; with a token, the token decides")
    func wildcard() {
        let policy = WebAccessPolicy(host: "0.0.0.0", port: 0, token: nil)
        policy.bound(port: 4000)
        #expect(policy.acceptsHost("192.168.1.20:4000"))
        #expect(!policy.acceptsHost("192.168.1.20:4001"))
        #expect(!policy.acceptsHost("evil.example:4000"))
        let tokened = WebAccessPolicy(host: "0.0.0.0", port: 4000, token: "t")
        #expect(tokened.acceptsHost("hierarchy.internal"))
        #expect(!tokened.acceptsHost(""))
    }

    @Test("tokens compare whole, whatever the length")
    func tokens() {
        let policy = WebAccessPolicy(host: "10.0.0.1", port: 80, token: "abcdef")
        #expect(policy.acceptsToken("abcdef"))
        for wrong in [nil, "", "abcde", "abcdefg", "abcdeF", "xbcdef"] { #expect(!policy.acceptsToken(wrong)) }
        #expect(WebAccessPolicy(host: "127.0.0.1", port: 80, token: nil).acceptsToken(nil))
        let made = WebAccessPolicy.makeToken()
        #expect(made.count == 64 && made != WebAccessPolicy.makeToken())
    }

    @Test("a non-loopback host without a token is refused; loopback names are recognised")
    func tokenRequired() throws {
        #expect(throws: HierarchyWebServer.ConfigurationError.self) {
            _ = try WebTest.server(configuration: .init(host: "0.0.0.0"))
        }
        _ = try WebTest.server(configuration: .init(host: "0.0.0.0", accessToken: "secret"))
        for host in ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"] {
            #expect(HierarchyWebServer.isLoopback(host))
        }
        for host in ["0.0.0.0", "::", "192.168.0.1", "example.com"] { #expect(!HierarchyWebServer.isLoopback(host)) }
        #expect(HierarchyWebServer.address(host: "0.0.0.0", port: 80, token: "t") == "http://0.0.0.0:80/?token=t")
    }

    @Test("a cross-site POST (text/plain from another origin) creates no session")
    func crossSitePost() async throws {
        let server = try WebTest.server()
        try await WebTest.withClient(server) { client in
            for headers: HTTPFields in [
                [.origin: "http://evil.example", .contentType: "text/plain"],
                [.origin: "null"],
                [WebAccessPolicy.secFetchSite: "cross-site"],
            ] {
                let response = try await client.execute(
                    uri: "/api/sessions", method: .post, headers: headers,
                    body: WebTest.body("{\"width\": 800, \"height\": 600}"))
                #expect(response.status == .forbidden)
                #expect(try WebTest.decode(ErrorJSON.self, response).error.contains("other sites"))
            }
            #expect(await server.store.count == 0)
            let same = try await client.execute(
                uri: "/api/sessions", method: .post,
                headers: [.origin: "http://localhost:8080", WebAccessPolicy.secFetchSite: "same-origin"],
                body: WebTest.body("{\"width\": 800, \"height\": 600}"))
            #expect(same.status == .created)
            let session = try WebTest.decode(SnapshotJSON.self, same).session
            let stream = try await client.execute(
                uri: "/api/sessions/\(session)/events", method: .get, headers: [.origin: "http://evil.example"])
            #expect(stream.status == .forbidden)
            let delete = try await client.execute(
                uri: "/api/sessions/\(session)", method: .delete, headers: [.origin: "http://evil.example"])
            #expect(delete.status == .forbidden)
            #expect(await server.store.count == 1)
        }
    }

    @Test("with a token: refused without it, the printed ?token= sets a cookie, cookie and bearer work")
    func tokenFlow() async throws {
        let server = try WebTest.server(configuration: .init(host: "0.0.0.0", accessToken: "s3cret"))
        try await WebTest.withClient(server) { client in
            let bare = try await client.execute(uri: "/", method: .get)
            #expect(bare.status == .unauthorized)
            let wrong = try await client.execute(uri: "/?token=guess", method: .get)
            #expect(wrong.status == .unauthorized)
            let page = try await client.execute(uri: "/?token=s3cret", method: .get)
            #expect(page.status == .ok)
            let cookie = try #require(page.headers[.setCookie])
            #expect(
                cookie.hasPrefix("hierarchy-token=s3cret;") && cookie.contains("HttpOnly")
                    && cookie.contains("SameSite=Strict"))
            let create = try await client.execute(
                uri: "/api/sessions", method: .post, headers: [.cookie: "other=1; hierarchy-token=s3cret"],
                body: WebTest.body("{\"width\": 800, \"height\": 600}"))
            #expect(create.status == .created)
            let noCookie = try await client.execute(
                uri: "/api/sessions", method: .post, body: WebTest.body("{\"width\": 800, \"height\": 600}"))
            #expect(noCookie.status == .unauthorized)
            #expect(try WebTest.decode(ErrorJSON.self, noCookie).error.contains("token"))
            let bearer = try await client.execute(
                uri: "/app.css", method: .get, headers: [.authorization: "Bearer s3cret"])
            #expect(bearer.status == .ok)
        }
    }

    @Test("a Host naming another site (DNS rebinding) gets 421 on a live server")
    func rebinding() async throws {
        try await LiveServer.with(try WebTest.server(configuration: .init(port: 0))) { port in
            let evil = try await RawConnection(port: port)
            try await evil.send(LiveServer.head("GET", "/", host: "evil.example", port: port))
            let refused = await evil.read(until: "\r\n\r\n")
            #expect(LiveServer.status(refused) == 421)
            let good = try await RawConnection(port: port)
            try await good.send(LiveServer.head("GET", "/", host: "127.0.0.1", port: port))
            #expect(LiveServer.status(await good.read(until: "\r\n\r\n")) == 200)
            let otherPort = try await RawConnection(port: port)
            try await otherPort.send(LiveServer.head("GET", "/", host: "localhost", port: port + 1))
            #expect(LiveServer.status(await otherPort.read(until: "\r\n\r\n")) == 421)
        }
    }

    @Test("a declared body over the limit gets 413 and the connection is closed unread")
    func oversizedBody() async throws {
        try await LiveServer.with(try WebTest.server(configuration: .init(port: 0))) { port in
            let connection = try await RawConnection(port: port)
            try await connection.send(
                LiveServer.head(
                    "POST", "/api/sessions", host: "127.0.0.1", port: port,
                    fields: ["Content-Type: application/json", "Content-Length: 54000000000"])
                    + String(repeating: "x", count: 1_000))
            let text = await connection.read(timeout: .seconds(60))
            #expect(LiveServer.status(text) == 413)
            #expect(text.contains("larger than"))
            #expect(connection.closedByPeer, "the server must close the connection instead of reading 54 GB")
            // The server goes on serving.
            let next = try await RawConnection(port: port)
            try await next.send(LiveServer.head("GET", "/app.css", host: "127.0.0.1", port: port))
            #expect(LiveServer.status(await next.read(until: "\r\n\r\n")) == 200)
        }
    }
}
