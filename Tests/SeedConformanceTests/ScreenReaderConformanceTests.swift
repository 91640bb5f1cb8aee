import FioriCompat
import Foundation
import HierarchyTestSupport
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

/// A FIFO the test reads: opened for reading, and held open for writing too, so that a read
/// waits for the writers' bytes (an event) instead of seeing the end before a writer came.
final class TestFIFO: Sendable {
    let path: String
    private let reader: Int32
    private let keeper: Int32

    init(_ path: String) throws {
        guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        self.path = path
        reader = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        keeper = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) & ~O_NONBLOCK)
    }

    deinit {
        close(reader)
        close(keeper)
    }

    /// Reads `count` bytes, blocking on a thread of its own until they are written (the test's
    /// time limit guards bytes that never come).
    func read(count: Int) async -> String {
        let reader = self.reader
        return await offPool {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            while bytes.count < count {
                let n = Glibc.read(reader, &buffer, min(buffer.count, count - bytes.count))
                if n <= 0 { break }
                bytes += buffer[..<n]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// The overview's accessibility sentence in the terminal: the screen-reader mode writes the
/// focused item's label, value and hint where terminal screen readers read it, and announces it.
extension SeedConformance {
    @Suite("Overview: screen-reader text reaches the terminal's user", .timeLimit(.minutes(5)))
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
            controller.hierarchyView.send(.moveFocus(.down))
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
            // A file is created at once and gets one line per announcement; a FIFO, read here,
            // shows the lines as they are written.
            let file = directory.appendingPathComponent("spoken.txt").path
            _ = try ScreenReaderAnnouncer.file(file)
            #expect(FileManager.default.fileExists(atPath: file))
            let fifo = try TestFIFO(directory.appendingPathComponent("spoken").path)
            let announcer = try ScreenReaderAnnouncer.file(fifo.path)
            announcer("PUMPS, Is showing children")
            announcer("two\nlines")
            let expected = "PUMPS, Is showing children\ntwo lines\n"
            #expect(await fifo.read(count: expected.utf8.count) == expected)
            // A command gets the text on its standard input; its output never reaches the terminal.
            let heard = try TestFIFO(directory.appendingPathComponent("heard").path)
            let command = ScreenReaderAnnouncer.command("cat > '\(heard.path)'; echo spoken")
            command("VALVES")
            #expect(await heard.read(count: "VALVES\n".utf8.count) == "VALVES\n")
            // A file that cannot be opened is an error, not a crash.
            #expect(throws: ScreenReaderAnnouncer.Failure.self) {
                try ScreenReaderAnnouncer.file(directory.path + "/missing/x.txt")
            }
        }
    }
}
