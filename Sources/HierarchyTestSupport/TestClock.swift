import Synchronization

/// A clock that only moves when told to, for deterministic tests of time-based behaviour.
///
/// `sleep(until:)` suspends until ``advance(by:)`` moves ``now`` to or past the deadline; nothing
/// sleeps for real. A deadline that has already passed returns at once, so a sleeper that registers
/// after the clock advanced is not lost. Cancelling a sleeping task ends its sleep with
/// `CancellationError`.
///
/// ```swift
/// let clock = TestClock()
/// let task = viewModel.updateSearchText("pump")     // debounce sleeps on `clock`
/// clock.advance(by: .milliseconds(500))
/// await task.finish()                               // the search ran
/// ```
public final class TestClock: Clock, Sendable {
    /// A point in test time: the duration since the clock's start.
    public struct Instant: InstantProtocol, Sendable {
        /// The time since the clock's start.
        public var offset: Duration

        /// Creates an instant.
        ///
        /// - Parameter offset: The time since the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper: Sendable {
        var id: UInt64
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Storage: Sendable {
        var now: Instant
        var sleepers: [Sleeper] = []
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 0

        mutating func makeID() -> UInt64 {
            nextID += 1
            return nextID
        }
    }

    /// The clock's state; ``waitForSleepers(count:)`` waits on its changes.
    private let storage: Observed<Storage>

    /// Creates a clock.
    ///
    /// - Parameter now: The starting instant.
    public init(now: Instant = Instant(offset: .zero)) {
        storage = Observed(Storage(now: now))
    }

    /// The current instant; moves only through ``advance(by:)``.
    public var now: Instant {
        storage.value.now
    }

    /// Zero: the clock resolves any duration.
    public var minimumResolution: Duration { .zero }

    /// The number of tasks sleeping on the clock.
    public var sleeperCount: Int {
        storage.value.sleepers.count
    }

    /// Suspends until the clock reaches a deadline.
    ///
    /// - Parameters:
    ///   - deadline: When to wake up; a passed deadline returns at once.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` if the task is cancelled before the deadline.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = storage.withLock { $0.makeID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // What to do now: wake (a passed deadline) or end (cancelled); nil sleeps.
                let wakes = storage.withLock { storage -> Bool? in
                    if storage.cancelled.remove(id) != nil { return false }
                    if deadline <= storage.now { return true }
                    storage.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                switch wakes {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            let sleeper = storage.withLock { storage -> Sleeper? in
                if let index = storage.sleepers.firstIndex(where: { $0.id == id }) {
                    return storage.sleepers.remove(at: index)
                }
                storage.cancelled.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward and wakes every sleeper whose deadline has passed, earliest first.
    ///
    /// - Parameter duration: How far to move; negative durations are ignored.
    public func advance(by duration: Duration) {
        let woken = storage.withLock { storage -> [Sleeper] in
            if duration > .zero { storage.now = storage.now.advanced(by: duration) }
            let now = storage.now
            let due = storage.sleepers.filter { $0.deadline <= now }
            storage.sleepers.removeAll { $0.deadline <= now }
            return due.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Waits until at least `count` tasks sleep on the clock.
    ///
    /// Use it before ``advance(by:)`` to know that the code under test has started its sleep.
    /// Returns early if the waiting task is cancelled (for example by a test time limit).
    ///
    /// - Parameter count: The number of sleepers to wait for.
    public func waitForSleepers(count: Int = 1) async {
        _ = await storage.until { $0.sleepers.count >= count }
    }
}
