import Synchronization

/// A value behind a lock that callers can wait on: each change made through ``withLock(_:)``
/// looks at the waiters' conditions, so a wait ends on the change that satisfies it (an event,
/// never a poll on a clock).
///
/// The modules use it for states that tests and callers wait for (a change feed that is
/// listening, the push connections of a web session); the test support's `Observed` wraps it.
package final class ObservedValue<Value: Sendable>: Sendable {
    private struct Waiter {
        let id: Int
        let condition: @Sendable (Value) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State: ~Copyable {
        var value: Value
        var waiters: [Waiter] = []
        var nextID = 0
        var cancelled: Set<Int> = []
    }

    private let state: Mutex<State>

    /// A box holding `value`.
    package init(_ value: Value) {
        state = Mutex(State(value: value))
    }

    /// The value now.
    package var value: Value { state.withLock { $0.value } }

    /// Changes the value, then ends the waits whose condition now holds.
    ///
    /// - Returns: What `body` returns.
    @discardableResult
    package func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        let (result, ready) = state.withLock { state -> (Result, [Waiter]) in
            let result = body(&state.value)
            let value = state.value
            let ready = state.waiters.filter { $0.condition(value) }
            state.waiters.removeAll { $0.condition(value) }
            return (result, ready)
        }
        for waiter in ready { waiter.continuation.resume(returning: true) }
        return result
    }

    /// Waits until `condition` holds for the value: at once if it holds now, else at the change
    /// that makes it hold.
    ///
    /// The wait has no clock: a condition that never comes ends when the task is cancelled
    /// (in a test, by its time limit).
    ///
    /// - Returns: `true` when the condition holds, `false` when the task was cancelled first.
    package func until(_ condition: @escaping @Sendable (Value) -> Bool) async -> Bool {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                // What to answer now: the condition holds, or the task was cancelled; or wait.
                let answer = state.withLock { state -> Bool? in
                    if state.cancelled.remove(id) != nil { return false }
                    if condition(state.value) { return true }
                    state.waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                if let index = state.waiters.firstIndex(where: { $0.id == id }) {
                    return state.waiters.remove(at: index)
                }
                state.cancelled.insert(id)
                return nil
            }
            waiter?.continuation.resume(returning: false)
        }
    }
}
