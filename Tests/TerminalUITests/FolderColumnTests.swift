import Dispatch
import Foundation
import HierarchyKit
import HierarchyTestSupport
import Testing

@testable import HierarchyFileSystem
@testable import HierarchySources
@testable import TerminalUI

/// Folders in the column browser: counts of the folders shown, and loading and errors in the
/// column of the folder they belong to.
@Suite("Folder columns")
@MainActor
struct FolderColumnTests {
    /// A folder tree: `a-closed` (listing refused), `b-files` (three files), `c-hung` (listing never returns until released).
    final class Tree: @unchecked Sendable {
        // Safe: `root` is set once in init; the gate is a semaphore.
        let root: String
        let gate = DispatchSemaphore(value: 0)

        init() throws {
            root = try ScratchDirectory.make("folders").path
            for folder in ["a-closed", "b-files", "c-hung"] {
                try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            for file in ["one", "two", "three"] {
                FileManager.default.createFile(atPath: root + "/b-files/" + file, contents: Data())
            }
        }

        func source() -> FileSystemSource {
            FileSystemSource(root: root, timeLimit: .seconds(600)) { [gate] path, hidden, counter in
                if path.hasSuffix("/a-closed") { return .failure(.permissionDenied) }
                if path.hasSuffix("/c-hung") { gate.wait() }
                return DirectoryReader.read(path, includeHidden: hidden, counter: counter)
            }
        }

        func remove() {
            for _ in 0..<4 { gate.signal() }
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    @Test func shownFoldersGetCountsAndErrorsShowInTheirColumn() async throws {
        let tree = try Tree()
        defer { tree.remove() }
        let browser = HierarchyBrowser.make(
            source: tree.source(), sourceName: "t", palette: .monochrome, columns: 120, rows: 30)
        try await browser.dataSource!.load()
        #expect(await redrawn(browser) { browser.frame.contains("1 of 3") })
        // (The focused item's preview column opens on the first move.)
        _ = browser.handle([.key(KeyEvent(.character("j")))])
        _ = browser.handle([.key(KeyEvent(.character("k")))])
        // The focused folder's listing is refused: its column says so.
        #expect(await redrawn(browser) { browser.frame.contains("Permission denied") }, "\(browser.frame)")
        // b-files is shown but not expanded: its count arrives in the background.
        #expect(await redrawn(browser) { browser.dataSource!.node(for: "b-files")?.childCount == 3 })
        #expect(
            await redrawn(browser) {
                browser.frame.split(separator: "\n").contains { $0.contains("b-files") && $0.contains(" 3 ") }
            }, "\(browser.frame)")
        // The hung folder is shown with an unknown count, and focusing it says "Loading…" in its column.
        _ = browser.handle([.key(KeyEvent(.character("G")))])
        #expect(await redrawn(browser) { browser.frame.contains("Loading…") })
        #expect(!browser.frame.contains("Empty"))
        // Keys still answer while the listing hangs.
        _ = browser.handle([.key(KeyEvent(.character("g")))])
        #expect(await redrawn(browser) { browser.frame.contains("1 of 3") })
        // Once it answers, the column shows what it holds.
        tree.gate.signal()
        tree.gate.signal()
        _ = browser.handle([.key(KeyEvent(.character("G")))])
        #expect(await redrawn(browser) { browser.frame.contains("3 of 3") && browser.frame.contains("Empty") })
    }

    @Test func aFolderReplacedByAFileSaysSoInItsColumn() async throws {
        let tree = try Tree()
        defer { tree.remove() }
        let source = FileSystemSource(root: tree.root)
        // Seen as a folder, then replaced by a file before it is listed.
        #expect(try await source.node(withID: "b-files")?.isContainer == true)
        try FileManager.default.removeItem(atPath: tree.root + "/b-files")
        FileManager.default.createFile(atPath: tree.root + "/b-files", contents: Data("x".utf8))
        await #expect { try await source.childCount(ofID: "b-files") } throws: {
            ($0 as? HierarchySourceError)?.message == "not a folder any more"
        }
        // A file never seen as a folder simply has no children.
        FileManager.default.createFile(atPath: tree.root + "/plain", contents: Data())
        #expect(try await source.childCount(ofID: "plain") == 0)
    }
}
