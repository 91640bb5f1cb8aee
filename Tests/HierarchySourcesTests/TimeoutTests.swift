import Foundation
import HierarchySources
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
        // A body that ignores cancellation ends only when the gate opens; the watchdog opens
        // it after five minutes so a broken timeout cannot hang the run (a minute was reached
        // on a machine loaded four times over before the 50 ms deadline's task ran).
        let watchdog = Task {
            try? await Task.sleep(for: .seconds(300))
            gate.open()
        }
        await #expect(throws: TimeoutError(timeout: .milliseconds(50))) {
            try await withTimeout(.milliseconds(50)) { () async -> Int in
                await gate.wait()
                return 1
            }
        }
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
