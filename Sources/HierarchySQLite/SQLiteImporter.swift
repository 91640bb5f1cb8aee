import Foundation
import GRDB
import HierarchySources

/// Builds a HierarchyKit SQLite store from a document, a CSV file, any
/// `HierarchySource`, or a synthetic generator.
///
/// The store is written into a temporary file in the destination's directory
/// (no journal, no syncing, one transaction for the bulk insert with prepared
/// statements reused), indexed after the insert, checked (duplicate
/// identifiers, unknown parents, cycles, each reported with its input line),
/// and renamed over the destination only when complete. A failed import leaves
/// nothing behind. Files are read in chunks: memory does not grow with the file.
/// JSON and CSV files are parsed on a reader thread while the import's thread
/// inserts (`RowPipeline`), so the two phases share two cores.
public struct SQLiteImporter: Sendable {
    /// The database to create.
    public var destination: URL
    /// Whether an existing file at `destination` may be replaced.
    public var replace: Bool
    /// Called with progress at most every `progressInterval`, on the import's thread.
    public var progress: (@Sendable (ImportProgress) -> Void)?
    /// The shortest time between two progress calls.
    public var progressInterval: Duration = .milliseconds(100)
    /// Whether to build the full-text index. Without it the store is smaller and
    /// faster to build (the index is most of the finishing time) and browses
    /// normally, but `SQLiteSource.search(_:in:)` refuses with a clear error.
    public var searchIndex = true
    /// Above this many items the full-text index is built without its prefix indexes, so that
    /// the store is in place sooner; `SQLiteSearchPrefixes.build(path:)` adds them afterwards
    /// (the import commands right away, else the first program that opens the store writable).
    /// Searches give the same results meanwhile; prefixes of up to three characters are slower.
    public var deferSearchPrefixesAbove = 200_000

    /// - Parameters:
    ///   - destination: The database to create.
    ///   - replace: Whether an existing file may be replaced (otherwise it is an error).
    ///   - progress: Receives progress updates, at most ten per second.
    ///   - searchIndex: Whether to build the full-text index.
    public init(
        destination: URL, replace: Bool = false, searchIndex: Bool = true,
        progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) {
        self.destination = destination
        self.replace = replace
        self.searchIndex = searchIndex
        self.progress = progress
    }

    /// What an import did.
    public struct Summary: Sendable, Equatable {
        /// Items written (including a root added above several top-level items).
        public var items: Int
        /// Items per second over the insert phase (reading and inserting).
        public var insertRate: Double
        /// Wall time of the whole import, in seconds.
        public var seconds: Double
        /// Wall time of the insert phase, in seconds.
        public var insertSeconds: Double
        /// Size of the database file, in bytes.
        public var bytes: Int64
    }

    /// How an import's rows must be completed once all are inserted.
    struct Plan: Sendable {
        /// Rows carry input lines and (CSV) unresolved parents in `staging`.
        var staging: Bool
        /// Parents are identifiers to resolve (CSV).
        var resolveParents: Bool
        /// The title of a root added above several top-level items.
        var rootTitle: String
        /// Child counts are computed from the rows (not known while inserting).
        var recountChildren = false
    }

    /// What the insert phase leaves for the finishing phase.
    struct Inserted: Sendable {
        var count: Int64
        /// The next unused key.
        var nextKey: Int64
        /// For tree documents: how the top level ended.
        var wrapperCount: Int64? = nil
    }

    /// Reports progress no more often than the throttle allows.
    struct Reporter {
        let callback: (@Sendable (ImportProgress) -> Void)?
        var throttle: ProgressThrottle
        var totalBytes: Int64?
        let started = ContinuousClock.now

        /// The last report the throttle held back, until it is shown or a later one replaces it.
        var heldBack: (phase: ImportProgress.Phase, items: Int64, bytesRead: Int64?)?

        mutating func report(_ phase: ImportProgress.Phase, items: Int64, bytesRead: Int64? = nil, force: Bool = false)
        {
            guard let callback else { return }
            let now = ContinuousClock.now
            guard throttle.shouldReport(at: now) || force else {
                heldBack = (phase, items, bytesRead)
                return
            }
            heldBack = nil
            callback(
                ImportProgress(
                    phase: phase, items: Int(items), bytesRead: bytesRead, totalBytes: totalBytes,
                    elapsed: now - started))
        }

        /// Shows the report the throttle held back, if the throttle now allows one.
        mutating func flush() {
            guard let heldBack else { return }
            report(heldBack.phase, items: heldBack.items, bytesRead: heldBack.bytesRead)
        }
    }

    func makeReporter(totalBytes: Int64? = nil) -> Reporter {
        Reporter(callback: progress, throttle: ProgressThrottle(interval: progressInterval), totalBytes: totalBytes)
    }

    /// Builds a store: creates the tables, runs `insert`, finishes (indexes,
    /// checks, counts, full-text index) and moves the file into place.
    ///
    /// - Parameters:
    ///   - plan: What the finishing phase must do.
    ///   - inputPath: The input file, for messages.
    ///   - insert: Inserts every row (see `bulkWrite`); returns what it inserted.
    /// - Returns: The summary.
    /// - Throws: The first error; the temporary file is removed.
    func build(
        plan: Plan, inputPath: String,
        insert: @Sendable (DatabaseQueue) async throws -> Inserted
    ) async throws -> Summary {
        let file = try StoreFile(destination: destination, replace: replace)
        let started = ContinuousClock.now
        do {
            let queue = try file.openQueue()
            try await queue.writeWithoutTransaction { db in
                try db.execute(sql: SQLiteSchema.createTables)
                if plan.staging {
                    try db.execute(
                        sql: "CREATE TEMP TABLE staging (key INTEGER PRIMARY KEY, line INTEGER, parent_id TEXT)")
                }
            }
            let inserted = try await insert(queue)
            let insertDuration = ContinuousClock.now - started
            let total = try await queue.writeWithoutTransaction { db in
                var reporter = makeReporter()
                return try finish(db, plan: plan, inserted: inserted, inputPath: inputPath, reporter: &reporter)
            }
            try queue.close()
            try file.commit()
            let attributes = try? FileManager.default.attributesOfItem(atPath: destination.path)
            let seconds = Self.seconds(ContinuousClock.now - started)
            let insertSeconds = Self.seconds(insertDuration)
            return Summary(
                items: Int(total), insertRate: insertSeconds > 0 ? Double(inserted.count) / insertSeconds : 0,
                seconds: seconds, insertSeconds: insertSeconds,
                bytes: (attributes?[.size] as? NSNumber)?.int64Value ?? 0)
        } catch {
            file.discard()
            throw SQLiteErrors.map(error, path: inputPath)
        }
    }

    /// Runs `body` in one transaction with a bulk inserter.
    func bulkWrite(
        _ queue: DatabaseQueue, staging: Bool, totalBytes: Int64? = nil,
        _ body: @escaping @Sendable (BulkInserter, inout Reporter) throws -> Inserted
    ) async throws -> Inserted {
        try await queue.writeWithoutTransaction { db in
            var reporter = makeReporter(totalBytes: totalBytes)
            let inserter = try BulkInserter(db: db, staging: staging)
            return try Self.inTransaction(db) { try body(inserter, &reporter) }
        }
    }

    /// Runs `body` between BEGIN and COMMIT; ends the transaction on errors too
    /// (the temporary file is discarded then, so rolling back with no journal is fine).
    static func inTransaction<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        try db.execute(sql: "BEGIN")
        do {
            let result = try body()
            try db.execute(sql: "COMMIT")
            return result
        } catch {
            if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK") }
            throw error
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
