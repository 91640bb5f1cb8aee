import Testing

@testable import TerminalUI

/// The column browser as a `TerminalScreen`: its redraw handler.
@MainActor
@Suite struct HierarchyBrowserTerminalScreenTests {
    @Test func redrawHandlerIsToldAboutLoadsUntilRemoved() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24)
        var redraws = 0
        let screen: any TerminalScreen = browser
        screen.setRedrawHandler { redraws += 1 }
        await browser.press(key("j"), key("j"))
        #expect(redraws > 0)
        screen.setRedrawHandler(nil)
        #expect(browser.view.setNeedsDisplayHandler == nil)
        #expect(browser.dataSource!.activityHandler == nil)
        let before = redraws
        await browser.press(key("j"), key("l"))
        #expect(redraws == before)
    }
}
