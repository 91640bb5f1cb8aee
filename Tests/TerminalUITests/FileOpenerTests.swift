import Foundation
import HierarchyAdapters
import HierarchyFileSystem
import HierarchyKit
import HierarchySources
import HierarchyTestSupport
import Testing

@testable import TerminalUI

/// How a file of a folder opens: the text rule, the variables in order, and a one-line answer
/// when there is nothing to open it with.
@Suite struct FileOpenerTests {
    @Test func textIsValidUTF8WithoutNUL() {
        #expect(FileOpener.isText([]))
        #expect(FileOpener.isText(Array("plain\ttext\n".utf8)))
        #expect(FileOpener.isText(Array("Grüße, 日本".utf8)))
        #expect(!FileOpener.isText([0x61, 0x00, 0x62]))
        #expect(!FileOpener.isText([0x61, 0xFF, 0x62]))
        #expect(!FileOpener.isText([0xC3]))
        // A character cut off by the end of the sniffed bytes is no reason to call it binary.
        let cut = Array(repeating: UInt8(ascii: "a"), count: FileOpener.sniffedByteCount - 2) + [0xE6, 0x97]
        #expect(FileOpener.isText(cut))
        let broken = Array(repeating: UInt8(ascii: "a"), count: FileOpener.sniffedByteCount - 3) + [0xE6, 0x41, 0x41]
        #expect(!FileOpener.isText(broken))
    }

    /// A folder with executables named as given, and a text and a binary file.
    static func fixture(programs: [String]) throws -> (folder: URL, bin: String, text: [CChar], binary: [CChar]) {
        let folder = try ScratchDirectory.make("hierarchy-opener")
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for program in programs {
            let url = bin.appendingPathComponent(program)
            try "#!/bin/sh\n".write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        let text = folder.appendingPathComponent("notes.txt")
        try "notes\n".write(to: text, atomically: true, encoding: .utf8)
        let binary = folder.appendingPathComponent("image.bin")
        try Data([0x89, 0x50, 0x00, 0x01]).write(to: binary)
        return (folder, bin.path, Array(text.path.utf8CString), Array(binary.path.utf8CString))
    }

    static func choose(_ environment: [String: String], _ path: [CChar]) -> Result<ExternalProgram, FileOpener.Failure>
    {
        FileOpener(environment: environment).program(forFileAt: path, name: "file") { _ in }
    }

    @Test func visualThenEditorThenPagerThenLess() throws {
        let f = try Self.fixture(programs: ["vis", "ed", "pg", "less", "xdg-open"])
        defer { try? FileManager.default.removeItem(at: f.folder) }
        let all = ["PATH": f.bin, "VISUAL": "vis", "EDITOR": "ed -n", "PAGER": "pg"]
        #expect(try Self.choose(all, f.text).get().name == "vis")
        var environment = all
        environment["VISUAL"] = ""
        let editor = try Self.choose(environment, f.text).get()
        #expect(editor.name == "ed")
        // Run by the shell with its arguments, the file last.
        #expect(
            editor.arguments.map { String(cString: $0) } == [
                "/bin/sh", "-c", "ed -n \"$1\"", "sh", String(cString: f.text),
            ])
        environment["EDITOR"] = nil
        #expect(try Self.choose(environment, f.text).get().name == "pg")
        environment["PAGER"] = nil
        #expect(try Self.choose(environment, f.text).get().name == "less")
        #expect(try Self.choose(all, f.binary).get().name == "xdg-open")
    }

    @Test func nothingToOpenWithIsAOneLineAnswer() throws {
        let f = try Self.fixture(programs: [])
        defer { try? FileManager.default.removeItem(at: f.folder) }
        #expect(throws: FileOpener.Failure(message: "$EDITOR names “nano”, which is not found")) {
            try Self.choose(["PATH": f.bin, "EDITOR": "nano"], f.text).get()
        }
        #expect(throws: FileOpener.Failure(message: "No editor or pager: set $EDITOR or $PAGER, or install less")) {
            try Self.choose(["PATH": f.bin], f.text).get()
        }
        #expect(throws: FileOpener.Failure(message: "Cannot open “file”: it is not text and xdg-open is not installed"))
        {
            try Self.choose(["PATH": f.bin], f.binary).get()
        }
        #expect(throws: FileOpener.Failure(message: "Cannot open: not a regular file")) {
            try Self.choose(["PATH": f.bin], Array(f.folder.path.utf8CString)).get()
        }
    }

    /// Enter on a file of a folder asks the run loop to run its opener; on a folder it opens
    /// the level; elsewhere Enter is what it was.
    @MainActor
    @Test func enterOnAFileRunsItsOpener() async throws {
        let f = try Self.fixture(programs: ["ed"])
        defer { try? FileManager.default.removeItem(at: f.folder) }
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(
                metrics: .terminal, size: Size(width: 80, height: 22),
                sectionInset: EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 1), interItemSpacing: 1))
        let dataSource = HierarchySourceDataSource(source: FileSystemSource(root: f.folder))
        dataSource.attach(to: view)
        let browser = HierarchyBrowser(view: view, dataSource: dataSource, sourceName: "folder", palette: .monochrome)
        browser.fileOpener = FileOpener(environment: ["PATH": f.bin, "EDITOR": "ed"])
        try await dataSource.load()
        await dataSource.settle()
        #expect(browser.opensFiles)
        // bin, image.bin, notes.txt: down to notes.txt.
        #expect(browser.view.focusedUUID == "bin")
        await browser.press(key("j"), key("j"))
        #expect(browser.view.focusedUUID == "notes.txt")
        let commands = await browser.press(KeyEvent(.enter))
        guard case .run(let program)? = commands.first else {
            Issue.record("no program run: \(commands)")
            return
        }
        #expect(program.name == "ed")
        program.finished("ed exited with status 2")
        #expect(browser.message?.text == "ed exited with status 2")
        #expect(browser.message?.isError == true)
        // o on a folder opens its level.
        await browser.press(key("g"), key("o"))
        #expect(browser.view.focusedUUID == "bin/ed")
    }
}
