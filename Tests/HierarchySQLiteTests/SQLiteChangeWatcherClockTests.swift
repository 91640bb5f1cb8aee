import Foundation
import GRDB
import HierarchySources
import HierarchyTestSupport
import Testing

@testable import HierarchySQLite

/// The change watcher polls on the clock it is given, so a commit by another connection is
/// published when that clock reaches the next poll, not after real time passes.
@Suite(.timeLimit(.minutes(10))) struct SQLiteChangeWatcherClockTests {
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
        // The suite's time limit is the hang guard: a real-clock bound here ran out in a
        // loaded whole-suite run before the work it guarded was done.
        await clock.waitForSleepers(count: 1)
        try await writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        clock.advance(by: SQLiteChangeWatcher.interval)
        var iterator = changes.makeAsyncIterator()
        let change = await iterator.next()
        #expect(change == .reset)
        withExtendedLifetime(watcher) {}
    }
}
