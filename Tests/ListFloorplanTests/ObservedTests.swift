import HierarchyTestSupport
import Testing

/// The test double's box that tests wait on: a wait ends on the change that satisfies it.
@Suite struct ObservedTests {
    @Test func aConditionThatHoldsNowReturnsAtOnce() async {
        let observed = Observed([1, 2])
        #expect(await observed.until { $0.count == 2 })
    }

    @Test func aWaitEndsOnTheChangeThatSatisfiesIt() async {
        let observed = Observed<[Int]>([])
        let (started, waiting) = AsyncStream<Void>.makeStream()
        let wait = Task {
            waiting.yield()
            return await observed.until { $0.contains(3) }
        }
        var events = started.makeAsyncIterator()
        await events.next()
        for value in 1...3 { observed.withLock { $0.append(value) } }
        #expect(await wait.value)
        #expect(observed.value == [1, 2, 3])
    }

    @Test func aChangeThatDoesNotSatisfyLeavesTheWaitWaitingUntilCancelled() async {
        let observed = Observed(0)
        let wait = Task { await observed.until { $0 == 10 } }
        observed.withLock { $0 = 5 }
        wait.cancel()
        #expect(await wait.value == false)
        #expect(observed.value == 5)
    }

    @Test func manyWaitersEachEndOnTheirOwnChange() async {
        let observed = Observed(0)
        let waits = (1...20).map { target in Task { await observed.until { $0 >= target } } }
        for _ in 1...20 { observed.withLock { $0 += 1 } }
        for wait in waits { #expect(await wait.value) }
    }
}
