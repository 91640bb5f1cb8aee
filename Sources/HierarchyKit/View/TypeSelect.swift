/// Type-to-select: letters typed within ``timeout`` of each other extend one search; a
/// pause starts a new one. Time comes from the caller (an injected clock), never read here.
public struct TypeSelect: Sendable, Hashable {
    /// How long typed characters keep extending one search.
    public var timeout: Duration
    /// The longest search kept (older characters drop off the front).
    public var maximumLength: Int
    /// The text searched for.
    public private(set) var text = ""
    private var lastInput: ContinuousClock.Instant?

    /// Makes an empty search that pauses of `timeout` restart and that keeps at most `maximumLength` characters.
    public init(timeout: Duration = .seconds(1), maximumLength: Int = 100) {
        self.timeout = timeout
        self.maximumLength = maximumLength
    }

    /// Whether a search is running at `now`.
    public func isActive(at now: ContinuousClock.Instant) -> Bool {
        guard !text.isEmpty, let lastInput else { return false }
        return now - lastInput < timeout
    }

    /// Extends the running search or starts a new one.
    ///
    /// - Returns: The text to search for.
    public mutating func append(_ typed: String, at now: ContinuousClock.Instant) -> String {
        text = isActive(at: now) ? text + typed : typed
        if text.count > maximumLength { text = String(text.suffix(maximumLength)) }
        lastInput = now
        return text
    }

    /// Ends the search.
    public mutating func cancel() {
        text = ""
        lastInput = nil
    }
}
