import Synchronization

/// Counts `stat` family calls, so tests can check that only what is shown is stat'ed.
package final class StatCounter: Sendable {
    package init() {}

    private let count = Atomic<Int>(0)

    /// Adds calls.
    package func add(_ calls: Int) { count.add(calls, ordering: .relaxed) }

    /// The calls counted so far.
    package var value: Int { count.load(ordering: .relaxed) }
}
