import Foundation
import HierarchyKit
import HierarchySources
import Hummingbird
import HummingbirdTesting
import ListFloorplan
import Testing

@testable import HierarchyWeb

/// A fruit of the list tests.
struct Fruit: Identifiable, Equatable, Sendable {
    var id: Int
    var name: String
}

enum FruitSection: Hashable, CaseIterable, Sendable {
    case all
}

/// A list screen over `count` fruits, searchable when asked.
@MainActor
func fruitScreen(count: Int = 120, searchable: Bool = true) -> ListScreen<Fruit, FruitSection> {
    let fruits = (0..<count).map { Fruit(id: $0, name: ["Apple", "Pear", "Plum"][$0 % 3] + " \($0)") }
    let model = ListViewModel<Fruit, FruitSection>(
        queries: [.all: .inMemory(fruits) { $0.name.localizedCaseInsensitiveContains($1) }], isSearchEnabled: searchable
    )
    model.searchDebounceTiming = .zero
    model.loadTimeout = nil
    let screen = ListScreen(viewModel: model)
    screen.cellBinding = { _, fruit in
        ListCellContent(headline: fruit.name, status: fruit.id.isMultiple(of: 2) ? "ripe" : nil)
    }
    return screen
}

/// A screen answer, decoded loosely.
func screenJSON(_ response: TestResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
}

@Suite("Screen sessions: list floorplans and linear hierarchies in the page")
struct WebScreenTests {
    /// Follows `GET /api/screens/ID?after=V` until `done` holds (at most 50 changes).
    static func follow(
        _ client: some TestClientProtocol, _ snapshot: [String: Any], until done: ([String: Any]) -> Bool
    ) async throws -> [String: Any] {
        var current = snapshot
        let id = current["session"] as? String ?? ""
        for _ in 0..<50 where !done(current) {
            let version = current["version"] as? Int ?? 0
            current = try screenJSON(try await client.execute(uri: "/api/screens/\(id)?after=\(version)", method: .get))
        }
        return current
    }

    static func sections(_ snapshot: [String: Any]) -> [[String]] {
        ((snapshot["linear"] as? [String: Any])?["sections"] as? [[[String: Any]]] ?? []).map {
            $0.map { $0["title"] as? String ?? "" }
        }
    }

    @Test("any source as a linear hierarchy: the root expanded, a container's children read when it is chosen")
    func linearSource() async throws {
        let server = try HierarchyWebServer(
            linearSource: GeneratedSource(rootChildren: 3, fanout: 2, depth: 2), sourceName: "Generated",
            horizontal: false,
            configuration: .init(pollTimeout: .seconds(5)))
        try await WebTest.withClient(server) { client in
            let created = try await client.execute(uri: "/api/screens", method: .post, body: WebTest.body("{}"))
            #expect(created.status == .created)
            var snapshot = try screenJSON(created)
            #expect(snapshot["kind"] as? String == "linear")
            #expect((snapshot["linear"] as? [String: Any])?["axis"] as? String == "vertical")
            #expect(Self.sections(snapshot) == [["Item r"], ["Item r.0", GeneratedSource.markupTitle, "Item r.2"]])
            let id = try #require(snapshot["session"] as? String)
            let chosen = try await client.execute(
                uri: "/api/screens/\(id)/actions", method: .post,
                body: WebTest.body(#"{"type": "select", "section": 1, "item": 0}"#))
            #expect(chosen.status == .ok)
            snapshot = try await Self.follow(client, try screenJSON(chosen)) {
                ($0["linear"] as? [String: Any])?["loading"] as? Bool == false
            }
            #expect(Self.sections(snapshot) == [["Item r"], ["Item r.0"], ["Item r.0.0", "Item r.0.1"]])
            let update = try #require((snapshot["linear"] as? [String: Any])?["update"] as? [String: Any])
            #expect((update["step"] as? Int ?? 0) >= 2)
            // Choosing the root collapses back to its children.
            let back = try await client.execute(
                uri: "/api/screens/\(id)/actions", method: .post,
                body: WebTest.body(#"{"type": "select", "section": 0, "item": 0}"#))
            snapshot = try screenJSON(back)
            #expect(Self.sections(snapshot) == [["Item r"]])
            let gone = try await client.execute(
                uri: "/api/screens/\(id)/actions", method: .post,
                body: WebTest.body(#"{"type": "select", "section": 2, "item": 0}"#))
            #expect(gone.status.code == 409)
        }
    }

    @Test("a vertical linear page shows each row's second text after its title, the horizontal one does not")
    func linearDetails() async throws {
        let source = try InMemorySource(
            root: .init(
                HierarchyNode(id: "plant", title: "Plant", subtitle: "Site"),
                children: [
                    .init(HierarchyNode(id: "pump", title: "Pump", subtitle: "Centrifugal pump")),
                    .init(id: "valve", title: "Valve"),
                ]))
        for horizontal in [false, true] {
            let server = try HierarchyWebServer(linearSource: source, sourceName: "Plant", horizontal: horizontal)
            try await WebTest.withClient(server) { client in
                let created = try await client.execute(uri: "/api/screens", method: .post, body: WebTest.body("{}"))
                let snapshot = try screenJSON(created)
                let details = ((snapshot["linear"] as? [String: Any])?["sections"] as? [[[String: Any]]] ?? []).map {
                    $0.map { $0["detail"] as? String ?? "-" }
                }
                #expect(Self.sections(snapshot) == [["Plant"], ["Pump", "Valve"]])
                #expect(details == (horizontal ? [["-"], ["-", "-"]] : [["Site"], ["Centrifugal pump", "-"]]))
            }
        }
    }

    @Test("a container whose children cannot be read says so and closes again")
    func linearSourceFailure() async throws {
        let server = try HierarchyWebServer(
            linearSource: GeneratedSource(rootChildren: 2, fanout: 2, depth: 2, failing: "r.0"),
            sourceName: "Generated",
            horizontal: true, configuration: .init(pollTimeout: .seconds(5)))
        try await WebTest.withClient(server) { client in
            let created = try screenJSON(
                try await client.execute(uri: "/api/screens", method: .post, body: WebTest.body("{}")))
            let id = try #require(created["session"] as? String)
            let chosen = try await client.execute(
                uri: "/api/screens/\(id)/actions", method: .post,
                body: WebTest.body(#"{"type": "select", "section": 1, "item": 0}"#))
            let snapshot = try await Self.follow(client, try screenJSON(chosen)) { $0["message"] != nil }
            #expect((snapshot["message"] as? String)?.hasPrefix("Cannot list the children of Item r.0") == true)
            #expect(Self.sections(snapshot).count == 2)
        }
    }

    @Test("a ListScreen is a floorplan too: rows, paging, search, an empty search, no add or delete without handlers")
    func listScreen() async throws {
        let server = try HierarchyWebServer(
            port: 0, title: "Fruit", configuration: .init(pollTimeout: .seconds(5)),
            makeFloorplan: { fruitScreen() })
        try await WebTest.withClient(server) { client in
            var snapshot = try screenJSON(
                try await client.execute(uri: "/api/screens", method: .post, body: WebTest.body("{}")))
            let id = try #require(snapshot["session"] as? String)
            func list(_ of: [String: Any]? = nil) -> [String: Any] { (of ?? snapshot)["list"] as? [String: Any] ?? [:] }
            func rows(_ of: [String: Any]? = nil) -> [[String: Any]] { list(of)["rows"] as? [[String: Any]] ?? [] }
            func footer(_ of: [String: Any]? = nil) -> String {
                (list(of)["footer"] as? [String: Any])?["kind"] as? String ?? ""
            }
            func act(_ json: String) async throws -> UInt16 {
                let answer = try await client.execute(
                    uri: "/api/screens/\(id)/actions", method: .post, body: WebTest.body(json))
                if answer.status == .ok { snapshot = try screenJSON(answer) }
                return UInt16(answer.status.code)
            }
            snapshot = try await Self.follow(client, snapshot) { list($0)["canLoadMore"] as? Bool == true }
            let page = rows().count
            #expect(page > 0 && page < 120)
            #expect(rows().first?["headline"] as? String == "Apple 0" && rows().first?["status"] as? String == "ripe")
            #expect(list()["canAdd"] as? Bool == false && list()["canDelete"] as? Bool == false)
            #expect(try await act(#"{"type": "more"}"#) == 200)
            snapshot = try await Self.follow(client, snapshot) { rows($0).count > page }
            #expect(rows().count > page)
            #expect(try await act(#"{"type": "search", "text": "plum 1"}"#) == 200)
            snapshot = try await Self.follow(client, snapshot) { current in
                footer(current) != "loading" && !rows(current).isEmpty
                    && rows(current).allSatisfy { ($0["headline"] as? String)?.hasPrefix("Plum 1") == true }
            }
            #expect(rows().allSatisfy { ($0["headline"] as? String)?.hasPrefix("Plum 1") == true })
            #expect(try await act(#"{"type": "search", "text": "kiwi"}"#) == 200)
            snapshot = try await Self.follow(client, snapshot) { footer($0) == "empty" }
            #expect((list()["footer"] as? [String: Any])?["text"] as? String == "No results found for “kiwi”")
            #expect(rows().isEmpty)
            #expect(try await act(#"{"type": "add"}"#) == 400)
            #expect(try await act(#"{"type": "delete", "section": 0, "item": 0}"#) == 400)
            #expect(try await act(#"{"type": "select"}"#) == 400)
        }
    }

    @Test("sessions are counted, found by id and dropped when idle")
    func sessionLimits() async throws {
        let clock = ManualClock()
        var configuration = HierarchyWebServer.Configuration(
            maximumSessions: 1, idleTimeout: .seconds(60), pollTimeout: .seconds(5))
        configuration.port = 0
        let server = try HierarchyWebServer(
            port: 0, title: "Fruit", configuration: configuration,
            makeFloorplan: { fruitScreen(searchable: false) }, now: { clock.now() })
        try await WebTest.withClient(server) { client in
            let first = try screenJSON(
                try await client.execute(uri: "/api/screens", method: .post, body: WebTest.body("{}")))
            let id = try #require(first["session"] as? String)
            let second = try await client.execute(uri: "/api/screens", method: .post, body: WebTest.body("{}"))
            #expect(second.status.code == 503)
            let search = try await client.execute(
                uri: "/api/screens/\(id)/actions", method: .post,
                body: WebTest.body(#"{"type": "search", "text": "x"}"#))
            #expect(search.status.code == 400)
            let malformed = try await client.execute(
                uri: "/api/screens/\(String(repeating: "a", count: 100))", method: .get)
            #expect(malformed.status.code == 400)
            clock.advance(by: .seconds(61))
            let expired = try await client.execute(uri: "/api/screens/\(id)", method: .get)
            #expect(expired.status.code == 404)
            let again = try await client.execute(uri: "/api/screens", method: .post, body: WebTest.body("{}"))
            #expect(again.status == .created)
            let page = try await client.execute(uri: "/", method: .get)
            #expect(String(buffer: page.body).contains("screen.js"))
            let hierarchyAPI = try await client.execute(
                uri: "/api/sessions", method: .post, body: WebTest.body(#"{"width": 100, "height": 100}"#))
            #expect(hierarchyAPI.status.code == 404)
        }
    }

    @Test("a theme styles the list and linear class paths in the page")
    func theme() throws {
        let page = try WebScreenPage.load(theme: .dark)
        let style = String(decoding: page.style, as: UTF8.self)
        #expect(style.contains("@keyframes screen-spin"))
        let plain = String(decoding: try WebScreenPage.load(theme: nil).style, as: UTF8.self)
        let themed = String(style.dropFirst(plain.count))
        #expect(style.hasPrefix(plain))
        #expect(themed.contains("#linear .cell { background-color: "))
        #expect(themed.contains("#linear .cell.active { background-color: "))
        #expect(themed.contains("#list-search {") || themed.contains("#list-rows .row .headline {"))
    }
}
