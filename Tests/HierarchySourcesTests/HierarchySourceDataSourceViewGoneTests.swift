import Foundation
import HierarchyKit
import HierarchyTestSupport
import Testing

@testable import HierarchyAdapters
@testable import HierarchySources

/// A source that answers after its view is gone: the answers change nothing and end quietly.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct HierarchySourceDataSourceViewGoneTests {
    @Test func pagesAnsweredAfterTheViewIsGoneEndQuietly() async throws {
        let source = HangingPageSource(count: 100_000)
        let dataSource = HierarchySourceDataSource(source: source, pageSize: 10)
        weak var released: HierarchyView?
        do {
            let view = HierarchyView(
                layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 60)))
            released = view
            dataSource.attach(to: view)
            try await dataSource.load()
            view.layoutIfNeeded()
            await dataSource.waitUntilIdle()
            view.layoutIfNeeded()
            // The rows past the first page wait in the source while the view goes away.
            #expect(await source.seen.until { $0.started.contains(10..<20) })
            #expect(dataSource.activeLoads >= 1)
        }
        #expect(released == nil)
        #expect(dataSource.view == nil)

        source.answerEverything()
        await dataSource.waitUntilIdle()
        #expect(dataSource.activeLoads == 0)
        // The data source still answers questions with no view to tell.
        #expect(dataSource.rootUUID(in: HierarchyView()) == "R")
    }
}
