import Foundation
import HierarchySources
import HierarchyTestSupport
import ListFloorplan
import Synchronization
import Testing

@testable import TerminalUI

/// What a search loader saw: the searches started and the ones cancelled.
final class SearchLoaderLog: Sendable {
    let state = Observed<(started: [String], cancelled: [String])>(([], []))

    var started: [String] { state.value.started }
    var cancelled: [String] { state.value.cancelled }
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct SearchAsYouTypeTests {
    /// A loader whose searches for `p` never answer until cancelled; other searches answer at once.
    static func loader(_ log: SearchLoaderLog) -> DataLoader<HierarchyListItem> {
        DataLoader { _, text in
            guard let text, !text.isEmpty else { return [] }
            log.state.withLock { $0.started.append(text) }
            if text == "p" {
                await withTaskCancellationHandler {
                    // Waits for the cancellation (the test's time limit guards it).
                    await untilCancelled()
                } onCancel: {
                    log.state.withLock { $0.cancelled.append(text) }
                }
                throw CancellationError()
            }
            return [HierarchyListItem(node: HierarchyNode(id: "1", title: "Pump \(text)"), ancestors: ["Plant"])]
        }
    }

    @Test func aKeystrokeCancelsTheSearchInFlight() async throws {
        let log = SearchLoaderLog()
        let clock = TestClock()
        let list = ListBrowser.hierarchy(
            loader: Self.loader(log), title: "t", palette: .monochrome,
            columns: 60, rows: 12, clock: clock)
        list.start()
        await list.finishPendingWork()
        _ = list.handle([.key(KeyEvent(.character("p")))])
        clock.advance(by: .milliseconds(250))
        #expect(await log.state.until { $0.started == ["p"] })
        // The next key drops the search for "p": its task is cancelled at once, before the debounce.
        _ = list.handle([.key(KeyEvent(.character("u")))])
        #expect(await log.state.until { $0.cancelled == ["p"] })
        clock.advance(by: .milliseconds(250))
        await list.finishPendingWork()
        #expect(log.started == ["p", "pu"])
        #expect(list.render().plainText.contains("Pump pu"))
    }
}
