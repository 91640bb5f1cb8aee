import FioriCompat
import Foundation
import Synchronization
import Testing

@testable import HierarchyKit
@testable import TerminalUI

/// A controller over a fixed tree whose titles are the uuids in capitals.
@MainActor
final class SpokenTreeController: FUIHierarchyViewController {
    let tree: [String: [String]]

    init(_ tree: [String: [String]]) {
        self.tree = tree
        super.init(layout: FUIHierarchyCollectionViewLayout())
    }

    override func rootUUID(in hierarchyView: FUIHierarchyView) -> String? { "r" }

    override func hierarchyView(_ hierarchyView: FUIHierarchyView, numberOfChildrenForItemWith uuid: String) -> Int {
        tree[uuid]?.count ?? 0
    }

    override func hierarchyView(
        _ hierarchyView: FUIHierarchyView, uuidForChildItemAt index: Int, with parentUUID: String
    ) -> String {
        tree[parentUUID]?[index] ?? ""
    }

    override func hierarchyView(_ hierarchyView: FUIHierarchyView, titleForItemWith uuid: String) -> String? {
        uuid.uppercased()
    }
}

/// What an announcer received, in order.
final class Heard: Sendable {
    let texts = Mutex<[String]>([])
    var announcer: ScreenReaderAnnouncer { ScreenReaderAnnouncer { text in self.texts.withLock { $0.append(text) } } }
    var all: [String] { texts.withLock { $0 } }
}

/// Polls `condition` every 10 ms until it holds or `seconds` pass (generous: only a failing test waits that long).
@MainActor
func eventually(within seconds: Double = 60, _ condition: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try await Task.sleep(for: .milliseconds(10))
    }
    return true
}

/// The overview's accessibility sentence in the terminal: the screen-reader mode writes the
/// focused item's label, value and hint where terminal screen readers read it, and announces it.
extension SeedConformance {
    @Suite("Overview: screen-reader text reaches the terminal's user")
    @MainActor struct ScreenReader {
        static let tree = ["r": ["pumps", "valves"], "pumps": ["p1", "p2", "p3"]]

        /// The screen for a controller: columns at 130 cells (two columns fit), the table form when asked.
        static func screen(
            _ controller: SpokenTreeController, screenReader: Bool, heard: Heard? = nil, table: Bool = false
        ) -> TableBrowser {
            TerminalBrowser.makeScreen(
                controller: controller,
                options: TerminalBrowser.Options(
                    title: "plant", alwaysTable: table, screenReader: screenReader, announcer: heard?.announcer),
                columns: table ? 80 : 130, rows: 24)
        }

        @Test(
            """
            Accessibility label, value and hint are written on the status line in screen-reader mode, with the text \
            cursor on the focused row; the cursor follows the focus
            """)
        func statusLineAndCursor() throws {
            let controller = SpokenTreeController(Self.tree)
            let screen = Self.screen(controller, screenReader: true)
            var frame = screen.render()
            let text = try #require(screen.browser.screenReaderText)
            #expect(text.hasPrefix("PUMPS, ") && text.contains("children"), "\(text)")
            #expect(frame.text(row: 23).hasPrefix(" " + text + " "), "\(frame.text(row: 23))")
            let cursor = try #require(screen.cursorPosition)
            #expect(frame.text(row: cursor.y).dropFirst(cursor.x).hasPrefix("PUMPS"), "\(frame.text(row: cursor.y))")
            // Focus on the next item: its own text, and the cursor follows to its row.
            _ = screen.handle([.key(KeyEvent(.down))])
            frame = screen.render()
            #expect(frame.text(row: 23).hasPrefix(" VALVES "), "\(frame.text(row: 23))")
            let moved = try #require(screen.cursorPosition)
            #expect(moved.y > cursor.y)
            #expect(frame.text(row: moved.y).dropFirst(moved.x).hasPrefix("VALVES"), "\(frame.text(row: moved.y))")
            // The frame written to the terminal shows the cursor there (a move to it, then ESC [ ? 25 h).
            var renderer = FrameRenderer(capability: .trueColor)
            let bytes = String(decoding: renderer.render(frame, cursor: screen.cursorPosition), as: UTF8.self)
            #expect(bytes.contains("\u{1B}[\(moved.y + 1);\(moved.x + 1)H\u{1B}[?25h"))
        }

        @Test(
            "Accessibility value (\"3 children\") and hint of an item not yet opened reach the status line in the table form"
        )
        func valueAndHintInTheTable() throws {
            let controller = SpokenTreeController(Self.tree)
            let screen = Self.screen(controller, screenReader: true, table: true)
            let frame = screen.render()
            // The table shows the root's children without opening them.
            let line = frame.text(row: 23)
            #expect(line.hasPrefix(" PUMPS, 3 children, Double tap to show children"), "\(line)")
            let cursor = try #require(screen.cursorPosition)
            #expect(frame.text(row: cursor.y).dropFirst(cursor.x).hasPrefix("PUMPS"))
        }

        @Test("Each new screen-reader text is announced once; messages are announced too")
        func announcements() throws {
            let heard = Heard()
            let controller = SpokenTreeController(Self.tree)
            let screen = Self.screen(controller, screenReader: true, heard: heard)
            _ = screen.render()
            _ = screen.render()
            controller.hierarchyView.moveFocus(.down)
            _ = screen.render()
            #expect(
                heard.all.count == 2 && heard.all.first?.hasPrefix("PUMPS, ") == true && heard.all.last == "VALVES",
                "\(heard.all)")
            // A message (copying says what it copied) takes the line and is said.
            _ = screen.handle([.key(KeyEvent(.character("y")))])
            let frame = screen.render()
            #expect(heard.all.last == "Copied “VALVES”")
            #expect(frame.text(row: 23).hasPrefix(" Copied “VALVES”"))
        }

        @Test(
            "Without screen-reader mode the status line and the hidden cursor stay as they were, nothing is announced")
        func offByDefault() {
            let heard = Heard()
            let controller = SpokenTreeController(Self.tree)
            let screen = TerminalBrowser.makeScreen(
                controller: controller, options: TerminalBrowser.Options(title: "plant", announcer: heard.announcer),
                columns: 80, rows: 24)
            let frame = screen.render()
            #expect(screen.cursorPosition == nil)
            #expect(!frame.text(row: 23).contains("Is showing children"))
            #expect(heard.all.isEmpty)
            #expect(TerminalBrowser.Options.screenReaderRequested(in: ["HIERARCHY_SCREEN_READER": "1"]))
            #expect(!TerminalBrowser.Options.screenReaderRequested(in: ["HIERARCHY_SCREEN_READER": "0"]))
            #expect(!TerminalBrowser.Options.screenReaderRequested(in: [:]))
        }

        @Test("Announcements reach a file (one line each) and a command's standard input")
        func fileAndCommandAnnouncers() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "announce-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("spoken.txt").path
            let announcer = try ScreenReaderAnnouncer.file(file)
            announcer("PUMPS, Is showing children")
            announcer("two\nlines")
            let lines = { (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }
            #expect(try await eventually { lines() == "PUMPS, Is showing children\ntwo lines\n" }, "\(lines())")
            // A command gets the text on its standard input; its output never reaches the terminal.
            let heardFile = directory.appendingPathComponent("heard.txt").path
            let command = ScreenReaderAnnouncer.command("cat >> '\(heardFile)'; echo spoken")
            command("VALVES")
            let heard = { (try? String(contentsOfFile: heardFile, encoding: .utf8)) ?? "" }
            #expect(try await eventually { heard() == "VALVES\n" }, "\(heard())")
            // A file that cannot be opened is an error, not a crash.
            #expect(throws: ScreenReaderAnnouncer.Failure.self) {
                try ScreenReaderAnnouncer.file(directory.path + "/missing/x.txt")
            }
        }
    }
}
