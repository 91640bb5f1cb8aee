import Foundation
import HierarchySources
import HierarchyTestSupport
import ListFloorplan
import Testing

@testable import TerminalUI

/// Frames of the list screen in every state, at 80×24 and 40×12, driven by a test clock.
@MainActor
@Suite struct ListBrowserFrameTests {
    nonisolated static let sizes = [(80, 24), (40, 12)]

    /// Loads the first page of 45 parts (each load takes one second of the test clock).
    func loaded(_ size: (Int, Int)) async -> (
        ListBrowser<HierarchyListItem, HierarchyListSection>, PartsLoader, TestClock
    ) {
        let (browser, parts, clock) = partsBrowser(count: 45, columns: size.0, rows: size.1, latency: .seconds(1))
        browser.start()
        await answer(browser, clock)
        return (browser, parts, clock)
    }

    /// Waits for the load in flight (its timeout and its latency sleep), then answers it.
    func answer(_ browser: ListBrowser<HierarchyListItem, HierarchyListSection>, _ clock: TestClock) async {
        await clock.waitForSleepers(count: 2)
        clock.advance(by: .seconds(1))
        await browser.finishPendingWork()
    }

    func check(_ actual: String, _ name: String, _ size: (Int, Int)) throws {
        let key = "\(name) \(size.0)x\(size.1)"
        #expect(actual == (try #require(Self.frames[key])))
    }

    @Test(arguments: sizes) func loadingTheFirstPage(size: (Int, Int)) async throws {
        let (browser, _, clock) = partsBrowser(count: 45, columns: size.0, rows: size.1, latency: .seconds(1))
        browser.start()
        await clock.waitForSleepers(count: 2)
        try check(browser.frame, "loading", size)
        clock.advance(by: .seconds(1))
        await browser.finishPendingWork()
    }

    @Test(arguments: sizes) func results(size: (Int, Int)) async throws {
        let (browser, _, _) = await loaded(size)
        try check(browser.frame, "results", size)
    }

    @Test(arguments: sizes) func loadingTheNextPageAtTheEnd(size: (Int, Int)) async throws {
        let (browser, _, clock) = await loaded(size)
        await browser.press(KeyEvent(.end))
        await clock.waitForSleepers(count: 2)
        try check(browser.frame, "next page", size)
        clock.advance(by: .seconds(1))
        await browser.finishPendingWork()
    }

    @Test(arguments: sizes) func endOfTheList(size: (Int, Int)) async throws {
        let (browser, _, clock) = await loaded(size)
        await browser.press(KeyEvent(.end))
        await answer(browser, clock)
        await browser.press(KeyEvent(.end))
        await answer(browser, clock)
        // The last page arrived while P-040 was selected: the selection stays on it.
        #expect(browser.selectedItem?.node.title == "Pump P-040")
        try check(browser.frame, "end", size)
    }

    @Test(arguments: sizes) func emptyResults(size: (Int, Int)) async throws {
        let (browser, _, clock) = await loaded(size)
        browser.type("zz")
        clock.advance(by: .milliseconds(250))
        await answer(browser, clock)
        try check(browser.frame, "empty", size)
    }

    @Test(arguments: sizes) func errorWithRetry(size: (Int, Int)) async throws {
        let (browser, parts, clock) = await loaded(size)
        parts.failing.withLock { $0 = true }
        await browser.press(KeyEvent(.character("r"), modifiers: .control))
        await answer(browser, clock)
        try check(browser.frame, "error", size)
    }

    nonisolated static let frames: [String: String] = [
        "loading 80x24": """
         / Search Sample plant…                                            Sample plant





















          ⠋ Loading…
                                                ⏎ choose  Esc close  ^R refresh  ? help
        """,
        "loading 40x12": """
         / Search Sample plant…









          ⠋ Loading…
                ⏎ choose  Esc close  ^R refresh
        """,
        "results 80x24": """
         / Search Sample plant…                                            Sample plant
        › Pump P-001                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-002                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-003                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-004                                                              Error
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-005                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-006                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-007                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-008                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-009                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-010                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump


         1 of 20+                               ⏎ choose  Esc close  ^R refresh  ? help
        """,
        "results 40x12": """
         / Search Sample plant…
        › Pump P-001                Operational
          Hamburg Plant › Ut…  Centrifugal pump
          Pump P-002                Operational
          Hamburg Plant › Ut…  Centrifugal pump
          Pump P-003                Operational
          Hamburg Plant › Ut…  Centrifugal pump
          Pump P-004                      Error
          Hamburg Plant › Ut…  Centrifugal pump


         1 of 20+           ⏎ choose  Esc close
        """,
        "next page 80x24": """
         / Search Sample plant…                                            Sample plant
          Pump P-011                                                              Error
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-012                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-013                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-014                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-015                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-016                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-017                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-018                                                              Error
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-019                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
        › Pump P-020                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump

          ⠋ Loading…
         20 of 20+                              ⏎ choose  Esc close  ^R refresh  ? help
        """,
        "next page 40x12": """
         / Search Sample plant…
          Pump P-017                Operational
          Hamburg Plant › Ut…  Centrifugal pump
          Pump P-018                      Error
          Hamburg Plant › Ut…  Centrifugal pump
          Pump P-019                Operational
          Hamburg Plant › Ut…  Centrifugal pump
        › Pump P-020                Operational
          Hamburg Plant › Ut…  Centrifugal pump

          ⠋ Loading…
         20 of 20+          ⏎ choose  Esc close
        """,
        "end 80x24": """
         / Search Sample plant…                                            Sample plant
          Pump P-031                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-032                                                              Error
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-033                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-034                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-035                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-036                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-037                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-038                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-039                                                              Error
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
        › Pump P-040                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump

          No more entries
         40 of 45                               ⏎ choose  Esc close  ^R refresh  ? help
        """,
        "end 40x12": """
         / Search Sample plant…
          Pump P-037                Operational
          Hamburg Plant › Ut…  Centrifugal pump
          Pump P-038                Operational
          Hamburg Plant › Ut…  Centrifugal pump
          Pump P-039                      Error
          Hamburg Plant › Ut…  Centrifugal pump
        › Pump P-040                Operational
          Hamburg Plant › Ut…  Centrifugal pump

          No more entries
         40 of 45           ⏎ choose  Esc close
        """,
        "empty 80x24": """
         / zz▏                                                             Sample plant









                                   No results found for “zz”












                                                ⏎ choose  Esc close  ^R refresh  ? help
        """,
        "empty 40x12": """
         / zz▏



               No results found for “zz”






                ⏎ choose  Esc close  ^R refresh
        """,
        "error 80x24": """
         / Search Sample plant…                                            Sample plant
        › Pump P-001                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-002                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-003                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-004                                                              Error
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-005                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-006                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-007                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-008                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-009                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump
          Pump P-010                                                        Operational
          Hamburg Plant › Utilities › Cooling water                    Centrifugal pump

          Could not load entries: disk unavailable
         1 of 20+                      r retry  ⏎ choose  Esc close  ^R refresh  ? help
        """,
        "error 40x12": """
         / Search Sample plant…
        › Pump P-001                Operational
          Hamburg Plant › Ut…  Centrifugal pump
          Pump P-002                Operational
          Hamburg Plant › Ut…  Centrifugal pump
          Pump P-003                Operational
          Hamburg Plant › Ut…  Centrifugal pump
          Pump P-004                      Error
          Hamburg Plant › Ut…  Centrifugal pump

          Could not load entries: disk unavaila…
         1 of 20+  r retry  ⏎ choose  Esc close
        """,
    ]
}
