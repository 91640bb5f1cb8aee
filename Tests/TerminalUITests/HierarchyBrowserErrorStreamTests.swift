import Foundation
import HierarchyKit
import HierarchySources
import HierarchyTestSupport
import Testing

@testable import HierarchyAdapters
@testable import TerminalUI

/// The columns face learns errors from the view's one stream (`takeErrors()`).
@MainActor
@Suite struct HierarchyBrowserErrorStreamTests {
    func browser(_ source: TestTreeSource, errorHandler: ((HierarchyError) -> Void)? = nil) async throws
        -> HierarchyBrowser
    {
        let layout = HierarchyCollectionViewLayout(
            metrics: .terminal, size: Size(width: 80, height: 22),
            sectionInset: EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 1), interItemSpacing: 1)
        let view = HierarchyView(layout: layout)
        if let errorHandler { view.errorHandler = errorHandler }
        let dataSource = HierarchySourceDataSource(source: source)
        dataSource.attach(to: view)
        let browser = HierarchyBrowser(
            view: view, dataSource: dataSource, sourceName: "t", palette: .monochrome,
            columns: 80, rows: 24)
        try await dataSource.load()
        await dataSource.settle()
        return browser
    }

    @Test func aFailedLoadIsShownOnceFromTheStream() async throws {
        var source = TestTreeSource.flat(0)
        source.childrenByID["r"] = [
            HierarchyNode(id: "bad", title: "Broken", isContainer: true),
            HierarchyNode(id: "ok", title: "Fine"),
        ]
        source.failingIDs = ["bad"]
        // The focused container's children are read (and fail) as the focus previews them.
        let browser = try await browser(source)
        #expect(browser.view.hasPendingErrors)
        let status = browser.render().text(row: browser.rows - 1)
        #expect(status.contains("cannot read bad"))
        #expect(browser.message?.isError == true)
        // Drained: the stream is empty, and the next key clears the message for good.
        #expect(!browser.view.hasPendingErrors)
        await browser.press(KeyEvent(.down))
        #expect(!browser.render().text(row: browser.rows - 1).contains("cannot read bad"))
        #expect(browser.message == nil)
    }

    @Test func anEngineErrorReachesTheStatusLine() async throws {
        let browser = try await browser(TestTreeSource.flat(3))
        _ = browser.render()
        browser.view.insertChildren(of: "nobody", at: IndexSet([0]))
        #expect(browser.render().text(row: browser.rows - 1).contains("nobody"))
        #expect(!browser.view.hasPendingErrors)
    }

    @Test func aHandlerTheHostSetKeepsHearingErrors() async throws {
        final class Heard { var codes: [HierarchyError.Code] = [] }
        let heard = Heard()
        let browser = try await browser(TestTreeSource.flat(3)) { heard.codes.append($0.code) }
        #expect(browser.view.errorHandler != nil)
        browser.view.insertChildren(of: "nobody", at: IndexSet([0]))
        #expect(heard.codes == [.unknownItem])
        #expect(browser.render().text(row: browser.rows - 1).contains("nobody"))
    }

    @Test func aConnectionThatComesBackIsANoticeNotAnError() async throws {
        let browser = try await browser(TestTreeSource.flat(3))
        let dataSource = try #require(browser.dataSource)
        let clock = TestClock()
        dataSource.noticeClock = clock
        _ = browser.render()
        await dataSource.apply(.connection(available: false))
        #expect(browser.render().text(row: browser.rows - 1).contains("reconnecting…"))
        #expect(browser.message?.isError == true)
        // The error message goes with the next key; the notice stays while the server is away.
        await browser.press(KeyEvent(.down))
        #expect(browser.message == nil)
        #expect(browser.render().text(row: browser.rows - 1).contains("test: reconnecting…"))
        await dataSource.apply(.connection(available: true))
        let status = browser.render().text(row: browser.rows - 1)
        #expect(status.contains("test: connected again"))
        #expect(!status.contains("reconnecting"))
        #expect(browser.message == nil)
        #expect(!browser.view.recentErrors.contains { $0.message.contains("connected again") })
        // The notice passes after `noticeDuration` on its clock, not before.
        await clock.waitForSleepers(count: 1)
        clock.advance(by: dataSource.noticeDuration - .milliseconds(1))
        #expect(dataSource.connectionNote == "test: connected again")
        clock.advance(by: .milliseconds(1))
        #expect(await redrawn(browser) { dataSource.connectionNote == nil })
        #expect(!browser.render().text(row: browser.rows - 1).contains("connected again"))
    }

    @Test func theDefaultLoggingHandlerIsSilenced() async throws {
        let browser = try await browser(TestTreeSource.flat(3))
        // The face replaced the default handler (which logs to stderr) with a silent one.
        #expect(browser.view.errorHandler != nil)
        #expect(HierarchyView().errorHandler == nil)
    }
}
