import Foundation
import HierarchyKit
import HierarchySources

/// An actor of one web session over a source: the session's engine (view, layout, data
/// source) runs on it, so sessions run in parallel on every core.
actor WebSessionActor {}

/// One session as the store and the endpoints hold it: its id, what the store reads from any
/// thread (last use, push connections, claimed), and the way onto the actor its engine lives on.
///
/// A session over a source lives on a ``WebSessionActor`` of its own; a session of a seed
/// controller lives on the main actor, where the controller's data source methods must run.
/// Requests of different sessions therefore run at once; requests of one session one after
/// the other.
final class WebSessionHandle: Sendable {
    /// The session's id (random, unguessable).
    let id: String
    /// The actor the session is used on.
    let isolation: any Actor
    /// The session; only touched on `isolation` (inside ``run(_:)``).
    private let session: IsolatedValue<WebSession>
    private let now: @Sendable () -> ContinuousClock.Instant
    /// Use, push connections and closing; ``untilPushConnections(_:)`` waits on its changes.
    private let bookkeeping: ObservedValue<Bookkeeping>

    private struct Bookkeeping: Sendable {
        var lastUsed: ContinuousClock.Instant
        var pushConnections = 0
        var isClaimed = false
        var isClosed = false
    }

    /// At most this many push connections per session (a tab needs one; reconnects may overlap).
    static let maximumPushConnections = 4

    /// A handle of a session made on `isolation` (the session must be used only there).
    init(
        session: IsolatedValue<WebSession>, id: String, isolation: any Actor,
        now: @escaping @Sendable () -> ContinuousClock.Instant
    ) {
        self.id = id
        self.isolation = isolation
        self.session = session
        self.now = now
        self.bookkeeping = ObservedValue(Bookkeeping(lastUsed: now()))
    }

    /// Runs `body` with the session on its actor.
    ///
    /// - Parameter body: the work; its first parameter is the session's actor (the closure is
    ///   isolated to it, so the session's async methods stay there too).
    /// - Returns: what `body` returns.
    func run<T: Sendable>(_ body: @Sendable (isolated any Actor, WebSession) async throws -> T) async rethrows -> T {
        let session = self.session
        return try await HierarchyIsolation.run(on: isolation) { actor in
            try await body(actor, session.value)
        }
    }

    /// When a request last used this session (or its last push connection closed).
    var lastUsed: ContinuousClock.Instant {
        bookkeeping.withLock { $0.lastUsed }
    }

    /// The push connections (event streams) open on this session; a session with one is in use.
    var pushConnections: Int {
        bookkeeping.withLock { $0.pushConnections }
    }

    /// Waits until `count` push connections are open: at once, or when one opens or closes
    /// (no clock; the wait ends early only when the task is cancelled).
    ///
    /// - Returns: Whether the count was reached.
    func untilPushConnections(_ count: Int) async -> Bool {
        await bookkeeping.until { $0.pushConnections == count }
    }

    /// Whether any request came after the one that created the session (the page opens its
    /// event stream at once; a session never claimed was created by a client that went away).
    var isClaimed: Bool {
        bookkeeping.withLock { $0.isClaimed }
    }

    /// Whether the store has dropped the session.
    var isClosed: Bool {
        bookkeeping.withLock { $0.isClosed }
    }

    /// Marks the session used now (and claimed by its client).
    func touch() {
        let time = now()
        bookkeeping.withLock {
            $0.lastUsed = time
            $0.isClaimed = true
        }
    }

    /// Counts a push connection in (false when the session has as many as it may).
    func openPush() -> Bool {
        let time = now()
        return bookkeeping.withLock {
            guard !$0.isClosed, $0.pushConnections < Self.maximumPushConnections else { return false }
            $0.pushConnections += 1
            $0.isClaimed = true
            $0.lastUsed = time
            return true
        }
    }

    /// Counts a push connection out; the idle time starts now.
    func closePush() {
        let time = now()
        bookkeeping.withLock {
            $0.pushConnections = max(0, $0.pushConnections - 1)
            $0.lastUsed = time
        }
    }

    /// Marks the session closed at once and, on its actor, wakes its waiting requests and
    /// cancels its loads.
    func close() {
        bookkeeping.withLock { $0.isClosed = true }
        let handle = self
        Task { await handle.run { _, session in session.close() } }
    }

    /// Whether the session is idle past its timeout at `limit` (never while a push connection is open).
    func isIdle(at limit: ContinuousClock.Instant, idleTimeout: Duration, unclaimedTimeout: Duration) -> Bool {
        bookkeeping.withLock {
            guard $0.pushConnections == 0 else { return false }
            let timeout = $0.isClaimed ? idleTimeout : min(idleTimeout, unclaimedTimeout)
            return limit - $0.lastUsed > timeout
        }
    }
}
