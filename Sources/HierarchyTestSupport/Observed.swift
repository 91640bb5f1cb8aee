import Synchronization

/// A value behind a lock that tests can wait on: each change made through ``withLock(_:)``
/// looks at the waiters' conditions, so a wait ends on the change that satisfies it (an event,
/// never a poll on a clock).
///
/// Test doubles keep what they saw in one (the pages a source was asked for, the searches a
/// loader started), and the test waits with ``until(_:)``:
///
/// ```swift
/// let started = Observed<[Range<Int>]>([])
/// // in the double: started.withLock { $0.append(range) }
/// #expect(await started.until { $0.contains(10..<20) })
/// ```
public final class Observed<Value: Sendable>: Sendable {
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
    public init(_ value: Value) {
        state = Mutex(State(value: value))
    }

    /// The value now.
    public var value: Value { state.withLock { $0.value } }

    /// Changes the value, then ends the waits whose condition now holds.
    ///
    /// - Returns: What `body` returns.
    @discardableResult
    public func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
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
    /// The wait has no clock: a condition that never comes ends with the test's time limit,
    /// which cancels the task.
    ///
    /// - Returns: `true` when the condition holds, `false` when the task was cancelled first.
    public func until(_ condition: @escaping @Sendable (Value) -> Bool) async -> Bool {
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

/// Suspends until the task is cancelled (a test double that never answers by itself; the
/// test's time limit guards a cancellation that never comes).
public func untilCancelled() async {
    _ = await Observed(false).until { $0 }
}
