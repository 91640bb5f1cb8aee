import Foundation
import HierarchyKit
import HierarchySources

/// The sessions of one server: created on demand, found by id, dropped when idle (no request
/// and no open push connection for `idleTimeout`, or never used after its creation for
/// `unclaimedTimeout`), and never more than `maximumSessions`: a session in use is never
/// dropped to make room; a new one is refused with 503 instead.
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
    /// Above this resident size (bytes) of the process new sessions are refused; nil: no check.
    let memoryLimit: Int?
    /// How long a session nobody used after its creation is kept (its client went away).
    let unclaimedTimeout: Duration = .seconds(60)
    private let now: @Sendable () -> ContinuousClock.Instant
    private var sessions: [String: WebSession] = [:]
    /// Sessions being created (counted against the maximum while they load).
    private var reserved = 0

    /// The longest session id accepted (longer ones are refused before the lookup).
    static let maximumIDLength = 64

    nonisolated convenience init(
        source: any HierarchySource, sourceName: String, startID: String?,
        maximumSessions: Int, idleTimeout: Duration, defaultRightToLeft: Bool, memoryLimit: Int? = nil,
        now: @escaping @Sendable () -> ContinuousClock.Instant
    ) {
        self.init(content: .source(source, startID: startID), sourceName: sourceName, maximumSessions: maximumSessions,
                  idleTimeout: idleTimeout, defaultRightToLeft: defaultRightToLeft, memoryLimit: memoryLimit, now: now)
    }

    nonisolated init(
        content: Content, sourceName: String,
        maximumSessions: Int, idleTimeout: Duration, defaultRightToLeft: Bool, memoryLimit: Int? = nil,
        now: @escaping @Sendable () -> ContinuousClock.Instant
    ) {
        self.content = content
        self.sourceName = sourceName
        self.maximumSessions = max(1, maximumSessions)
        self.idleTimeout = idleTimeout
        self.defaultRightToLeft = defaultRightToLeft
        self.memoryLimit = memoryLimit
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
    /// - Parameter restoring: the item to reveal and focus once loaded (a page whose session was
    ///   dropped brings back where it was); an item that cannot be shown leaves the session at the top.
    /// - Throws: `WebError` 503 when the server has as many sessions as it may keep (or its
    ///   memory is over the limit), 502 when the source cannot read its first item.
    func create(width: Double, height: Double, rightToLeft: Bool?, restoring focus: String? = nil) async throws(WebError) -> WebSession {
        expire()
        guard sessions.count + reserved < maximumSessions else {
            throw WebError(503, "the server is serving as many sessions as it may (\(maximumSessions)); close another tab or try again later")
        }
        if let memoryLimit, let resident = WebSessionStore.residentBytes(), resident > memoryLimit {
            throw WebError(503, "the server is using more memory than its limit (\(memoryLimit >> 20) MB); try again later")
        }
        reserved += 1
        defer { reserved -= 1 }
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
        if let focus { await session.restore(focus: focus) }
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
        session.isClaimed = true
        return session
    }

    /// Drops a session (no error if it is already gone).
    func remove(_ id: String) {
        sessions.removeValue(forKey: id)?.close()
    }

    /// Drops every session (the server is stopping): their event streams end.
    func removeAll() {
        for id in Array(sessions.keys) { remove(id) }
    }

    /// Drops the idle sessions: no open push connection and no request for longer than
    /// `idleTimeout` (`unclaimedTimeout` for a session never used after its creation).
    ///
    /// - Complexity: O(s) for s sessions.
    func expire() {
        let limit = now()
        for (id, session) in sessions where session.pushConnections == 0 {
            let timeout = session.isClaimed ? idleTimeout : min(idleTimeout, unclaimedTimeout)
            if limit - session.lastUsed > timeout { remove(id) }
        }
    }

    /// Expires idle sessions every `interval` until the task is cancelled, so a server nobody
    /// sends requests to still lets go of the sessions its clients left.
    ///
    /// - Parameter interval: The time between two sweeps.
    nonisolated func sweep(every interval: Duration) async {
        while (try? await Task.sleep(for: interval)) != nil {
            await expire()
        }
    }

    /// The resident size of this process in bytes (Linux `/proc/self/statm`), nil where unknown.
    nonisolated static func residentBytes() -> Int? {
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
