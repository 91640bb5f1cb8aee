import Foundation
import Testing

@testable import HierarchyKit

@MainActor
@Suite struct HierarchyErrorQueueTests {
    @Test func takeReturnsTheErrorsInOrderOnce() {
        var queue = HierarchyErrorQueue()
        #expect(queue.isEmpty)
        queue.append(HierarchyError(.cycle, "one"))
        queue.append(HierarchyError(.loadFailed, "two"))
        #expect(queue.take().map(\.message) == ["one", "two"])
        #expect(queue.take().isEmpty)
        #expect(queue.isEmpty)
    }

    @Test func theOldestGoPastTheCapacity() {
        var queue = HierarchyErrorQueue()
        for i in 0..<(HierarchyErrorQueue.capacity + 5) {
            queue.append(HierarchyError(.invalidOperation, "\(i)"))
        }
        #expect(queue.droppedCount == 5)
        let taken = queue.take()
        #expect(taken.count == HierarchyErrorQueue.capacity)
        #expect(taken.first?.message == "5")
        #expect(taken.last?.message == "\(HierarchyErrorQueue.capacity + 4)")
    }

    @Test func theViewsErrorsAreTakenOnce() {
        let view = makeView(plantSource())
        #expect(view.takeErrors().isEmpty)
        view.insertChildren(of: "Plant", at: IndexSet([7]))
        view.insertChildren(of: "ghost", at: IndexSet([0]))
        #expect(view.hasPendingErrors)
        #expect(view.takeErrors().map(\.code) == [.indexOutOfRange, .unknownItem])
        #expect(!view.hasPendingErrors)
        #expect(view.takeErrors().isEmpty)
        // The history stays for diagnostics.
        #expect(view.recentErrors.count == 2)
    }

    @Test func anErrorReportedFromOutsideJoinsTheStreamAndAsksForARedraw() {
        let view = makeView(plantSource())
        _ = view.snapshot()
        var redraws = 0
        view.setNeedsDisplayHandler = { redraws += 1 }
        view.reportError(HierarchyError(.loadFailed, "cannot read page 3"))
        #expect(redraws == 1)
        #expect(view.takeErrors() == [HierarchyError(.loadFailed, "cannot read page 3")])
    }
}
