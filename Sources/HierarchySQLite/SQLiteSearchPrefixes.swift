import Foundation
import GRDB
import HierarchySources
import Synchronization

/// Builds the short-prefix part of a store's search index after the store is in place.
///
/// A large store is imported with `item_fts` without prefix indexes (`SQLiteImporter`
/// `deferSearchPrefixesAbove`) and `hierarchy_meta.search_prefixes = 0`: it browses and
/// searches at once, a prefix of up to three characters merging the doclists of every word it
/// begins. `build(path:progress:)` then indexes every item again, prefixes included, into a
/// side database (`<store>-prefixes`) in chunks of keys, each its own transaction, so that
/// readers and editors of the store are never held up for long; then, in one write transaction
/// of the store, replaces `item_fts` by the new index (its pages are copied in) and sets the row
/// to 1. Searches give the same results before and after; only short prefixes get faster.
///
/// One builder at a time: the side database is locked exclusively (`locking_mode=EXCLUSIVE`)
/// for the whole build, and the kernel drops the lock of a builder that dies. Another builder
/// finds it locked and returns `.busy`. A build that was stopped or killed leaves the store as it
/// was (searchable, still marked) and the side database rolled back; the next build starts over.
/// A commit to the store by anyone else during the build (an edit) is seen at the swap
/// (`PRAGMA data_version`), and the build starts over.
public enum SQLiteSearchPrefixes {
    /// What a build did.
    public enum Outcome: Sendable, Equatable {
        /// The prefix indexes were built and swapped in.
        case built
        /// The store has them already (or is not waiting for them).
        case notNeeded
        /// Another connection is building them.
        case busy
        /// `shouldStop` returned true; the store is unchanged.
        case stopped
    }

    /// Keys indexed per transaction of the side database.
    static let chunk: Int64 = 262_144
    /// Builds started over because the store changed during the build, before giving up.
    static let attempts = 3

    /// The side database next to `path`.
    public static func sidePath(_ path: String) -> String { path + "-prefixes" }

    /// Whether the store at `path` waits for its prefix indexes.
    public static func isPending(_ db: Database) throws -> Bool {
        guard try db.tableExists("hierarchy_meta") else { return false }
        return try Int.fetchOne(
            db, sql: "SELECT value FROM hierarchy_meta WHERE name = ?", arguments: [SQLiteSchema.searchPrefixesName])
            == 0
    }

    /// Whether the store at `path` waits for its prefix indexes, read on a connection of its own.
    public static func isPending(path: String) throws -> Bool {
        do {
            let queue = try DatabaseQueue(
                path: path, configuration: ReadOnlyDatabase.configuration(label: "HierarchySQLite.prefixes"))
            defer { try? queue.close() }
            return try queue.read { try isPending($0) }
        } catch {
            throw SQLiteErrors.map(error, path: path)
        }
    }

    /// Whether this process may build them: the store and its directory are writable.
    static func canBuild(path: String) -> Bool {
        let directory = (path as NSString).deletingLastPathComponent
        return access(path, W_OK) == 0 && access(directory.isEmpty ? "." : directory, W_OK) == 0
    }

    /// Builds the prefix indexes of the store at `path` if it waits for them.
    ///
    /// - Parameters:
    ///   - path: A store (see `SQLiteSchema`).
    ///   - progress: Called after each chunk with the items indexed so far and the store's count.
    ///   - shouldStop: Asked before each chunk; true ends the build, leaving the store as it was.
    /// - Returns: What was done.
    /// - Throws: `HierarchySourceError` for I/O errors (the store is left as it was).
    /// - Complexity: O(n log n) for n items; the store is locked for writing only for the swap.
    @discardableResult
    public static func build(
        path: String, progress: ((_ indexed: Int64, _ total: Int64) -> Void)? = nil,
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws -> Outcome {
        guard try isPending(path: path) else { return .notNeeded }
        let side = sidePath(path)
        var configuration = Configuration()
        configuration.label = "HierarchySQLite.prefixes"
        configuration.busyMode = .immediateError
        configuration.allowsUnsafeTransactions = true
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: side, configuration: configuration)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
        {
            return .busy
        } catch {
            throw SQLiteErrors.map(error, path: side)
        }
        defer { try? queue.close() }
        do {
            return try queue.inDatabase { db in
                guard try lock(db) else { return .busy }
                try db.execute(sql: "PRAGMA busy_timeout = 10000")
                try db.execute(sql: "ATTACH DATABASE ? AS store", arguments: [path])
                for _ in 0..<attempts {
                    if let outcome = try attempt(db, progress: progress, shouldStop: shouldStop) {
                        if outcome != .stopped {
                            unlink(side)
                            unlink(side + "-journal")
                        }
                        return outcome
                    }
                }
                return .busy
            }
        } catch {
            throw SQLiteErrors.map(error, path: path)
        }
    }

    /// Takes the side database's lock for as long as the connection is open; false if another
    /// connection holds it.
    private static func lock(_ db: Database) throws -> Bool {
        do {
            try db.execute(
                sql: """
                    PRAGMA main.locking_mode = EXCLUSIVE;
                    PRAGMA main.journal_mode = TRUNCATE;
                    PRAGMA main.synchronous = OFF;
                    PRAGMA cache_size = -65536;
                    BEGIN EXCLUSIVE;
                    PRAGMA main.user_version = 1;
                    COMMIT;
                    """)
            return true
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
        {
            if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK") }
            return false
        }
    }

    /// One build: indexes every item into the side database, then swaps it in. `nil` when the
    /// store changed meanwhile (start over).
    private static func attempt(
        _ db: Database, progress: ((Int64, Int64) -> Void)?, shouldStop: @Sendable () -> Bool
    ) throws -> Outcome? {
        try db.execute(sql: "DROP TABLE IF EXISTS main.build")
        try db.execute(
            sql: SQLiteSchema.createFullTextTable("build", prefixes: true, content: "content=''"))
        let version = try Int64.fetchOne(db, sql: "PRAGMA store.data_version") ?? 0
        let (last, total) =
            try Row.fetchOne(db, sql: "SELECT max(key), count(*) FROM store.item")
            .map { (($0[0] as Int64?) ?? -1, $0[1] as Int64) } ?? (-1, 0)
        var start: Int64 = 0
        var indexed: Int64 = 0
        let insert = try db.makeStatement(
            sql: """
                INSERT INTO main.build(rowid, title, subtitle, footnote)
                SELECT key, title, subtitle, footnote FROM store.item WHERE key >= ? AND key < ?
                """)
        while start <= last {
            if shouldStop() { return .stopped }
            try SQLiteImporter.inTransaction(db) {
                try insert.execute(arguments: [start, start + chunk])
            }
            indexed += Int64(db.changesCount)
            start += chunk
            progress?(min(indexed, total), total)
        }
        if shouldStop() { return .stopped }
        try db.execute(sql: "BEGIN IMMEDIATE")
        do {
            let outcome = try swap(db, version: version)
            try db.execute(sql: outcome == .built ? "COMMIT" : "ROLLBACK")
            return outcome
        } catch {
            if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK") }
            throw error
        }
    }

    /// Inside the store's write transaction: replaces `item_fts` by the side database's index
    /// and marks the store, unless the store changed since `version` (`nil`) or is marked.
    private static func swap(_ db: Database, version: Int64) throws -> Outcome? {
        guard try Int64.fetchOne(db, sql: "PRAGMA store.data_version") == version else { return nil }
        guard
            try Int.fetchOne(
                db, sql: "SELECT value FROM store.hierarchy_meta WHERE name = ?",
                arguments: [SQLiteSchema.searchPrefixesName]) == 0
        else { return .notNeeded }
        try db.execute(sql: "DROP TABLE store.item_fts")
        try db.execute(sql: SQLiteSchema.createFullTextTable(schema: "store", prefixes: true))
        try db.execute(
            sql: """
                DELETE FROM store.item_fts_data;
                DELETE FROM store.item_fts_idx;
                INSERT INTO store.item_fts_data SELECT * FROM main.build_data;
                INSERT INTO store.item_fts_idx SELECT * FROM main.build_idx;
                """)
        try db.execute(
            sql: "UPDATE store.hierarchy_meta SET value = 1 WHERE name = ?",
            arguments: [SQLiteSchema.searchPrefixesName])
        return .built
    }

    /// A build running on a thread of its own (see `SQLiteSource`), awaitable.
    public final class Background: Sendable {
        private let state = Mutex<
            (
                outcome: Result<Outcome, HierarchySourceError>?,
                waiters: [CheckedContinuation<Result<Outcome, HierarchySourceError>, Never>]
            )
        >(
            (nil, []))
        private let stopped = Atomic<Bool>(false)

        /// Starts building the prefix indexes of the store at `path`.
        public init(path: String) {
            let thread = Thread { [self] in
                let result: Result<Outcome, HierarchySourceError>
                do {
                    result = .success(
                        try SQLiteSearchPrefixes.build(
                            path: path, shouldStop: { [self] in stopped.load(ordering: .relaxed) }))
                } catch let error as HierarchySourceError {
                    result = .failure(error)
                } catch {
                    result = .failure(HierarchySourceError(.io, String(describing: error), path: path))
                }
                let waiters = state.withLock { state in
                    state.outcome = result
                    defer { state.waiters = [] }
                    return state.waiters
                }
                for waiter in waiters { waiter.resume(returning: result) }
            }
            thread.name = "HierarchySQLite.prefixes"
            thread.start()
        }

        /// Asks the build to end before its next chunk (the store stays as it was).
        public func stop() { stopped.store(true, ordering: .relaxed) }

        /// Waits for the build to end.
        public func outcome() async -> Result<Outcome, HierarchySourceError> {
            await withCheckedContinuation { continuation in
                let done = state.withLock { state -> Result<Outcome, HierarchySourceError>? in
                    if let outcome = state.outcome { return outcome }
                    state.waiters.append(continuation)
                    return nil
                }
                if let done { continuation.resume(returning: done) }
            }
        }
    }
}
