import Synchronization

/// A store's table of sessions, counting those still being created against its maximum.
protocol WebSessionSlots {
    /// The sessions made.
    var sessionCount: Int { get }
    /// Sessions being created.
    var reserved: Int { get set }
}

extension Mutex where Value: WebSessionSlots {
    /// Counts one session being created, if the store may keep another.
    ///
    /// - Parameter maximumSessions: How many sessions the store may keep.
    /// - Throws: `WebError` 503 when it keeps (or is creating) as many as it may.
    func reserveSession(maximumSessions: Int) throws(WebError) {
        try withLock { table throws(WebError) in
            guard table.sessionCount + table.reserved < maximumSessions else {
                throw WebError(
                    503,
                    "the server is serving as many sessions as it may (\(maximumSessions)); close another tab or try again later"
                )
            }
            table.reserved += 1
        }
    }

    /// Ends what ``reserveSession(maximumSessions:)`` counted.
    func releaseSession() {
        withLock { $0.reserved -= 1 }
    }
}
