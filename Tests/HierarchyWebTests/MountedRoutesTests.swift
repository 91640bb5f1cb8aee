import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HierarchyWeb

/// Marks every answer it passes, so a test can tell the application's middleware ran.
struct MarkingMiddleware<Context: RequestContext>: RouterMiddleware {
    static var name: HTTPField.Name { HTTPField.Name("X-Application")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        response.headers[Self.name] = "mine"
        return response
    }
}

/// `HierarchyRoutes` on an application's own router, under prefixes of its choice.
@Suite("Routes mounted on an application's router")
struct MountedRoutesTests {
    /// An application with its own middleware and route, and two hierarchies under `/one` and `/deep/two`.
    static func application() throws -> some ApplicationProtocol {
        let router = Router()
        router.add(middleware: MarkingMiddleware())
        router.get("/health") { _, _ in "ok" }
        let one = try HierarchyRoutes(
            source: GeneratedSource(rootChildren: 3, fanout: 2, depth: 2), sourceName: "First tree")
        one.addRoutes(to: router.group("one"))
        let two = try HierarchyRoutes(
            source: GeneratedSource(rootChildren: 5, fanout: 2, depth: 2), sourceName: "Second tree")
        two.addRoutes(to: router.group("deep/two"))
        return Application(router: router, services: [one, two])
    }

    static func object(_ response: TestResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any] ?? [:]
    }

    static let newSession = ByteBuffer(string: #"{"width": 1200, "height": 800}"#)

    @Test("each prefix serves its own hierarchy, behind the application's middleware")
    func twoPrefixes() async throws {
        try await Self.application().test(.router) { client in
            for (prefix, name, count) in [("/one", "First tree", 3), ("/deep/two", "Second tree", 5)] {
                let created = try await client.execute(
                    uri: prefix + "/api/sessions", method: .post, body: Self.newSession)
                #expect(created.status == .created, "\(prefix): \(String(buffer: created.body))")
                #expect(created.headers[MarkingMiddleware<BasicRequestContext>.name] == "mine")
                let snapshot = try Self.object(created)
                #expect(snapshot["name"] as? String == name)
                let session = try #require(snapshot["session"] as? String)
                // The root's children are those of this prefix's source.
                let columns = try #require(snapshot["columns"] as? [[String: Any]])
                let root = try #require((columns.first?["items"] as? [[String: Any]])?.first?["uuid"] as? String)
                let opened = try await client.execute(
                    uri: "\(prefix)/api/sessions/\(session)/actions", method: .post,
                    body: ByteBuffer(string: #"{"type": "tapIndicator", "uuid": "\#(root)"}"#))
                #expect(opened.status == .ok, "\(String(buffer: opened.body))")
                let children = (try Self.object(opened)["columns"] as? [[String: Any]])?.first {
                    $0["parent"] as? String == "r"
                }
                #expect(children?["itemCount"] as? Int == count, "\(prefix)")
                let again = try await client.execute(uri: "\(prefix)/api/sessions/\(session)", method: .get)
                #expect(again.status == .ok)
                // A session lives under the prefix that made it.
                let other = prefix == "/one" ? "/deep/two" : "/one"
                let elsewhere = try await client.execute(uri: "\(other)/api/sessions/\(session)", method: .get)
                #expect(elsewhere.status == .notFound)
            }
            let own = try await client.execute(uri: "/health", method: .get)
            #expect(String(buffer: own.body) == "ok")
            // The routes' own headers stay on their answers, not on the application's.
            #expect(own.headers[.contentSecurityPolicy] == nil)
            let page = try await client.execute(uri: "/one/", method: .get)
            #expect(page.headers[.contentSecurityPolicy] != nil)
        }
    }

    @Test("the page is served at the prefix with a final slash, and fetches its files and API relative to it")
    func pageUnderThePrefix() async throws {
        try await Self.application().test(.router) { client in
            let bare = try await client.execute(uri: "/deep/two?rtl=1", method: .get)
            #expect(bare.status == .permanentRedirect)
            #expect(bare.headers[.location] == "/deep/two/?rtl=1")
            let page = try await client.execute(uri: "/deep/two/", method: .get)
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            for file in ["app.css", "transport.js", "app.js", "edit.js"] {
                #expect(html.contains("\"\(file)\""), "\(file) named relative to the page")
                let served = try await client.execute(uri: "/deep/two/" + file, method: .get)
                #expect(served.status == .ok, "\(file)")
            }
            let unknown = try await client.execute(uri: "/deep/two/api/nothing", method: .get)
            #expect(unknown.status == .notFound)
        }
    }

    @Test("no file of the page names an absolute path: it works under any prefix")
    func pageFilesAreRelative() throws {
        let page = try WebPageResources.load()
        for (name, data) in [
            ("index.html", page.html), ("transport.js", page.transport), ("app.js", page.script),
            ("edit.js", page.editing),
        ] {
            let text = String(decoding: data, as: UTF8.self)
            for absolute in ["\"/api", "'/api", "`/api", "src=\"/", "href=\"/"] {
                #expect(!text.contains(absolute), "\(name) names \(absolute)…")
            }
        }
    }

    @Test("a browser request from another site is refused under the prefix too")
    func crossSite() async throws {
        try await Self.application().test(.router) { client in
            let refused = try await client.execute(
                uri: "/one/api/sessions", method: .post,
                headers: [.origin: "https://evil.example"], body: Self.newSession)
            #expect(refused.status == .forbidden)
            let marked = try await client.execute(
                uri: "/one/api/sessions", method: .post,
                headers: [WebAccessPolicy.secFetchSite: "cross-site"], body: Self.newSession)
            #expect(marked.status == .forbidden)
            // The test client names `localhost`; an application behind TLS sees an https origin.
            let own = try await client.execute(
                uri: "/one/api/sessions", method: .post,
                headers: [.origin: "https://localhost"], body: Self.newSession)
            #expect(own.status == .created, "\(String(buffer: own.body))")
        }
    }
}

/// Serving is read-only unless edits are allowed.
@Suite("Read-only serving")
struct ReadOnlyServingTests {
    @Test("by default an add or delete is refused with 403 and the snapshot is not editable")
    func editsRefusedByDefault() async throws {
        #expect(HierarchyWebServer.Configuration().allowsEdits == false)
        let server = try WebTest.server()
        try await WebTest.withClient(server) { client in
            let created = try await client.execute(
                uri: "/api/sessions", method: .post, body: MountedRoutesTests.newSession)
            let snapshot = try MountedRoutesTests.object(created)
            #expect(snapshot["editable"] as? Bool == false)
            let session = try #require(snapshot["session"] as? String)
            for action in [#"{"type": "add", "parent": "r", "title": "New"}"#, #"{"type": "delete", "id": "r.0"}"#] {
                let refused = try await client.execute(
                    uri: "/api/sessions/\(session)/actions", method: .post, body: WebTest.body(action))
                #expect(refused.status == .forbidden, "\(action)")
                #expect(try WebTest.decode(ErrorJSON.self, refused).error.contains("read-only"))
            }
        }
    }

    @Test("with edits allowed, a hierarchy that cannot be edited still answers 405")
    func allowedButNotEditable() async throws {
        let server = try WebTest.server(configuration: .init(pollTimeout: .seconds(5), allowsEdits: true))
        try await WebTest.withClient(server) { client in
            let created = try await client.execute(
                uri: "/api/sessions", method: .post, body: MountedRoutesTests.newSession)
            let session = try #require(try MountedRoutesTests.object(created)["session"] as? String)
            let refused = try await client.execute(
                uri: "/api/sessions/\(session)/actions", method: .post,
                body: WebTest.body(#"{"type": "delete", "id": "r.0"}"#))
            #expect(refused.status == .methodNotAllowed)
        }
    }

    @Test("an edit's log line: time, client, action and quoted ids on one line")
    func editLine() throws {
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        let added = WebEdit(action: "add", fields: [("id", "n9"), ("parent", "a/b")]).line(
            client: "127.0.0.1:52144", at: date)
        #expect(added == #"2026-11-18T11:06:40Z 127.0.0.1:52144 add id="n9" parent="a/b""#)
        let hostile = WebEdit(action: "delete", fields: [("id", "x\n2026 \"forged\""), ("items", "3")]).line(
            client: "[::1]:80", at: date)
        #expect(!hostile.contains("\n"))
        #expect(hostile.hasSuffix(#"delete id="x\n2026 \"forged\"" items=3"#))
    }
}
