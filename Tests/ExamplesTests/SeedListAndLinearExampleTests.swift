import FioriCompat
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HierarchyWeb
@testable import TerminalUI

/// The list floorplan with its `viewDidLoad()` calls counted (a subclass, as a host app writes).
final class CountingProductList: FUIListFloorplan<Product, ProductListReportSections> {
    var viewDidLoadCount = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        viewDidLoadCount += 1
    }
}

/// A JSON answer as a dictionary.
func object(_ buffer: ByteBuffer) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
}

/// Opens a tab's screen session: expects 201 and returns the session's id and first snapshot.
func openScreen(_ client: some TestClientProtocol) async throws -> (id: String, snapshot: [String: Any]) {
    let created = try await client.execute(uri: "/api/screens", method: .post, body: ByteBuffer(string: "{}"))
    #expect(created.status == .created)
    let snapshot = try object(created.body)
    return (try #require(snapshot["session"] as? String), snapshot)
}

@Suite("Seed example: the list floorplan and the linear hierarchy on both faces", .serialized)
@MainActor
struct SeedListAndLinearExampleTests {
    init() {
        ProductCatalogue.shared.delay = .milliseconds(1)
    }

    @Test(
        "TerminalBrowser shows the document's list floorplan: viewDidLoad sets the search bar, pages load, typing searches"
    )
    func listInTerminal() async throws {
        let floorplan = makeProductList()
        // No answer is late in a test: the first page comes whenever a loaded machine gets to it.
        floorplan.viewModel.loadTimeout = nil
        #expect(floorplan.searchBar == nil)
        let list = TerminalBrowser.makeScreen(
            floorplan: floorplan, options: .init(title: "Products"),
            palette: .monochrome, columns: 100, rows: 30)
        #expect(floorplan.searchBar != nil)
        let firstName = try #require(ProductCatalogue.shared.products.first?.name)
        // The first load, however long a loaded machine takes for it.
        await list.finishPendingWork()
        var text = await frame(of: list) { $0.contains(firstName) }
        #expect(text.contains("Product"))  // the grid header
        #expect(text.contains("Computers"))  // the bound cell's subheadline
        let firstPage = floorplan.viewModel.loadedListItemsCount
        #expect(firstPage > 0 && firstPage < ProductCatalogue.shared.products.count)
        // End reaches the last loaded row: the next page loads.
        _ = list.handle([.key(KeyEvent(.end))])
        await list.finishPendingWork()
        #expect(floorplan.viewModel.loadedListItemsCount > firstPage)
        // Typing searches through the view model.
        _ = list.handle("Webcam".map { .key(KeyEvent(.character($0))) })
        await list.finishPendingWork()
        text = await frame(of: list) { !$0.contains(firstName) && $0.contains("Webcam") }
        #expect(floorplan.viewModel.searchText == "Webcam")
        #expect(floorplan.viewModel.snapshot.items.flatMap { $0 }.allSatisfy { $0.name.hasPrefix("Webcam") })
        // Choosing a row keeps the floorplan open.
        #expect(list.handle([.key(KeyEvent(.enter))]).isEmpty)
    }

    @Test("a floorplan subclass's viewDidLoad runs once when the face shows it")
    func viewDidLoadRunsOnce() async throws {
        var queries: [ProductListReportSections: FUIDataLoader<Product>] = [:]
        queries[.default] = ProductDataLoader()
        let floorplan = CountingProductList(viewModel: FUIListViewModel(queries: queries, isSearchEnabled: true))
        floorplan.viewModel.loadTimeout = nil
        let list = TerminalBrowser.makeScreen(floorplan: floorplan, palette: .monochrome, columns: 80, rows: 20)
        #expect(floorplan.viewDidLoadCount == 1)
        list.start()
        #expect(floorplan.viewDidLoadCount == 1)
        await list.finishPendingWork()
        _ = await frame(of: list) { $0.contains("Notebook") }
    }

    @Test(
        "TerminalBrowser shows the document's linear hierarchy: viewDidLoad, the host's cells, the runtime Spacecraft")
    func linearInTerminal() async throws {
        let host = SpaceViewController(scrollDirection: .horizontal)
        let screen = TerminalBrowser.makeScreen(
            linearController: host.lhVC, options: .init(title: "Space"),
            palette: .monochrome, columns: 80, rows: 6)
        #expect(host.lhVC.isViewLoaded)
        var text = screen.render().plainText
        #expect(text.contains("Planets") && text.contains("Spacecraft") && text.contains("Stars"))
        let cell = host.collectionView(host.lhVC.collectionView, cellForItemAt: IndexPath(item: 0, section: 0))
        #expect(cell is SpaceCell)
        // Spacecraft: its children come from the host at runtime.
        _ = screen.handle([.key(KeyEvent(.right)), .key(KeyEvent(.enter))])
        #expect(host.selectedItemName == "Spacecraft")
        text = screen.render().plainText
        #expect(text.contains("Voyager 1"))
        #expect(!text.contains("Planets"))
        // Choosing the active Spacecraft collapses back to the top level.
        _ = screen.handle([.key(KeyEvent(.home)), .key(KeyEvent(.enter))])
        #expect(host.lhVC.hierarchyLevel == 0)
        #expect(screen.render().plainText.contains("Planets"))
    }

    @Test("the web face makes one list floorplan per tab: pages, header, search, empty results, add and delete")
    func listOnTheWeb() async throws {
        let server = try HierarchyWebServer(
            port: 0, title: "Products",
            makeFloorplan: {
                let floorplan = makeProductList()
                floorplan.viewModel.loadTimeout = nil
                return floorplan
            })
        let app = Application(router: server.makeRouter())
        try await app.test(.router) { client in
            let session = try await openScreen(client)
            let id = session.id
            var snapshot = session.snapshot
            #expect(snapshot["kind"] as? String == "list")
            func list() -> [String: Any] { snapshot["list"] as? [String: Any] ?? [:] }
            func rows() -> [[String: Any]] { list()["rows"] as? [[String: Any]] ?? [] }
            func footer() -> String { (list()["footer"] as? [String: Any])?["kind"] as? String ?? "" }
            func next(until done: () -> Bool) async throws {
                for _ in 0..<50 where !done() {
                    let version = snapshot["version"] as? Int ?? 0
                    snapshot = try object(
                        try await client.execute(uri: "/api/screens/\(id)?after=\(version)", method: .get).body)
                }
            }
            func act(_ body: String) async throws -> Int {
                let answer = try await client.execute(
                    uri: "/api/screens/\(id)/actions", method: .post, body: ByteBuffer(string: body))
                if answer.status == .ok { snapshot = try object(answer.body) }
                return Int(answer.status.code)
            }
            try await next { !rows().isEmpty && footer() != "loading" }
            let firstPage = rows().count
            #expect(firstPage > 0)
            #expect(
                (list()["header"] as? [[String: Any]])?.map { $0["text"] as? String } == [
                    "Product", "Category", "Price",
                ])
            #expect(list()["searchEnabled"] as? Bool == true)
            #expect(list()["canAdd"] as? Bool == true && list()["canDelete"] as? Bool == true)
            #expect(rows().first?["subheadline"] as? String == "Computers")
            #expect(list()["canLoadMore"] as? Bool == true)
            // Scrolling to the end asks for the next page.
            #expect(try await act(#"{"type": "more"}"#) == 200)
            try await next { rows().count > firstPage }
            #expect(rows().count > firstPage)
            // A search that finds nothing shows the empty-results view's text.
            #expect(try await act(#"{"type": "search", "text": "zzz"}"#) == 200)
            try await next { footer() == "empty" }
            #expect((list()["footer"] as? [String: Any])?["text"] as? String == "No products match your search.")
            #expect(try await act(#"{"type": "search", "text": ""}"#) == 200)
            try await next { footer() != "empty" && footer() != "loading" && !rows().isEmpty }
            // Delete: the row named by position and key leaves the catalogue.
            let first = try #require(rows().first)
            let key = try #require(first["key"] as? String)
            #expect(try await act(#"{"type": "delete", "section": 0, "item": 0, "key": "\#(key)"}"#) == 200)
            try await next { rows().first?["key"] as? String != key && footer() != "loading" }
            let remaining = await MainActor.run { ProductCatalogue.shared.products.map(\.id) }
            #expect(!remaining.contains(key))
            // A stale key is refused.
            #expect(try await act(#"{"type": "delete", "section": 0, "item": 0, "key": "\#(key)"}"#) == 409)
            #expect(try await act(#"{"type": "dance"}"#) == 400)
            // Add: a new product shows first after the refresh.
            #expect(try await act(#"{"type": "add"}"#) == 200)
            try await next { (rows().first?["headline"] as? String)?.hasPrefix("New product") == true }
            #expect((rows().first?["headline"] as? String)?.hasPrefix("New product") == true)
            // A second tab gets a floorplan of its own.
            #expect(try await openScreen(client).id != id)
        }
    }

    @Test(
        "the web face makes one linear controller per tab: viewDidLoad, the host's cells, expand and collapse as update lists"
    )
    func linearOnTheWeb() async throws {
        let server = try HierarchyWebServer(
            port: 0, title: "Space", makeLinearController: { SpaceViewController.makeController(.vertical) })
        let app = Application(router: server.makeRouter())
        try await app.test(.router) { client in
            let session = try await openScreen(client)
            let id = session.id
            var snapshot = session.snapshot
            func linear() -> [String: Any] { snapshot["linear"] as? [String: Any] ?? [:] }
            func titles() -> [[String]] {
                (linear()["sections"] as? [[[String: Any]]] ?? []).map { $0.map { $0["title"] as? String ?? "" } }
            }
            #expect(snapshot["kind"] as? String == "linear")
            #expect(linear()["axis"] as? String == "vertical")
            #expect(titles() == [["Planets", "Spacecraft", "Stars"]])
            #expect(
                (linear()["sections"] as? [[[String: Any]]])?.first?.first?["color"] as? String == UIColor.darkGray.hex)
            let select = #"{"type": "select", "section": 0, "item": 0}"#
            let opened = try await client.execute(
                uri: "/api/screens/\(id)/actions", method: .post, body: ByteBuffer(string: select))
            snapshot = try object(opened.body)
            #expect(titles() == [["Planets"], ["Mercury", "Venus", "Earth", "Mars", "Jupiter"]])
            let update = try #require(linear()["update"] as? [String: Any])
            #expect(update["insertedSections"] as? [Int] == [1])
            #expect(update["removedItems"] as? [[Int]] == [[0, 1], [0, 2]])
            let first = try #require((linear()["sections"] as? [[[String: Any]]])?.first?.first)
            #expect(first["active"] as? Bool == true && first["color"] as? String == UIColor.purple.hex)
            // Choosing the active Planets collapses: the section goes, the siblings come back.
            let closed = try await client.execute(
                uri: "/api/screens/\(id)/actions", method: .post, body: ByteBuffer(string: select))
            snapshot = try object(closed.body)
            #expect(titles() == [["Planets", "Spacecraft", "Stars"]])
            let back = try #require(linear()["update"] as? [String: Any])
            #expect(back["removedSections"] as? [Int] == [1])
            #expect(back["insertedItems"] as? [[Int]] == [[0, 1], [0, 2]])
            #expect((back["step"] as? Int ?? 0) > (update["step"] as? Int ?? 0))
            let outside = try await client.execute(
                uri: "/api/screens/\(id)/actions", method: .post,
                body: ByteBuffer(string: #"{"type": "select", "section": 3, "item": 0}"#))
            #expect(outside.status.code == 409)
        }
    }
}
