import Foundation
import HierarchySources
import HierarchyTestSupport
import ListFloorplan
import Testing

@testable import TerminalUI

@MainActor
@Suite struct ListBrowserTests {
    typealias Browser = ListBrowser<HierarchyListItem, HierarchyListSection>

    func loaded(count: Int = 45, rows: Int = 24) async -> (Browser, PartsLoader, TestClock) {
        let (browser, parts, clock) = partsBrowser(count: count, rows: rows)
        browser.start()
        await browser.finishPendingWork()
        return (browser, parts, clock)
    }

    @Test func typingSearchesOnlyAfterTheDebounce() async throws {
        let (browser, parts, clock) = await loaded()
        browser.type("P-01")
        #expect(browser.viewModel.searchText == "P-01")
        #expect(parts.calls.withLock { $0.count } == 1)
        clock.advance(by: .milliseconds(249))
        #expect(parts.calls.withLock { $0.count } == 1)
        clock.advance(by: .milliseconds(1))
        await browser.finishPendingWork()
        #expect(parts.calls.withLock { $0.last?.1 } == "P-01")
        #expect(browser.viewModel.results(in: .items).map(\.node.title) == (10...19).map { "Pump P-0\($0)" })
        #expect(browser.selection == 0)
        #expect(browser.frame.contains(" / P-01▏"))
        // Backspace to empty shows the whole list again without loading it.
        await browser.press(KeyEvent(.backspace), KeyEvent(.backspace), KeyEvent(.backspace), KeyEvent(.backspace))
        #expect(browser.viewModel.results(in: .items).count == 20)
        #expect(parts.calls.withLock { $0.count } == 2)
    }

    @Test func arrowsPagesHomeAndEndMoveTheSelection() async throws {
        let (browser, _, _) = await loaded(rows: 12)
        #expect(browser.selection == 0)
        await browser.press(KeyEvent(.down), KeyEvent(.down))
        #expect(browser.selection == 2)
        await browser.press(KeyEvent(.up))
        #expect(browser.selection == 1)
        await browser.press(KeyEvent(.pageDown))
        #expect(browser.selection == 1 + browser.visibleRowCount - 1)
        #expect(browser.top > 0)
        await browser.press(KeyEvent(.home))
        #expect(browser.selection == 0)
        #expect(browser.top == 0)
        await browser.press(KeyEvent(.up))
        #expect(browser.selection == 0)
    }

    @Test func reachingTheEndLoadsTheNextPageAndKeepsTheSelectedItem() async throws {
        let (browser, parts, _) = await loaded()
        await browser.press(KeyEvent(.end))
        await browser.finishPendingWork()
        #expect(browser.viewModel.results(in: .items).count == 40)
        #expect(browser.selectedItem?.id == "p19")
        #expect(parts.calls.withLock { $0.last?.0 } == 20..<40)
        await browser.press(KeyEvent(.end))
        await browser.finishPendingWork()
        #expect(browser.viewModel.footer == .noMoreEntries)
        await browser.press(KeyEvent(.end))
        await browser.finishPendingWork()
        #expect(browser.selectedItem?.id == "p44")
        #expect(parts.calls.withLock { $0.count } == 3)
    }

    @Test func refreshKeepsTheSelectionOnTheSameItem() async throws {
        let (browser, parts, _) = await loaded()
        await browser.press(KeyEvent(.down), KeyEvent(.down), KeyEvent(.down))
        let selected = browser.selectedItem?.id
        await browser.press(KeyEvent(.character("r"), modifiers: .control))
        await browser.finishPendingWork()
        #expect(parts.calls.withLock { $0.count } == 2)
        #expect(browser.selectedItem?.id == selected)
        #expect(browser.selection == 3)
    }

    @Test func enterChoosesAndClosesOrStays() async throws {
        let (browser, _, _) = await loaded()
        await browser.press(KeyEvent(.down))
        var chosen: [String] = []
        browser.onChoose = { chosen.append($0.id) }
        #expect(await browser.press(KeyEvent(.enter)) == [.quit])
        #expect(browser.chosen?.id == "p1")
        browser.closesOnChoose = false
        #expect(await browser.press(KeyEvent(.enter)) == [])
        #expect(chosen == ["p1", "p1"])
    }

    @Test func enterOnAnEmptyListChoosesNothing() async throws {
        let (browser, _, _) = await loaded(count: 0)
        #expect(await browser.press(KeyEvent(.enter)) == [])
        #expect(browser.chosen == nil)
        #expect(browser.frame.contains("No entries"))
    }

    @Test func escapeAndQClose() async throws {
        let (browser, _, _) = await loaded()
        #expect(await browser.press(KeyEvent(.escape)) == [.quit])
        #expect(await browser.press(KeyEvent(.character("q"))) == [.quit])
        #expect(await browser.press(KeyEvent(.character("c"), modifiers: .control)) == [.quit])
        browser.type("a")
        // With text in the field, q is typed.
        #expect(await browser.press(KeyEvent(.character("q"))) == [])
        #expect(browser.viewModel.searchText == "aq")
    }

    @Test func slashTypedFirstIsNotSearchedFor() async throws {
        let (browser, parts, _) = await loaded()
        let calls = parts.calls.withLock { $0.count }
        #expect(await browser.press(KeyEvent(.character("/"))) == [])
        #expect(browser.viewModel.searchText.isEmpty)
        #expect(parts.calls.withLock { $0.count } == calls)
        browser.type("P/1")
        #expect(browser.viewModel.searchText == "P/1")
    }

    @Test func addAndDeleteCallTheHandlers() async throws {
        let (browser, _, _) = await loaded()
        var added = 0
        var deleted: [String] = []
        #expect(!browser.frame.contains("+ add"))
        browser.screen.addButtonDidTapHandler = { added += 1 }
        browser.screen.deleteButtonDidTapHandler = { _, item in deleted.append(item.id) }
        await browser.press(KeyEvent(.character("+")), KeyEvent(.down), KeyEvent(.delete))
        #expect(added == 1)
        #expect(deleted == ["p1"])
        #expect(browser.viewModel.searchText.isEmpty)
        #expect(browser.frame.contains("+ add  Del delete"))
    }

    @Test func retryAfterAnErrorRecovers() async throws {
        let (browser, parts, _) = await loaded()
        parts.failing.withLock { $0 = true }
        await browser.press(KeyEvent(.character("r"), modifiers: .control))
        await browser.finishPendingWork()
        #expect(browser.viewModel.footer == .error("disk unavailable"))
        // The list stays usable.
        await browser.press(KeyEvent(.down))
        #expect(browser.selection == 1)
        parts.failing.withLock { $0 = false }
        await browser.press(KeyEvent(.character("r")))
        await browser.finishPendingWork()
        #expect(browser.viewModel.footer == .none)
        #expect(browser.viewModel.searchText.isEmpty)
    }

    @Test func clickSelectsAndASecondClickChooses() async throws {
        let (browser, _, _) = await loaded()
        // Rows take two lines below the search line: y 5 is the third row.
        #expect(browser.handle([.mouse(MouseEvent(kind: .press, button: .left, x: 4, y: 5))]) == [])
        #expect(browser.selection == 2)
        #expect(browser.handle([.mouse(MouseEvent(kind: .press, button: .left, x: 4, y: 6))]) == [.quit])
        #expect(browser.chosen?.id == "p2")
    }

    @Test func theWheelMovesTheSelection() async throws {
        let (browser, _, _) = await loaded()
        _ = browser.handle([.mouse(MouseEvent(kind: .wheelDown, button: .none, x: 4, y: 5))])
        #expect(browser.selection == 3)
        _ = browser.handle([.mouse(MouseEvent(kind: .wheelUp, button: .none, x: 4, y: 5))])
        #expect(browser.selection == 0)
    }

    @Test func aPageArrivingRequestsARedraw() async throws {
        let (browser, _, _) = partsBrowser(count: 5)
        var redraws = 0
        browser.setRedrawHandler { redraws += 1 }
        browser.start()
        await browser.finishPendingWork()
        #expect(redraws >= 2)
        #expect(browser.start() == nil)
    }

    @Test(arguments: [(0, 0), (5, 3), (9, 3), (10, 4)])
    func tinySizesNeverCrash(columns: Int, rows: Int) async throws {
        let (browser, _, _) = await loaded()
        browser.resize(columns: columns, rows: rows)
        let buffer = browser.render()
        #expect(buffer.width == columns)
        #expect(buffer.height == rows)
        await browser.press(KeyEvent(.end), KeyEvent(.pageUp))
    }
}
