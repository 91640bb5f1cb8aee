import Synchronization

/// Counts `stat` family calls, so tests can check that only what is shown is stat'ed.
final class StatCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// Adds calls.
    func add(_ calls: Int) { count.add(calls, ordering: .relaxed) }

    /// The calls counted so far.
    var value: Int { count.load(ordering: .relaxed) }
}
