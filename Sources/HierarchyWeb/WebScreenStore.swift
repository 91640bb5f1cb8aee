import Foundation
import Synchronization

/// The list or linear sessions of one server: one per browser tab, made on demand on the main
/// actor, found by id, dropped when idle for `idleTimeout`, never more than `maximumSessions`
/// (a new one is refused with 503 instead).
final class WebScreenStore: Sendable {
    /// Makes one tab's session (on the main actor, where seed controllers live).
    typealias Maker = @MainActor @Sendable () async throws(WebError) -> any WebScreenSession

    let title: String
    let maximumSessions: Int
    let idleTimeout: Duration
    private let make: Maker
    private let now: @Sendable () -> ContinuousClock.Instant
    private let table = Mutex(Table())

    private struct Entry {
        var session: any WebScreenSession
        var lastUsed: ContinuousClock.Instant
    }

    private struct Table: WebSessionSlots {
        var sessions: [String: Entry] = [:]
        var reserved = 0
        var sessionCount: Int { sessions.count }
    }

    init(
        title: String, maximumSessions: Int, idleTimeout: Duration,
        now: @escaping @Sendable () -> ContinuousClock.Instant, make: @escaping Maker
    ) {
        self.title = title
        self.maximumSessions = max(1, maximumSessions)
        self.idleTimeout = idleTimeout
        self.now = now
        self.make = make
    }

    /// The number of live sessions.
    var count: Int { table.withLock { $0.sessions.count } }

    /// Makes a session and returns its id and first snapshot.
    ///
    /// - Throws: `WebError` 503 when the server keeps as many sessions as it may; the maker's error.
    func create() async throws(WebError) -> WebScreenSnapshot {
        expire()
        try table.reserveSession(maximumSessions: maximumSessions)
        defer { table.releaseSession() }
        let id = UUID().uuidString.lowercased()
        let make = self.make
        let session = try await make()
        let time = now()
        table.withLock { $0.sessions[id] = Entry(session: session, lastUsed: time) }
        return await snapshot(of: session, id: id)
    }

    /// The live session with this id, marked as used.
    ///
    /// - Throws: `WebError` 404 for an unknown or expired id, 400 for a malformed one.
    func session(_ id: String) throws(WebError) -> any WebScreenSession {
        guard id.utf8.count <= WebSessionStore.maximumIDLength else {
            throw WebError.badRequest("malformed session id")
        }
        expire()
        let time = now()
        let session = table.withLock { table -> (any WebScreenSession)? in
            table.sessions[id]?.lastUsed = time
            return table.sessions[id]?.session
        }
        guard let session else { throw WebError.notFound("unknown or expired session \"\(id)\"; reload the page") }
        return session
    }

    /// The session's snapshot, with its id.
    @MainActor
    func snapshot(of session: any WebScreenSession, id: String) -> WebScreenSnapshot {
        var snapshot = session.snapshot()
        snapshot.session = id
        return snapshot
    }

    /// Drops a session (no error if it is already gone).
    func remove(_ id: String) {
        guard let entry = table.withLock({ $0.sessions.removeValue(forKey: id) }) else { return }
        Task { @MainActor in entry.session.close() }
    }

    /// Drops every session (the server is stopping).
    func removeAll() {
        let all = table.withLock { table in
            defer { table.sessions.removeAll() }
            return Array(table.sessions.values)
        }
        Task { @MainActor in for entry in all { entry.session.close() } }
    }

    /// Drops the sessions nobody used for longer than `idleTimeout`.
    ///
    /// - Complexity: O(s) for s sessions.
    func expire() {
        let limit = now() - idleTimeout
        let expired = table.withLock { table in
            let idle = table.sessions.filter { $0.value.lastUsed < limit }
            for id in idle.keys { table.sessions.removeValue(forKey: id) }
            return Array(idle.values)
        }
        guard !expired.isEmpty else { return }
        Task { @MainActor in for entry in expired { entry.session.close() } }
    }
}
