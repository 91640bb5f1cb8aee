import Foundation
import GRDB
import HierarchySources
import Synchronization

/// Watches an SQLite store for commits by other connections (`PRAGMA data_version`, polled
/// every `interval` on the source's read connection) and publishes what the change log says
/// changed.
final class SQLiteChangeWatcher: Sendable {
    let broadcaster: ChangeBroadcaster
    private let task = Mutex<Task<Void, Never>?>(nil)
    /// How often the file is checked.
    static let interval = Duration.milliseconds(100)
    /// The clock the polls wait on (a test's `TestClock` drives them).
    private let clock: any Clock<Duration>

    init(queue: DatabaseQueue, clock: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
        let box = Box()
        broadcaster = ChangeBroadcaster { box.watcher?.start(queue) }
        box.watcher = self
    }

    private final class Box: @unchecked Sendable {
        // @unchecked: written once in `init`, before any subscriber can call `start`.
        weak var watcher: SQLiteChangeWatcher?
    }

    deinit {
        task.withLock { $0 }?.cancel()
        broadcaster.finish()
    }

    private func start(_ queue: DatabaseQueue) {
        let broadcaster = self.broadcaster
        let clock = self.clock
        // The starting point is read before the first subscriber gets its stream, so a commit
        // made right after subscribing is never taken for the starting state.
        guard
            let (firstVersion, firstSeq, firstPending) = try? queue.read({ db in
                (
                    try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0, try SQLiteChangeLog.latest(db),
                    try SQLiteSearchPrefixes.isPending(db)
                )
            })
        else { return }
        let started = Task {
            var (version, seq, pending) = (firstVersion, firstSeq, firstPending)
            while !Task.isCancelled {
                try? await clock.sleep(for: Self.interval)
                let (seen, after) = (version, seq)
                guard
                    let (newVersion, found, nowPending) = try? await queue.read({ db in
                        let now = try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
                        return (
                            now, now == seen ? nil : try SQLiteChangeLog.changes(db, after: after),
                            try SQLiteSearchPrefixes.isPending(db)
                        )
                    })
                else { continue }
                guard newVersion != version else { continue }
                version = newVersion
                // The swap of the search index's prefix indexes (`SQLiteSearchPrefixes`) changes
                // no item.
                let prefixesBuilt = pending && !nowPending
                pending = nowPending
                if let (changes, latest) = found, !changes.isEmpty {
                    seq = latest
                    for change in changes { broadcaster.publish(change) }
                } else if prefixesBuilt, let (_, latest) = found {
                    seq = latest
                } else {
                    // A change that left no log entry (another program), or a log trimmed past us.
                    if let (_, latest) = found { seq = latest }
                    broadcaster.publish(.reset)
                }
            }
        }
        task.withLock { $0 = started }
    }
}

extension SQLiteSource {
    /// Changes committed to the file by any connection (this process's editing included), as
    /// the watcher sees them within `SQLiteChangeWatcher.interval`.
    public func changes() -> AsyncStream<HierarchySourceChange> {
        watcher.broadcaster.subscribe()
    }
}
