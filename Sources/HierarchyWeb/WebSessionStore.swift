import Foundation
import HierarchyKit
import HierarchySources
import Synchronization

/// The sessions of one server: created on demand, found by id, dropped when idle (no request
/// and no open push connection for `idleTimeout`, or never used after its creation for
/// `unclaimedTimeout`), and never more than `maximumSessions`: a session in use is never
/// dropped to make room; a new one is refused with 503 instead.
///
/// The store is used from any thread (its table behind a lock); it never runs a session's
/// work itself: each session runs on its own actor (``WebSessionHandle``).
final class WebSessionStore: Sendable {
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
    /// Whether sessions may add and delete items of an editable store (off: 403).
    let allowsEdits: Bool
    /// How long a session nobody used after its creation is kept (its client went away).
    let unclaimedTimeout: Duration = .seconds(60)
    private let now: @Sendable () -> ContinuousClock.Instant
    private let table = Mutex(Table())

    private struct Table: WebSessionSlots {
        var sessions: [String: WebSessionHandle] = [:]
        /// Sessions being created (counted against the maximum while they load).
        var reserved = 0
        var sessionCount: Int { sessions.count }
    }

    /// The longest session id accepted (longer ones are refused before the lookup).
    static let maximumIDLength = 64

    convenience init(
        source: any HierarchySource, sourceName: String, startID: String?,
        maximumSessions: Int, idleTimeout: Duration, defaultRightToLeft: Bool, memoryLimit: Int? = nil,
        allowsEdits: Bool = false, now: @escaping @Sendable () -> ContinuousClock.Instant
    ) {
        self.init(
            content: .source(source, startID: startID), sourceName: sourceName, maximumSessions: maximumSessions,
            idleTimeout: idleTimeout, defaultRightToLeft: defaultRightToLeft, memoryLimit: memoryLimit,
            allowsEdits: allowsEdits, now: now)
    }

    init(
        content: Content, sourceName: String,
        maximumSessions: Int, idleTimeout: Duration, defaultRightToLeft: Bool, memoryLimit: Int? = nil,
        allowsEdits: Bool = false, now: @escaping @Sendable () -> ContinuousClock.Instant
    ) {
        self.content = content
        self.allowsEdits = allowsEdits
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
    var count: Int { table.withLock { $0.sessions.count } }

    /// Creates and loads a session for a viewport.
    ///
    /// - Parameter restoring: the item to reveal and focus once loaded (a page whose session was
    ///   dropped brings back where it was); an item that cannot be shown leaves the session at the top.
    /// - Throws: `WebError` 503 when the server has as many sessions as it may keep (or its
    ///   memory is over the limit), 502 when the source cannot read its first item.
    func create(width: Double, height: Double, rightToLeft: Bool?, restoring focus: String? = nil)
        async throws(WebError) -> WebSessionHandle
    {
        expire()
        try table.reserveSession(maximumSessions: maximumSessions)
        defer { table.releaseSession() }
        if let memoryLimit, let resident = WebSessionStore.residentBytes(), resident > memoryLimit {
            throw WebError(
                503, "the server is using more memory than its limit (\(memoryLimit >> 20) MB); try again later")
        }
        let id = UUID().uuidString.lowercased()
        let size = Size(width: min(max(0, width), 100_000), height: min(max(0, height), 100_000))
        let rightToLeft = rightToLeft ?? defaultRightToLeft
        let now = self.now
        let allowsEdits = self.allowsEdits
        let handle: WebSessionHandle
        switch content {
        case .source(let source, let startID):
            let actor = WebSessionActor()
            let session = try await Self.start(on: actor, startID: startID, focus: focus) { _ in
                let session = WebSession(
                    id: id, source: source, size: size, rightToLeft: rightToLeft, isolation: actor, now: now)
                session.allowsEdits = allowsEdits
                return session
            }
            handle = WebSessionHandle(session: session, id: id, isolation: actor, now: now)
        case .controller(let makeController):
            let session = try await Self.start(on: MainActor.shared, startID: nil, focus: focus) { _ in
                MainActor.assumeIsolated {
                    let controller = makeController()
                    let session = WebSession(
                        id: id, controller: controller, size: size, rightToLeft: rightToLeft, now: now)
                    session.allowsEdits = allowsEdits
                    controller.loadViewIfNeeded()
                    return IsolatedValue(session)
                }.value
            }
            handle = WebSessionHandle(session: session, id: id, isolation: MainActor.shared, now: now)
        }
        table.withLock { $0.sessions[id] = handle }
        return handle
    }

    /// Makes a session on `actor` and loads it there.
    private static func start(
        on actor: any Actor, startID: String?, focus: String?,
        _ make: @escaping @Sendable (isolated any Actor) -> WebSession
    ) async throws(WebError) -> IsolatedValue<WebSession> {
        do {
            return try await HierarchyIsolation.run(on: actor) { actor in
                let session = make(actor)
                try await session.start(at: startID)
                if let focus { await session.restore(focus: focus) }
                return IsolatedValue(session)
            }
        } catch let error as WebError {
            throw error
        } catch {
            throw WebError(500, WebSession.describe(error))
        }
    }

    /// The live session with this id, marked as used.
    ///
    /// - Throws: `WebError` 404 for an unknown or expired id, 400 for a malformed one.
    func session(_ id: String) throws(WebError) -> WebSessionHandle {
        guard id.utf8.count <= Self.maximumIDLength else { throw WebError.badRequest("malformed session id") }
        expire()
        guard let session = table.withLock({ $0.sessions[id] }) else {
            throw WebError.notFound("unknown or expired session \"\(id)\"; reload the page")
        }
        session.touch()
        return session
    }

    /// Drops a session (no error if it is already gone).
    func remove(_ id: String) {
        table.withLock { $0.sessions.removeValue(forKey: id) }?.close()
    }

    /// Drops every session (the server is stopping): their event streams end.
    func removeAll() {
        let all = table.withLock { table in
            defer { table.sessions.removeAll() }
            return Array(table.sessions.values)
        }
        for session in all { session.close() }
    }

    /// Drops the idle sessions: no open push connection and no request for longer than
    /// `idleTimeout` (`unclaimedTimeout` for a session never used after its creation).
    ///
    /// - Complexity: O(s) for s sessions.
    func expire() {
        let limit = now()
        let idleTimeout = self.idleTimeout
        let unclaimedTimeout = self.unclaimedTimeout
        let expired = table.withLock { table in
            let idle = table.sessions.values.filter {
                $0.isIdle(at: limit, idleTimeout: idleTimeout, unclaimedTimeout: unclaimedTimeout)
            }
            for session in idle { table.sessions.removeValue(forKey: session.id) }
            return idle
        }
        for session in expired { session.close() }
    }

    /// Expires idle sessions every `interval` until the task is cancelled, so a server nobody
    /// sends requests to still lets go of the sessions its clients left.
    ///
    /// - Parameters:
    ///   - interval: The time between two sweeps.
    ///   - clock: The clock the sweeper sleeps on (a test's drives the sweeps).
    func sweep(every interval: Duration, on clock: some Clock<Duration> = ContinuousClock()) async {
        while (try? await clock.sleep(for: interval)) != nil {
            expire()
        }
    }

    /// The resident size of this process in bytes (Linux `/proc/self/statm`), nil where unknown.
    static func residentBytes() -> Int? {
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
