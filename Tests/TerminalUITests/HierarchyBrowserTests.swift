import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchySources
import Testing

@testable import TerminalUI

@MainActor
@Suite struct HierarchyBrowserTests {
    func statusLine(_ browser: HierarchyBrowser) -> String {
        browser.render().text(row: browser.rows - 1)
    }

    @Test func arrowsAndVimKeysMoveTheFocus() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24)
        #expect(statusLine(browser).hasPrefix(" 1 of 8"))
        await browser.press(KeyEvent(.down), key("j"), key("j"), KeyEvent(.up))
        #expect(statusLine(browser).hasPrefix(" 3 of 8"))
        #expect(browser.view.focusedUUID.flatMap { browser.dataSource!.node(for: $0)?.title } == "Steam distribution")
        await browser.press(KeyEvent(.end))
        #expect(statusLine(browser).hasPrefix(" 8 of 8"))
        await browser.press(key("g"))
        #expect(statusLine(browser).hasPrefix(" 1 of 8"))
    }

    @Test func rightOpensAndLeftGoesBack() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24)
        await browser.press(KeyEvent(.right))
        let path = browser.render().text(row: 0)
        #expect(path.contains("Hamburg Plant › Production › Reactor line 1"))
        await browser.press(key("h"))
        #expect(browser.render().text(row: 0).contains("Hamburg Plant › Production"))
        #expect(!browser.render().text(row: 0).contains("Reactor line 1"))
    }

    @Test func rightToLeftSwapsTheArrows() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24, rightToLeft: true)
        await browser.press(KeyEvent(.left))
        #expect(browser.render().text(row: 0).contains("Production › Reactor line 1"))
        await browser.press(KeyEvent(.right))
        #expect(!browser.render().text(row: 0).contains("Reactor line 1"))
    }

    @Test func quitKeys() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24)
        #expect(await browser.press(key("q")) == [.quit])
        #expect(await browser.press(key("c", .control)) == [.quit])
    }

    @Test func copyWritesTheContentWithOSC52() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24)
        let commands = await browser.press(key("y"))
        let expected = "Production\nArea\nBuilding 3, Building 4"
        #expect(commands == [.write(OSC52.copy(expected))])
        #expect(statusLine(browser).contains("Copied “Production”"))
    }

    @Test func helpOverlayOpensAndAnyKeyClosesIt() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24)
        await browser.press(key("?"))
        #expect(browser.frame.contains("Keys"))
        #expect(browser.frame.contains("search everything"))
        await browser.press(key("j"))
        #expect(!browser.frame.contains("Keys"))
        #expect(statusLine(browser).hasPrefix(" 1 of 8"))  // the closing key did nothing else
    }

    @Test func typeSelectExtendsWithinTheTimeoutAndRestartsAfter() async throws {
        let clock = ManualClock()
        let browser = try await sampleBrowser(columns: 80, rows: 24, clock: clock)
        await browser.press(key("T"), key("a"))
        #expect(statusLine(browser).hasPrefix(" 4 of 8"))  // Tank farm
        clock.advance(by: .seconds(2))
        await browser.press(key("P"))
        #expect(statusLine(browser).hasPrefix(" 5 of 8"))  // Packaging, the next after the focus
        clock.advance(by: .milliseconds(100))
        await browser.press(key("l"))  // inside the search: a letter, not "open"
        #expect(statusLine(browser).contains("No item starts with “Pl”"))
    }

    @Test func editingModeSelectsWithSpace() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24)
        await browser.press(key("e"), key(" "), key("j"), key(" "))
        #expect(browser.view.selectedUUIDs.count == 2)
        #expect(browser.frame.contains("✓ Production"))
        #expect(statusLine(browser).contains("editing, 2 selected"))
        await browser.press(key("e"))
        #expect(browser.view.selectedUUIDs.isEmpty)
    }

    @Test func clickOnTheIndicatorExpandsAndOnTheBodyFocuses() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24)
        await browser.press(key("j"))  // the layout of the 80×24 frame test: Plant's areas on the left
        // Row 9 is "Steam distribution"; row 13 "Tank farm", whose indicator is at x 37.
        _ = browser.handle([
            .mouse(MouseEvent(kind: .press, button: .left, x: 5, y: 9)),
            .mouse(MouseEvent(kind: .release, button: .left, x: 5, y: 9)),
        ])
        await browser.dataSource!.settle()
        #expect(statusLine(browser).hasPrefix(" 3 of 8"))
        _ = browser.handle([
            .mouse(MouseEvent(kind: .press, button: .left, x: 37, y: 13)),
            .mouse(MouseEvent(kind: .release, button: .left, x: 37, y: 13)),
        ])
        await browser.dataSource!.settle()
        #expect(browser.view.expandedPath.last.flatMap { browser.dataSource!.node(for: $0)?.title } == "Tank farm")
    }

    @Test func theFirstFrameAlreadyPreviewsTheFocusedItem() async throws {
        let browser = try await sampleBrowser(columns: 120, rows: 24)
        await browser.dataSource!.settle()
        let focused = try #require(browser.view.focusedUUID)
        #expect(browser.dataSource!.node(for: focused)?.title == "Production")
        #expect(browser.view.expandedPath.last == focused)
        let screen = (0..<24).map { browser.render().text(row: $0) }.joined(separator: "\n")
        #expect(screen.contains("Reactor line 2"))
    }

    @Test func wheelScrollsTheColumnUnderThePointer() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24)
        // The first frame shows the children and the focused item's preview: the children's
        // column is the leading one.
        _ = browser.handle([.mouse(MouseEvent(kind: .wheelDown, button: .none, x: 10, y: 3))])
        await browser.dataSource!.settle()
        #expect(browser.view.contentOffsetY(ofColumn: 1) == 3)
        #expect(browser.view.contentOffsetY(ofColumn: 0) == 0)
        #expect(browser.render().text(row: 2).contains("Utilities"))
    }

    @Test func horizontalDragPansAndSnaps() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24)
        await browser.press(KeyEvent(.right))
        let leading = browser.view.leadingColumnIndex
        _ = browser.handle([
            .mouse(MouseEvent(kind: .press, button: .left, x: 10, y: 5)),
            .mouse(MouseEvent(kind: .drag, button: .left, x: 20, y: 5)),
            .mouse(MouseEvent(kind: .drag, button: .left, x: 30, y: 5)),
        ])
        #expect(browser.view.isPanInProgress)
        #expect(browser.view.horizontalOffset == Double(leading) * 40 - 20)
        _ = browser.handle([.mouse(MouseEvent(kind: .release, button: .left, x: 30, y: 5))])
        await browser.dataSource!.settle()
        #expect(!browser.view.isPanInProgress)
        #expect(browser.view.leadingColumnIndex == leading - 1)
    }

    @Test func tinyTerminalSaysSoInsteadOfDrawingGarbage() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24)
        browser.resize(columns: 30, rows: 3)
        #expect(browser.frame.contains("Terminal too small (30×3)"))
        browser.resize(columns: 12, rows: 30)
        #expect(browser.frame.contains("Too small"))
        browser.resize(columns: 80, rows: 24)
        await browser.dataSource!.settle()
        #expect(browser.frame.contains("Production"))
    }

    @Test func controlCharactersInNamesNeverReachTheTerminal() async throws {
        let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J evil\u{9B}31m"
        let source = try InMemorySource(root: .init(id: "r", title: "Root", children: [.init(id: "x", title: hostile)]))
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 80, height: 22)))
        let dataSource = HierarchySourceDataSource(source: source)
        dataSource.attach(to: view)
        let browser = HierarchyBrowser(
            view: view, dataSource: dataSource, sourceName: hostile, palette: .monochrome, columns: 80, rows: 24)
        try await dataSource.load()
        await dataSource.settle()
        var renderer = FrameRenderer(capability: .trueColor)
        let bytes = renderer.render(browser.render())
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("\u{1B}]0"))
        #expect(!text.contains("\u{1B}[2J evil"))
        #expect(text.contains("^[]0;pwned^G^[[2J evil"))
        #expect(!text.contains("\u{9B}"))
        #expect(!text.contains("\u{07}"))
        #expect(browser.frame.contains("evil"))
    }
}
