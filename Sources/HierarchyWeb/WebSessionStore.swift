import Foundation
import HierarchyKit
import HierarchySources

/// The sessions of one server: created on demand, found by id, dropped after a time
/// without requests, and never more than `maximumSessions` (the least recently used goes
/// first).
@MainActor
final class WebSessionStore {
    let source: any HierarchySource
    let sourceName: String
    let startID: String?
    let maximumSessions: Int
    let idleTimeout: Duration
    let defaultRightToLeft: Bool
    private let now: @Sendable () -> ContinuousClock.Instant
    private var sessions: [String: WebSession] = [:]

    /// The longest session id accepted (longer ones are refused before the lookup).
    static let maximumIDLength = 64

    nonisolated init(
        source: any HierarchySource, sourceName: String, startID: String?,
        maximumSessions: Int, idleTimeout: Duration, defaultRightToLeft: Bool,
        now: @escaping @Sendable () -> ContinuousClock.Instant
    ) {
        self.source = source
        self.sourceName = sourceName
        self.startID = startID
        self.maximumSessions = max(1, maximumSessions)
        self.idleTimeout = idleTimeout
        self.defaultRightToLeft = defaultRightToLeft
        self.now = now
    }

    /// The number of live sessions.
    var count: Int { sessions.count }

    /// Creates and loads a session for a viewport.
    ///
    /// - Throws: `WebError` 502 when the source cannot read its first item.
    func create(width: Double, height: Double, rightToLeft: Bool?) async throws(WebError) -> WebSession {
        expire()
        while sessions.count >= maximumSessions, let oldest = sessions.values.min(by: { $0.lastUsed < $1.lastUsed }) {
            remove(oldest.id)
        }
        let session = WebSession(
            id: UUID().uuidString.lowercased(), source: source,
            size: Size(width: min(max(0, width), 100_000), height: min(max(0, height), 100_000)),
            rightToLeft: rightToLeft ?? defaultRightToLeft, now: now)
        try await session.start(at: startID)
        sessions[session.id] = session
        return session
    }

    /// The live session with this id, marked as used.
    ///
    /// - Throws: `WebError` 404 for an unknown or expired id, 400 for a malformed one.
    func session(_ id: String) throws(WebError) -> WebSession {
        guard id.utf8.count <= Self.maximumIDLength else { throw WebError.badRequest("malformed session id") }
        expire()
        guard let session = sessions[id] else {
            throw WebError.notFound("unknown or expired session \"\(id)\"; reload the page")
        }
        session.lastUsed = now()
        return session
    }

    /// Drops a session (no error if it is already gone).
    func remove(_ id: String) {
        sessions.removeValue(forKey: id)?.close()
    }

    /// Drops the sessions idle for longer than `idleTimeout`.
    ///
    /// - Complexity: O(s) for s sessions.
    func expire() {
        let limit = now()
        for (id, session) in sessions where limit - session.lastUsed > idleTimeout {
            remove(id)
        }
    }
}
