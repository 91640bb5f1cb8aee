import Foundation
import GRDB
import HierarchySources
import HierarchyTestSupport
import Testing

@testable import HierarchySQLite

/// The change watcher polls on the clock it is given, so a commit by another connection is
/// published when that clock reaches the next poll, not after real time passes.
@Suite struct SQLiteChangeWatcherClockTests {
    @Test func aCommitIsPublishedAtThePollOfTheInjectedClock() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("watched.db").path
        let writer = try DatabaseQueue(path: path)
        try await writer.write { db in
            try db.execute(sql: "CREATE TABLE t (x INTEGER)")
        }
        let reader = try DatabaseQueue(path: path)
        let clock = TestClock()
        let watcher = SQLiteChangeWatcher(queue: reader, clock: clock)
        let changes = watcher.broadcaster.subscribe()
        // Bounded: a watcher that ignored the clock would leave no sleeper on it.
        let change = await withTaskGroup(of: HierarchySourceChange?.self) { group in
            group.addTask {
                await clock.waitForSleepers(count: 1)
                try? await writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
                clock.advance(by: SQLiteChangeWatcher.interval)
                var iterator = changes.makeAsyncIterator()
                return await iterator.next()
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(60))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        #expect(change == .reset)
        withExtendedLifetime(watcher) {}
    }
}
