import Foundation
import HierarchySources
import HierarchyTestSupport
import ListFloorplan
import Synchronization
import Testing

@testable import TerminalUI

/// What a search loader saw: the searches started and the ones cancelled.
final class SearchLoaderLog: Sendable {
    let state = Mutex<(started: [String], cancelled: [String])>(([], []))

    var started: [String] { state.withLock { $0.started } }
    var cancelled: [String] { state.withLock { $0.cancelled } }
}

@MainActor
@Suite struct SearchAsYouTypeTests {
    /// A loader whose searches for `p` never answer until cancelled; other searches answer at once.
    static func loader(_ log: SearchLoaderLog) -> DataLoader<HierarchyListItem> {
        DataLoader { _, text in
            guard let text, !text.isEmpty else { return [] }
            log.state.withLock { $0.started.append(text) }
            if text == "p" {
                await withTaskCancellationHandler {
                    // Waits for the cancellation (bounded: the test fails if it never comes).
                    try? await Task.sleep(for: .seconds(20))
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
        #expect(await eventually { log.started == ["p"] })
        // The next key drops the search for "p": its task is cancelled at once, before the debounce.
        _ = list.handle([.key(KeyEvent(.character("u")))])
        #expect(await eventually { log.cancelled == ["p"] })
        clock.advance(by: .milliseconds(250))
        await list.finishPendingWork()
        #expect(log.started == ["p", "pu"])
        #expect(list.render().plainText.contains("Pump pu"))
    }
}
