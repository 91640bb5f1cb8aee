import Foundation
import HierarchyKit
import HierarchyTestSupport
import Testing

@testable import HierarchyAdapters
@testable import HierarchySources

/// A lost connection is an error and a notice; its return is only a notice.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct HierarchySourceDataSourceConnectionTests {
    @Test func connectedAgainIsANoticeNotAnError() async throws {
        let source = LaggingSource(children: 3)
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 30)))
        view.silenceDefaultErrorLog()
        let dataSource = HierarchySourceDataSource(source: source, pageSize: 10)
        dataSource.attach(to: view)
        let clock = TestClock()
        dataSource.noticeClock = clock
        var heard: [String] = []
        dataSource.errorHandler = { heard.append($0.message) }
        try await dataSource.load()
        await dataSource.settle()
        _ = view.takeErrors()

        await dataSource.apply(.connection(available: false))
        let lost = view.takeErrors()
        #expect(lost.map(\.code) == [.loadFailed])
        #expect(lost.first?.message.contains("reconnecting…") == true)
        #expect(dataSource.progressNote == "lagging: reconnecting…")
        let status = HierarchyViewCommands(view: view).statusText(isLoading: false, note: dataSource.progressNote)
        #expect(status.hasSuffix("lagging: reconnecting…"))

        await dataSource.apply(.connection(available: true))
        #expect(view.takeErrors().isEmpty)
        #expect(!view.recentErrors.contains { $0.message.contains("connected again") })
        #expect(heard.count == 1)
        #expect(dataSource.progressNote == "lagging: connected again")

        // The source's own note comes first; the notice passes.
        await dataSource.apply(.progress("checking…"))
        #expect(dataSource.progressNote == "checking…")
        await dataSource.apply(.progress(nil))
        #expect(dataSource.progressNote == "lagging: connected again")
        await clock.waitForSleepers(count: 1)
        clock.advance(by: dataSource.noticeDuration)
        #expect(await untilShown(view, dataSource) { dataSource.progressNote == nil })
        #expect(dataSource.connectionNote == nil)
    }
}
