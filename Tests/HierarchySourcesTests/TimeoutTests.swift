import Foundation
import HierarchySources
import HierarchyTestSupport
import Synchronization
import Testing

/// A gate a test opens by hand; waiting on it ignores cancellation, like a source blocked in
/// a system call.
private final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Whether the gate was opened.
    var isOpen: Bool { state.withLock { $0.open } }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

@Suite struct TimeoutTests {
    @Test func answersBeforeTheDeadlineComeThrough() async throws {
        let value = try await withTimeout(.seconds(30)) { 42 }
        #expect(value == 42)
    }

    @Test func errorsOfTheOperationComeThrough() async {
        struct Failure: Error {}
        await #expect(throws: Failure.self) {
            try await withTimeout(.seconds(30)) { () async throws -> Int in throw Failure() }
        }
    }

    @Test func returnsAtTheDeadlineEvenWhenTheOperationIgnoresCancellation() async throws {
        let gate = Gate()
        let clock = TestClock()
        // A body that ignores cancellation ends only when the gate opens; the watchdog opens
        // it so a broken timeout cannot hang the run (a hang guard, not a synchronisation).
        let watchdog = Task {
            try? await Task.sleep(for: .seconds(300))
            gate.open()
        }
        let waiting = Task {
            try await withTimeout(.milliseconds(50), clock: clock) { () async -> Int in
                await gate.wait()
                return 1
            }
        }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(49))
        #expect(!gate.isOpen)
        clock.advance(by: .milliseconds(1))
        let result = await waiting.result
        #expect(throws: TimeoutError(timeout: .milliseconds(50))) { try result.get() }
        // It returned while the body was still waiting, not when the body ended.
        #expect(!gate.isOpen)
        watchdog.cancel()
        gate.open()
    }

    @Test func cancellingTheCallerEndsTheWait() async throws {
        let gate = Gate()
        let task = Task {
            try await withTimeout(.seconds(60)) { () async -> Int in
                await gate.wait()
                return 1
            }
        }
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        gate.open()
    }
}
