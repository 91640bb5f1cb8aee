import HierarchyTestSupport
import Testing

@testable import ListFloorplan

@Suite("TestClock", .timeLimit(.minutes(5)))
struct TestClockTests {
    @Test func advanceWakesOnlyDueSleepers() async throws {
        let clock = TestClock()
        let early = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(1))) }
        let late = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(3))) }
        await clock.waitForSleepers(count: 2)
        clock.advance(by: .seconds(2))
        try await early.value
        #expect(clock.sleeperCount == 1)
        #expect(clock.now == TestClock.Instant(offset: .seconds(2)))
        clock.advance(by: .seconds(1))
        try await late.value
        #expect(clock.sleeperCount == 0)
    }

    @Test func passedDeadlineReturnsAtOnce() async throws {
        let clock = TestClock()
        let deadline = clock.now.advanced(by: .milliseconds(10))
        clock.advance(by: .milliseconds(10))
        try await clock.sleep(until: deadline)
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellationEndsASleep() async {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.waitForSleepers(count: 1)
        sleeper.cancel()
        let result = await sleeper.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
    }

    @Test func negativeAdvanceDoesNotMoveTime() {
        let clock = TestClock()
        clock.advance(by: .seconds(-5))
        #expect(clock.now.offset == .zero)
        #expect(clock.minimumResolution == .zero)
        #expect(
            TestClock.Instant(offset: .seconds(1)).duration(to: TestClock.Instant(offset: .seconds(4))) == .seconds(3))
    }
}
