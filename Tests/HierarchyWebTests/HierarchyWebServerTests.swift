import Foundation
import HierarchySources
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HierarchyWeb

@Suite("HierarchyWebServer endpoints")
struct HierarchyWebServerTests {
    @Test("the page and its files are served with a content security policy")
    func page() async throws {
        try await WebTest.withClient(try WebTest.server()) { client in
            let html = try await client.execute(uri: "/", method: .get)
            #expect(html.status == .ok)
            #expect(html.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(html.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
            #expect(html.headers[.xContentTypeOptions] == "nosniff")
            #expect(String(buffer: html.body).contains("<script src=\"app.js\">"))
            let script = try await client.execute(uri: "/app.js", method: .get)
            #expect(script.headers[.contentType]?.hasPrefix("text/javascript") == true)
            let text = String(buffer: script.body)
            #expect(text.contains("textContent"))
            #expect(!text.contains("innerHTML"), "the page must build the DOM from text only")
            let style = try await client.execute(uri: "/app.css", method: .get)
            #expect(style.status == .ok && style.body.readableBytes > 100)
        }
    }

    @Test("a new session shows the root and then its children")
    func createAndSettle() async throws {
        try await WebTest.withClient(try WebTest.server()) { client in
            let first = try await WebTest.create(client)
            #expect(!first.session.isEmpty)
            let settled = try await WebTest.settle(client, first)
            let root = try #require(settled.columns.first)
            #expect(root.items.map(\.uuid) == ["r"])
            let children = try #require(settled.column(withParent: "r"))
            #expect(children.itemCount == 5)
            #expect(children.items.map(\.uuid) == ["r.0", "r.1", "r.2", "r.3", "r.4"])
            #expect(children.items[0].indicator == "4")
            #expect(children.items[0].value == "4 children")
            #expect(children.contentHeight > 0)
        }
    }

    @Test("markup in titles stays text in the JSON the page renders")
    func escaping() async throws {
        try await WebTest.withClient(try WebTest.server()) { client in
            let settled = try await WebTest.settle(client, try await WebTest.create(client))
            let item = try #require(settled.column(withParent: "r")?.items.first { $0.uuid == "r.1" })
            #expect(item.title == GeneratedSource.markupTitle)
            #expect(item.label.hasPrefix(GeneratedSource.markupTitle))
            let raw = try await client.execute(uri: "/api/sessions/\(settled.session)", method: .get)
            #expect(raw.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(raw.headers[.xContentTypeOptions] == "nosniff")
        }
    }

    @Test("tapping indicators drills down three levels")
    func drillDown() async throws {
        try await WebTest.withClient(try WebTest.server()) { client in
            var snapshot = try await WebTest.settle(client, try await WebTest.create(client, width: 1400))
            var parent = "r"
            for level in 1...3 {
                let uuid = "\(parent).2"
                snapshot = try await WebTest.act(
                    client, snapshot.session, "{\"type\": \"tapIndicator\", \"uuid\": \"\(uuid)\"}")
                snapshot = try await WebTest.settle(client, snapshot)
                let column = try #require(snapshot.column(withParent: uuid), "level \(level)")
                #expect(column.items.first?.uuid == "\(uuid).0")
                #expect(snapshot.column(withParent: parent)?.items.first { $0.uuid == uuid }?.expanded == true)
                parent = uuid
            }
            #expect(snapshot.levelCount == 5)
            #expect(snapshot.path.contains("Item r.2.2.2"))
        }
    }

    @Test("an item that arrived after the last snapshot can be tapped at once")
    func tapBeforeNextSnapshot() async throws {
        let server = try WebTest.server()
        try await WebTest.withClient(server) { client in
            let created = try await WebTest.create(client)
            // Wait for the children without asking for a snapshot that lays them out.
            let session = try await server.store.session(created.session)
            await session.run { _, session in await session.dataSource!.waitUntilIdle() }
            let tapped = try await WebTest.act(
                client, created.session, "{\"type\": \"tapIndicator\", \"uuid\": \"r.2\"}")
            #expect(tapped.column(withParent: "r.2") != nil)
        }
    }

    @Test("unknown sessions, items and endpoints get 404 with a message")
    func notFound() async throws {
        try await WebTest.withClient(try WebTest.server()) { client in
            let missing = try await client.execute(uri: "/api/sessions/nope", method: .get)
            #expect(missing.status == .notFound)
            #expect(try WebTest.decode(ErrorJSON.self, missing).error.contains("session"))
            let action = try await client.execute(
                uri: "/api/sessions/nope/actions", method: .post, body: WebTest.body("{\"type\": \"next\"}"))
            #expect(action.status == .notFound)
            let snapshot = try await WebTest.settle(client, try await WebTest.create(client))
            let item = try await client.execute(
                uri: "/api/sessions/\(snapshot.session)/actions", method: .post,
                body: WebTest.body("{\"type\": \"tapIndicator\", \"uuid\": \"<script>\"}"))
            #expect(item.status == .notFound)
            #expect(try WebTest.decode(ErrorJSON.self, item).error.contains("no item"))
            let endpoint = try await client.execute(uri: "/api/nothing/here", method: .get)
            #expect(endpoint.status == .notFound)
            #expect(!(try WebTest.decode(ErrorJSON.self, endpoint).error.isEmpty))
        }
    }

    @Test(
        "malformed and oversized requests get 4xx with a message",
        arguments: [
            ("{", 400), ("{\"type\": \"fly\"}", 400), ("{\"type\": \"tapItem\"}", 400),
            ("{\"type\": \"pan\", \"translation\": \"far\"}", 400),
            ("{\"type\": \"scroll\", \"column\": -1, \"offset\": 0}", 400),
            ("{\"type\": \"swipe\", \"direction\": \"up\"}", 400),
            ("{\"type\": \"tapItem\", \"uuid\": \"" + String(repeating: "x", count: 5_000) + "\"}", 400),
            ("{\"type\": \"key\", \"key\": \"" + String(repeating: "x", count: 20_000) + "\"}", 413),
        ])
    func badRequests(body: String, status: Int) async throws {
        try await WebTest.withClient(try WebTest.server()) { client in
            let snapshot = try await WebTest.create(client)
            let response = try await client.execute(
                uri: "/api/sessions/\(snapshot.session)/actions", method: .post, body: WebTest.body(body))
            #expect(response.status.code == status)
            #expect(!(try WebTest.decode(ErrorJSON.self, response).error.isEmpty))
        }
    }

    @Test("over-long targets, bad versions and bad search parameters are refused")
    func boundedQueries() async throws {
        try await WebTest.withClient(try WebTest.server()) { client in
            let snapshot = try await WebTest.create(client)
            let long = try await client.execute(
                uri: "/api/sessions/\(snapshot.session)?" + String(repeating: "a", count: 5_000), method: .get)
            #expect(long.status.code == 414)
            let version = try await client.execute(uri: "/api/sessions/\(snapshot.session)?after=soon", method: .get)
            #expect(version.status == .badRequest)
            let query = try await client.execute(
                uri: "/api/sessions/\(snapshot.session)/search?q=" + String(repeating: "q", count: 300), method: .get)
            #expect(query.status == .badRequest)
            let offset = try await client.execute(
                uri: "/api/sessions/\(snapshot.session)/search?q=a&offset=-3", method: .get)
            #expect(offset.status == .badRequest)
            let size = try await client.execute(
                uri: "/api/sessions", method: .post, body: WebTest.body("{\"width\": 10}"))
            #expect(size.status == .badRequest)
        }
    }

    @Test("a failing source call is reported and the server goes on")
    func failingSource() async throws {
        let source = GeneratedSource(rootChildren: 5, fanout: 4, depth: 4, failing: "r.3")
        try await WebTest.withClient(try WebTest.server(source)) { client in
            var snapshot = try await WebTest.settle(client, try await WebTest.create(client))
            snapshot = try await WebTest.act(
                client, snapshot.session, "{\"type\": \"tapIndicator\", \"uuid\": \"r.3\"}")
            var messages: [String] = snapshot.message.map { [$0] } ?? []
            for _ in 0..<20 where messages.isEmpty {
                let response = try await client.execute(
                    uri: "/api/sessions/\(snapshot.session)?after=\(snapshot.version)", method: .get)
                snapshot = try WebTest.decode(SnapshotJSON.self, response)
                if let message = snapshot.message { messages.append(message) }
            }
            #expect(messages.contains { $0.contains("simulated failure") })
            snapshot = try await WebTest.act(
                client, snapshot.session, "{\"type\": \"tapIndicator\", \"uuid\": \"r.4\"}")
            snapshot = try await WebTest.settle(client, snapshot)
            #expect(snapshot.column(withParent: "r.4")?.items.count == 4)
        }
    }

    @Test("compact width shows one level and the header", arguments: [320.0, 599.0])
    func compact(width: Double) async throws {
        try await WebTest.withClient(try WebTest.server()) { client in
            var snapshot = try await WebTest.settle(client, try await WebTest.create(client, width: width, height: 700))
            #expect(snapshot.compact)
            let header = try #require(snapshot.header)
            #expect(snapshot.columns.allSatisfy { $0.width == width })
            snapshot = try await WebTest.act(client, snapshot.session, "{\"type\": \"next\"}")
            snapshot = try await WebTest.settle(client, snapshot)
            #expect(snapshot.header?.title == "Item r")
            #expect(snapshot.header?.previousEnabled == true)
            snapshot = try await WebTest.act(
                client, snapshot.session, "{\"type\": \"swipe\", \"direction\": \"right\"}")
            #expect(snapshot.leadingLevel == 0)
            _ = header
        }
    }

    @Test("regular width is not compact", arguments: [600.0, 1400.0])
    func regular(width: Double) async throws {
        try await WebTest.withClient(try WebTest.server()) { client in
            let snapshot = try await WebTest.create(client, width: width, height: 700)
            #expect(!snapshot.compact)
            #expect(snapshot.header == nil)
        }
    }

    @Test("right to left puts the first column on the right")
    func rightToLeft() async throws {
        try await WebTest.withClient(try WebTest.server()) { client in
            let snapshot = try await WebTest.settle(client, try await WebTest.create(client, width: 1200, rtl: true))
            #expect(snapshot.rtl)
            let first = try #require(snapshot.columns.first { $0.index == 0 })
            let second = try #require(snapshot.columns.first { $0.index == 1 })
            #expect(first.x > second.x)
        }
    }

    @Test("a column of a million children sends only the rows near the viewport")
    func millionChildren() async throws {
        let source = GeneratedSource(rootChildren: 1_000_000, fanout: 2, depth: 2)
        try await WebTest.withClient(try WebTest.server(source)) { client in
            var snapshot = try await WebTest.settle(client, try await WebTest.create(client, width: 1200, height: 800))
            let column = try #require(snapshot.column(withParent: "r"))
            #expect(column.itemCount == 1_000_000)
            #expect(column.items.count < 30)
            let offset = column.contentHeight / 2
            snapshot = try await WebTest.act(
                client, snapshot.session, "{\"type\": \"scroll\", \"column\": \(column.index), \"offset\": \(offset)}")
            snapshot = try await WebTest.settle(client, snapshot)
            let scrolled = try #require(snapshot.column(withParent: "r"))
            #expect(abs(scrolled.offsetY - offset) < 1)
            #expect(scrolled.items.count < 30)
            let rows = scrolled.items.map(\.row)
            #expect(rows.allSatisfy { abs($0 - 500_000) < 1_000 })
            #expect(scrolled.items.allSatisfy { $0.uuid == "r.\($0.row)" })
        }
    }

    @Test("search pages through results")
    func search() async throws {
        struct Page: Decodable {
            struct Result: Decodable {
                var id: String
                var title: String
            }
            var results: [Result]
            var hasMore: Bool
        }
        try await WebTest.withClient(try WebTest.server(GeneratedSource(rootChildren: 5, fanout: 60, depth: 3))) {
            client in
            let snapshot = try await WebTest.create(client)
            let first = try WebTest.decode(
                Page.self,
                try await client.execute(uri: "/api/sessions/\(snapshot.session)/search?q=Item%20r.2.", method: .get))
            #expect(first.results.count == HierarchyWebServer.searchPageSize)
            #expect(first.hasMore)
            let second = try WebTest.decode(
                Page.self,
                try await client.execute(
                    uri: "/api/sessions/\(snapshot.session)/search?q=Item%20r.2.&offset=50", method: .get))
            #expect(first.results.first?.id == "r.2.0")
            #expect(second.results.map(\.id) == (50..<60).map { "r.2.\($0)" })
            #expect(!second.hasMore)
            let empty = try WebTest.decode(
                Page.self, try await client.execute(uri: "/api/sessions/\(snapshot.session)/search?q=", method: .get))
            #expect(empty.results.isEmpty)
        }
    }

    @Test("reveal starts the columns at a deep item")
    func reveal() async throws {
        try await WebTest.withClient(try WebTest.server()) { client in
            var snapshot = try await WebTest.settle(client, try await WebTest.create(client))
            snapshot = try await WebTest.act(client, snapshot.session, "{\"type\": \"reveal\", \"id\": \"r.2.3.1\"}")
            snapshot = try await WebTest.settle(client, snapshot)
            #expect(snapshot.allUUIDs.contains("r.2.3.1"))
            let missing = try await client.execute(
                uri: "/api/sessions/\(snapshot.session)/actions", method: .post,
                body: WebTest.body("{\"type\": \"reveal\", \"id\": \"r.9.9\"}"))
            #expect(missing.status == .notFound)
        }
    }

    @Test("editing selects, copy returns the item's text, keys move the focus")
    func editingCopyKeys() async throws {
        try await WebTest.withClient(try WebTest.server()) { client in
            var snapshot = try await WebTest.settle(client, try await WebTest.create(client))
            snapshot = try await WebTest.act(client, snapshot.session, "{\"type\": \"editing\", \"on\": true}")
            #expect(snapshot.editing)
            snapshot = try await WebTest.act(client, snapshot.session, "{\"type\": \"tapItem\", \"uuid\": \"r.0\"}")
            snapshot = try await WebTest.act(client, snapshot.session, "{\"type\": \"tapItem\", \"uuid\": \"r.4\"}")
            #expect(snapshot.selectedCount == 2)
            #expect(snapshot.column(withParent: "r")?.items.filter(\.selected).map(\.uuid) == ["r.0", "r.4"])
            snapshot = try await WebTest.act(client, snapshot.session, "{\"type\": \"copy\", \"uuid\": \"r.0\"}")
            #expect(snapshot.copied == "Item r.0\nlevel 1")
            snapshot = try await WebTest.act(client, snapshot.session, "{\"type\": \"editing\", \"on\": false}")
            #expect(snapshot.selectedCount == 0)
            snapshot = try await WebTest.act(client, snapshot.session, "{\"type\": \"focus\", \"uuid\": \"r.1\"}")
            #expect(snapshot.focused == "r.1")
            snapshot = try await WebTest.act(client, snapshot.session, "{\"type\": \"key\", \"key\": \"ArrowDown\"}")
            #expect(snapshot.focused == "r.2")
            snapshot = try await WebTest.act(client, snapshot.session, "{\"type\": \"key\", \"key\": \"y\"}")
            #expect(snapshot.copied?.hasPrefix("Item r.2") == true)
        }
    }

    @Test("pan moves the columns continuously and snaps on release")
    func pan() async throws {
        try await WebTest.withClient(try WebTest.server(GeneratedSource(rootChildren: 5, fanout: 4, depth: 5))) {
            client in
            var snapshot = try await WebTest.settle(client, try await WebTest.create(client, width: 500, height: 700))
            for uuid in ["r.1", "r.1.1"] {
                snapshot = try await WebTest.act(
                    client, snapshot.session, "{\"type\": \"tapIndicator\", \"uuid\": \"\(uuid)\"}")
                snapshot = try await WebTest.settle(client, snapshot)
            }
            let leading = snapshot.leadingLevel
            #expect(leading >= 2)
            snapshot = try await WebTest.act(client, snapshot.session, "{\"type\": \"beginPan\"}")
            snapshot = try await WebTest.act(client, snapshot.session, "{\"type\": \"pan\", \"translation\": 100}")
            let moved = try #require(snapshot.columns.first { $0.index == leading })
            #expect(moved.x == 100)
            snapshot = try await WebTest.act(client, snapshot.session, "{\"type\": \"pan\", \"translation\": 300}")
            snapshot = try await WebTest.act(client, snapshot.session, "{\"type\": \"endPan\", \"velocity\": 0}")
            #expect(snapshot.leadingLevel == leading - 1)
            #expect(snapshot.columns.contains { $0.index == leading - 1 && $0.x == 0 })
        }
    }

    @Test("viewports of any size answer", arguments: [(0.0, 0.0), (1.0, 1.0), (100_000.0, 50.0)])
    func edgeSizes(width: Double, height: Double) async throws {
        try await WebTest.withClient(try WebTest.server()) { client in
            let snapshot = try await WebTest.create(client, width: width, height: height)
            let resized = try await WebTest.act(
                client, snapshot.session, "{\"type\": \"resize\", \"width\": \(height), \"height\": \(width)}")
            #expect(resized.version >= snapshot.version)
        }
    }

    @Test("a deleted session is gone")
    func delete() async throws {
        try await WebTest.withClient(try WebTest.server()) { client in
            let snapshot = try await WebTest.create(client)
            let deleted = try await client.execute(uri: "/api/sessions/\(snapshot.session)", method: .delete)
            #expect(deleted.status == .noContent)
            let after = try await client.execute(uri: "/api/sessions/\(snapshot.session)", method: .get)
            #expect(after.status == .notFound)
        }
    }
}
