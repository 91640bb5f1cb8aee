import HierarchySources

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
    private let observed: ObservedValue<Value>

    /// A box holding `value`.
    public init(_ value: Value) {
        observed = ObservedValue(value)
    }

    /// The value now.
    public var value: Value { observed.value }

    /// Changes the value, then ends the waits whose condition now holds.
    ///
    /// - Returns: What `body` returns.
    @discardableResult
    public func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        observed.withLock(body)
    }

    /// Waits until `condition` holds for the value: at once if it holds now, else at the change
    /// that makes it hold.
    ///
    /// The wait has no clock: a condition that never comes ends with the test's time limit,
    /// which cancels the task.
    ///
    /// - Returns: `true` when the condition holds, `false` when the task was cancelled first.
    public func until(_ condition: @escaping @Sendable (Value) -> Bool) async -> Bool {
        await observed.until(condition)
    }
}

/// Suspends until the task is cancelled (a test double that never answers by itself; the
/// test's time limit guards a cancellation that never comes).
public func untilCancelled() async {
    _ = await Observed(false).until { $0 }
}
