import FioriCompat
import Foundation
import HierarchyTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HierarchyWeb
@testable import TerminalUI

/// The example's controller with the delegate calls recorded (the document's class is not
/// final, so a host app may subclass it too).
final class RecordingController: MyController {
    var selected: [String] = []
    var buttonTaps: [String] = []
    var viewDidLoadCount = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        viewDidLoadCount += 1
    }

    override func hierarchyView(_ hierarchyView: FUIHierarchyView, didSelectItemWith uuid: String) {
        selected.append(uuid)
        super.hierarchyView(hierarchyView, didSelectItemWith: uuid)
    }

    override func hierarchyView(_ hierarchyView: FUIHierarchyView, hierarchyButtonTappedForItemWith uuid: String) {
        buttonTaps.append(uuid)
        super.hierarchyView(hierarchyView, hierarchyButtonTappedForItemWith: uuid)
    }
}

/// Renders `screen` until `done` holds for its frame, drawing again each time the screen asks
/// for a redraw (the example's model answered, after its delay); after `limit` with no frame
/// that holds within `untilChanged`'s hang guard returns the last frame.
@MainActor
func frame(of screen: some TerminalScreen, until done: (String) -> Bool) async -> String {
    var text = ""
    await untilChanged(
        observe: { redrawn in
            screen.setRedrawHandler(redrawn)
            return { screen.setRedrawHandler(nil) }
        },
        until: {
            text = screen.render().plainText
            return done(text)
        })
    return text
}

@Suite("Seed example")
@MainActor
struct SeedExampleTests {
    @Test(
        "the terminal face shows the document's controller: viewDidLoad, cells as configured, keys reach the delegate")
    func terminal() async throws {
        let controller = RecordingController()
        controller.model = HierarchyViewModel(server: PlantServer(delay: .milliseconds(1)))
        let screen = TerminalBrowser.makeScreen(controller: controller, palette: .monochrome, columns: 150, rows: 30)
        #expect(controller.viewDidLoadCount == 1)
        #expect(controller.isViewLoaded)

        // The root's children arrive through the document's insertChildren callback.
        let first = await frame(of: screen) { $0.contains("Warehouse") }
        #expect(first.contains("Hamburg Plant"))
        #expect(first.contains("Functional location"))  // subtitle (object.type)
        #expect(first.contains("Hall A"))  // body (object.location)
        #expect(controller.hierarchyView.cellForItem(with: "area-1") is YourCustomCollectionViewCell)
        // A leaf (the warehouse has no equipment) hides its indicator and shows the
        // disclosure accessory instead.
        _ = screen.handle([.key(KeyEvent(.end))])
        let leafFrame = await frame(of: screen) { $0.contains("Warehouse") }
        let warehouseLine = leafFrame.split(separator: "\n").first { $0.contains("Warehouse") } ?? ""
        #expect(warehouseLine.contains("›"))
        // Back to the first area: the focus previews its equipment.
        _ = screen.handle([.key(KeyEvent(.home))])
        let preview = await frame(of: screen) { $0.contains("Steam boiler") }
        #expect(preview.contains("Compressed air"))

        // Enter taps the focused item: the delegate hears both callbacks, the focus moves in
        // and the new focus previews its parts.
        _ = screen.handle([.key(KeyEvent(.enter))])
        #expect(controller.selected == ["area-1"])
        #expect(controller.buttonTaps == ["area-1"])
        #expect(controller.hierarchyView.focusedUUID == "area-1-eq-1")
        let opened = await frame(of: screen) { $0.contains("Motor 1.1") }
        #expect(opened.contains("Gearbox 1.2"))

        // → taps the indicator only.
        _ = screen.handle([.key(KeyEvent(.right))])
        #expect(controller.buttonTaps == ["area-1", "area-1-eq-1"])
        #expect(controller.selected == ["area-1"])
        #expect(controller.hierarchyView.focusedUUID == "area-1-eq-1-part-1")
    }

    @Test("the focus follows into a level whose children arrive later")
    func focusFollowsLateChildren() async throws {
        let controller = RecordingController()
        controller.model = HierarchyViewModel(server: PlantServer(delay: .milliseconds(1)))
        let screen = TerminalBrowser.makeScreen(controller: controller, palette: .monochrome, columns: 150, rows: 30)
        _ = await frame(of: screen) { $0.contains("Tank farm") }
        // Moving down focuses area-2 and starts the fetch of its children; Enter opens it
        // before they arrive, and the focus follows them in when they do.
        _ = screen.handle([.key(KeyEvent(.down)), .key(KeyEvent(.enter))])
        #expect(controller.selected == ["area-2"])
        _ = await frame(of: screen) { $0.contains("Extruder") }
        #expect(controller.hierarchyView.focusedUUID == "area-2-eq-1")
    }

    @Test("a click on an indicator reaches hierarchyButtonTappedForItemWith")
    func click() async throws {
        let controller = RecordingController()
        controller.model = HierarchyViewModel(server: PlantServer(delay: .milliseconds(1)))
        let screen = TerminalBrowser.makeScreen(controller: controller, palette: .monochrome, columns: 150, rows: 30)
        _ = await frame(of: screen) { $0.contains("Tank farm") }
        let snapshot = controller.hierarchyView.snapshot()
        let tank = try #require(snapshot.columns.flatMap(\.items).first { $0.uuid == "area-4" })
        // The indicator sits in the trailing margin of the item's first line (row 0 is the path line).
        let x = Int(tank.frame.maxX) - 2
        let y = Int(tank.frame.minY) + 1
        _ = screen.handle([
            .mouse(MouseEvent(kind: .press, button: .left, x: x, y: y)),
            .mouse(MouseEvent(kind: .release, button: .left, x: x, y: y)),
        ])
        #expect(controller.buttonTaps == ["area-4"])
        #expect(controller.hierarchyView.expandedPath.contains("area-4"))
    }

    @Test("the web face hosts one controller per session and draws the configured cells")
    func web() async throws {
        let server = try HierarchyWebServer(
            port: 0, title: "Seed example",
            makeController: {
                let controller = MyController()
                controller.model = HierarchyViewModel(server: PlantServer(delay: .milliseconds(1)))
                return controller
            })
        let app = Application(router: server.makeRouter())
        try await app.test(.router) { client in
            let created = try await client.execute(
                uri: "/api/sessions", method: .post,
                body: ByteBuffer(string: #"{"width": 1200, "height": 800}"#))
            #expect(created.status == .created)
            var json = String(buffer: created.body)
            #expect(json.contains("Hamburg Plant"))
            let session = try #require(
                try JSONSerialization.jsonObject(with: Data(created.body.readableBytesView)) as? [String: Any])
            let id = try #require(session["session"] as? String)
            var version = session["version"] as? Int ?? 0
            // Follow the long-poll until the children the controller inserts later are drawn.
            // At most 50 changes (each request waits at most the poll timeout).
            for _ in 0..<50 where !json.contains("Utilities") {
                let next = try await client.execute(uri: "/api/sessions/\(id)?after=\(version)", method: .get)
                json = String(buffer: next.body)
                let object = try JSONSerialization.jsonObject(with: Data(next.body.readableBytesView)) as? [String: Any]
                version = object?["version"] as? Int ?? version
            }
            #expect(json.contains("Utilities"))
            #expect(json.contains("Functional location"))
            #expect(json.contains("Hall A"))
            // A tap on a card reaches the controller and opens the next column.
            let tapped = try await client.execute(
                uri: "/api/sessions/\(id)/actions", method: .post,
                body: ByteBuffer(string: #"{"type": "tapItem", "uuid": "area-2"}"#))
            #expect(tapped.status == .ok)
            #expect(String(buffer: tapped.body).contains(#""parent":"area-2""#))
            // A second session gets a controller of its own.
            let other = try await client.execute(
                uri: "/api/sessions", method: .post,
                body: ByteBuffer(string: #"{"width": 1200, "height": 800}"#))
            #expect(other.status == .created)
            #expect(await server.store.count == 2)
        }
    }
}
