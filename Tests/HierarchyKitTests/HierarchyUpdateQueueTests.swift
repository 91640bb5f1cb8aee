import Foundation
import Testing

@testable import HierarchyKit

/// The rules of the data source's updates as a value: order, and repeats from inside answers.
@Suite struct HierarchyUpdateQueueTests {
    @Test func updatesComeOutInTheOrderTheyWereMade() {
        var queue = HierarchyUpdateQueue()
        queue.append(.insert("A", [0]), fromAnswer: false)
        queue.append(.invalidateChildren("B"), fromAnswer: true)
        queue.append(.reload, fromAnswer: false)
        var taken: [HierarchyUpdateQueue.Update] = []
        while case (let update?, nil) = queue.next() { taken.append(update) }
        #expect(taken == [.insert("A", [0]), .invalidateChildren("B"), .reload])
        #expect(queue.isEmpty)
    }

    @Test func aRepeatFromInsideAnAnswerIsDroppedAndReportedOnce() {
        var queue = HierarchyUpdateQueue()
        queue.append(.invalidateItems(["x"]), fromAnswer: false)
        #expect(queue.next().update == .invalidateItems(["x"]))
        // Applying it, the view asks for x's cell, whose answer makes the same call twice.
        queue.append(.invalidateItems(["x"]), fromAnswer: true)
        queue.append(.invalidateItems(["x"]), fromAnswer: true)
        queue.append(.invalidateParent("y"), fromAnswer: true)
        let (update, error) = queue.next()
        #expect(update == .invalidateParent("y"))
        #expect(error?.code == .invalidOperation)
        #expect(error?.message.contains("invalidateItems(with:)") == true)
        queue.append(.invalidateParent("y"), fromAnswer: true)
        let (none, second) = queue.next()
        #expect(none == nil)
        #expect(second == nil)
    }

    @Test func theSameUpdateFromOutsideOrAfterIdleIsApplied() {
        var queue = HierarchyUpdateQueue()
        queue.append(.invalidateChildren("A"), fromAnswer: false)
        #expect(queue.next().update == .invalidateChildren("A"))
        queue.append(.invalidateChildren("A"), fromAnswer: false)
        #expect(queue.next().update == .invalidateChildren("A"))
        queue.append(.invalidateChildren("A"), fromAnswer: true)
        #expect(queue.next().update == nil)
        queue.becameIdle()
        queue.append(.invalidateChildren("A"), fromAnswer: true)
        let (again, error) = queue.next()
        #expect(again == .invalidateChildren("A"))
        #expect(error == nil)
    }
}
