import Foundation
import HierarchyFileSystem
import HierarchyTestSupport
import Testing

@testable import TerminalUI

/// The folder keys of nnn and lf: `.` hides and shows names starting with a dot, Ctrl-R reads
/// the folders again; a `.` typed inside a type-select is part of the name.
@Suite("Folder keys")
@MainActor
struct FolderHiddenFilesTests {
    /// The browser's frame once `done` holds, looked at again on each redraw the view asks for.
    func frame(of browser: HierarchyBrowser, until done: (String) -> Bool) async -> String {
        _ = await redrawn(browser) { done(browser.frame) }
        return browser.frame
    }

    @Test func dotTogglesHiddenFilesAndControlRReadsAgain() async throws {
        let root = try ScratchDirectory.make("hidden").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for name in [".profile", "notes.txt", "zeta.txt"] {
            FileManager.default.createFile(atPath: root + "/" + name, contents: Data())
        }
        let source = FileSystemSource(root: root)
        let browser = HierarchyBrowser.make(
            source: source, sourceName: "home", palette: .monochrome, columns: 100, rows: 20)
        try await browser.dataSource!.load()
        var shown = await frame(of: browser) { $0.contains(".profile") && $0.contains("zeta.txt") }
        #expect(shown.contains(".profile"), "\(shown)")

        _ = browser.handle([.key(KeyEvent(.character(".")))])
        #expect(!source.includesHiddenFiles)
        #expect(browser.frame.contains("Hidden files hidden"), "\(browser.frame)")
        shown = await frame(of: browser) { !$0.contains(".profile") && $0.contains("notes.txt") }
        #expect(!shown.contains(".profile"), "\(shown)")

        FileManager.default.createFile(atPath: root + "/added.txt", contents: Data())
        _ = browser.handle([.key(KeyEvent(.character("r"), modifiers: .control))])
        shown = await frame(of: browser) { $0.contains("added.txt") }
        #expect(shown.contains("added.txt") && !shown.contains(".profile"), "\(shown)")

        _ = browser.handle([.key(KeyEvent(.character(".")))])
        shown = await frame(of: browser) { $0.contains(".profile") }
        #expect(shown.contains(".profile") && source.includesHiddenFiles, "\(shown)")

        // Inside a type-select, `.` is part of the name: "notes.t" finds notes.txt.
        for c in "notes.t" { _ = browser.handle([.key(KeyEvent(.character(c)))]) }
        #expect(source.includesHiddenFiles)
        #expect(browser.frame.contains("Find: notes.t"), "\(browser.frame)")
    }
}
