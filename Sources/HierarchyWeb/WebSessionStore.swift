import Foundation
import HierarchyKit
import HierarchySources

/// The sessions of one server: created on demand, found by id, dropped after a time
/// without requests, and never more than `maximumSessions` (the least recently used goes
/// first).
@MainActor
final class WebSessionStore {
    /// What every session shows.
    enum Content: Sendable {
        /// A source, each session through its own adapter, from the root or a start item.
        case source(any HierarchySource, startID: String?)
        /// A new controller per session (its view, data source and delegate).
        case controller(@MainActor @Sendable () -> HierarchyViewController)
    }

    let content: Content
    let sourceName: String
    let maximumSessions: Int
    let idleTimeout: Duration
    let defaultRightToLeft: Bool
    private let now: @Sendable () -> ContinuousClock.Instant
    private var sessions: [String: WebSession] = [:]

    /// The longest session id accepted (longer ones are refused before the lookup).
    static let maximumIDLength = 64

    nonisolated convenience init(
        source: any HierarchySource, sourceName: String, startID: String?,
        maximumSessions: Int, idleTimeout: Duration, defaultRightToLeft: Bool,
        now: @escaping @Sendable () -> ContinuousClock.Instant
    ) {
        self.init(content: .source(source, startID: startID), sourceName: sourceName, maximumSessions: maximumSessions,
                  idleTimeout: idleTimeout, defaultRightToLeft: defaultRightToLeft, now: now)
    }

    nonisolated init(
        content: Content, sourceName: String,
        maximumSessions: Int, idleTimeout: Duration, defaultRightToLeft: Bool,
        now: @escaping @Sendable () -> ContinuousClock.Instant
    ) {
        self.content = content
        self.sourceName = sourceName
        self.maximumSessions = max(1, maximumSessions)
        self.idleTimeout = idleTimeout
        self.defaultRightToLeft = defaultRightToLeft
        self.now = now
    }

    /// The source every session shows, if sessions show a source (search needs one).
    var source: (any HierarchySource)? {
        if case .source(let source, _) = content { return source }
        return nil
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
        let id = UUID().uuidString.lowercased()
        let size = Size(width: min(max(0, width), 100_000), height: min(max(0, height), 100_000))
        let session: WebSession
        let startID: String?
        switch content {
        case .source(let source, let start):
            session = WebSession(id: id, source: source, size: size, rightToLeft: rightToLeft ?? defaultRightToLeft, now: now)
            startID = start
        case .controller(let makeController):
            session = WebSession(id: id, controller: makeController(), size: size,
                                 rightToLeft: rightToLeft ?? defaultRightToLeft, now: now)
            startID = nil
        }
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
