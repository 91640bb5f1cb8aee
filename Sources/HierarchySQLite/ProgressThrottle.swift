/// Decides when a progress update is due: at most one per `interval`.
///
/// A value type driven with explicit instants, so tests need no clock.
struct ProgressThrottle: Sendable {
    /// The shortest time between two updates.
    var interval: Duration = .milliseconds(100)
    private var last: ContinuousClock.Instant?

    init(interval: Duration = .milliseconds(100)) {
        self.interval = interval
    }

    /// Whether an update is due at `now`; if so, remembers `now`.
    mutating func shouldReport(at now: ContinuousClock.Instant) -> Bool {
        if let last, now - last < interval { return false }
        last = now
        return true
    }
}
