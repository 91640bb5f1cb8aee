import Foundation
import HierarchyAdapters
import HierarchyDocuments
import HierarchyKit
import HierarchySources
import HierarchyTestSupport
import Testing

@testable import TerminalUI

/// `y` copies the item and waits for one more key: `p`, `q` or `v` copy a path or the value,
/// any other key means what it always means.
@MainActor
@Suite struct CopyPrefixTests {
    func statusLine(_ browser: HierarchyBrowser) -> String {
        browser.render().text(row: browser.rows - 1)
    }

    /// A browser over a document read as its structure, loaded and settled.
    func documentBrowser(_ text: String) async throws -> HierarchyBrowser {
        let source = try DocumentSource.load(data: Data(text.utf8), shape: .structure, name: "doc.json")
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(
                metrics: .terminal, size: Size(width: 100, height: 22),
                sectionInset: EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 1), interItemSpacing: 1))
        let dataSource = HierarchySourceDataSource(source: source)
        dataSource.attach(to: view)
        let browser = HierarchyBrowser(
            view: view, dataSource: dataSource, sourceName: "doc.json", palette: .monochrome,
            columns: 100, rows: 24)
        try await dataSource.load()
        await dataSource.settle()
        return browser
    }

    @Test func aKeyAfterYKeepsItsMeaning() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24)
        let before = try #require(browser.view.focusedPosition)
        let copied = await browser.press(key("y"))
        #expect(copied.count == 1)
        #expect(statusLine(browser).contains("y… p pointer"))
        #expect(await browser.press(key("j")) == [])
        #expect(browser.view.focusedPosition?.row == before.row + 1)
        #expect(!statusLine(browser).contains("y…"))
        // ? after y opens the help.
        await browser.press(key("y"))
        await browser.press(key("?"))
        #expect(browser.showsHelp)
    }

    @Test func ypCopiesTheIdPathOfAStoreItem() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24)
        await browser.press(key("j"), key("l"))
        let focused = try #require(browser.view.focusedUUID)
        let ids = try await browser.dataSource!.source.path(toID: focused).map(\.id)
        #expect(ids.count == 3)
        await browser.press(key("y"))
        #expect(await browser.press(key("p")) == [.write(OSC52.copy(DocumentPath.idPath(ids)))])
        await browser.press(key("y"))
        #expect(await browser.press(key("q")) == [])
        #expect(browser.message?.isError == true)
        await browser.press(key("y"))
        let value = await browser.press(key("v"))
        guard case .write(let bytes)? = value.first else {
            Issue.record("no copy: \(value)")
            return
        }
        let node = try #require(browser.dataSource?.node(for: focused))
        let payload = try #require(Data(base64Encoded: String(decoding: bytes.dropFirst(7).dropLast(), as: UTF8.self)))
        let object = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: String])
        #expect(object["id"] == focused)
        #expect(object["title"] == node.title)
    }

    @Test func ypYqYvCopyPointerJqPathAndValueOfADocument() async throws {
        let browser = try await documentBrowser(#"{"a": {"b/c": [10, {"d e": "x"}]}}"#)
        // The root, then a, then b/c, then its second element.
        await browser.press(key("l"), key("l"), key("j"))
        #expect(browser.dataSource?.node(for: browser.view.focusedUUID ?? "")?.title == "[1]")
        await browser.press(key("y"))
        #expect(await browser.press(key("p")) == [.write(OSC52.copy("/a/b~1c/1"))])
        await browser.press(key("y"))
        #expect(await browser.press(key("q")) == [.write(OSC52.copy(#".a."b/c"[1]"#))])
        await browser.press(key("y"))
        #expect(await browser.press(key("v")) == [.write(OSC52.copy(#"{"d e":"x"}"#))])
        #expect(statusLine(browser).contains("Copied the value"))
    }

    /// Ctrl-C quits as q does, unless the browser is a picker's: then it interrupts.
    @Test func ctrlCInterruptsAPicker() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24)
        #expect(await browser.press(key("c", .control)) == [.quit])
        browser.interruptCancels = true
        #expect(await browser.press(key("c", .control)) == [.interrupt])
        #expect(await browser.press(key("q")) == [.quit])
    }

    @Test func helpListsTheCopies() async throws {
        let browser = try await documentBrowser(#"{"a": 1}"#)
        await browser.press(key("?"))
        #expect(browser.frame.contains("copy the JSON Pointer, the jq path"))
        #expect(browser.frame.contains("copy the value as JSON"))
    }
}
