import Foundation
import HierarchySources
import HierarchyStore
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// Writes a hierarchy into a PostgreSQL database with `COPY ... FROM STDIN`, then builds the
/// indexes and the change triggers (see `PostgresSchema`).
///
/// The table is created and filled without any index, not even its primary key; they are built
/// once at the end (faster than maintaining them row by row), all in the transaction that
/// created the table (so with `wal_level=minimal` PostgreSQL writes no WAL for any of it).
/// A database that already holds a store is refused unless `replace` is set.
public struct PostgresImporter: Sendable {
    /// What a load wrote.
    public struct Summary: Sendable {
        public var items: Int
        /// The whole load, seconds.
        public var seconds: Double
        /// The COPY alone, seconds.
        public var copySeconds: Double
        /// Items per second of the COPY alone.
        public var copyRate: Double { copySeconds > 0 ? Double(items) / copySeconds : 0 }
    }

    public let url: PostgresStoreURL
    public let replace: Bool
    /// The title of the item added above several top-level items (a store has one root).
    public var rootTitle = "Imported hierarchy"
    /// Whether the load checks that every parent is a loaded item (one join of the whole
    /// table, a tenth of a 10,000,000-item load). Only rows right by construction (`generate`'s)
    /// may skip it.
    public var checksParents = true

    public init(url: PostgresStoreURL, replace: Bool = false) {
        self.url = url
        self.replace = replace
    }

    /// Rows are sent to the server in chunks of about this many bytes.
    static let chunkSize = 1 << 20

    /// Loads rows made by `produce` on a thread of its own (it may block; it is never run on
    /// Swift's cooperative pool). `produce` calls `emit` with batches in key order and stops when
    /// `emit` returns `false`.
    ///
    /// - Returns: What was written.
    /// - Throws: `HierarchySourceError` (see `PostgresErrors`); nothing stays written on failure.
    /// - Complexity: O(rows) time; memory O(a few batches).
    public func load(
        produce: @escaping @Sendable (_ emit: ([ItemRecord]) -> Bool) -> Void
    ) async throws -> Summary {
        let channel = BatchChannel()
        Thread.detachNewThread {
            produce { batch in channel.send(batch) }
            channel.finish()
        }
        defer { channel.cancel() }
        return try await write { writer in
            var count = 0
            var buffer = ByteBufferAllocator().buffer(capacity: Self.chunkSize + 4096)
            while let batch = await channel.receive() {
                for row in batch {
                    try CopyTextEncoder.append(row, to: &buffer)
                    if buffer.readableBytes >= Self.chunkSize {
                        try await writer.write(buffer)
                        buffer.clear()
                    }
                }
                count += batch.count
            }
            if buffer.readableBytes > 0 { try await writer.write(buffer) }
            return count
        }
    }

    /// Loads every item of `source`, walking it depth first a page of children at a time (see
    /// `SourceImportWalk`).
    ///
    /// Items keep their identifiers; several top-level items get a common root.
    ///
    /// - Complexity: O(items) source calls in pages of 1,000 children.
    public func load(source: any HierarchySource) async throws -> Summary {
        guard try await source.root() != nil else {
            throw HierarchySourceError(.malformed, "the hierarchy is empty: nothing to import")
        }
        return try await write { writer in
            var buffer = ByteBufferAllocator().buffer(capacity: Self.chunkSize + 4096)
            var seen: Set<String> = []
            let count = try await SourceImportWalk.walk(source, pageSize: 1000, maximumDepth: Self.maximumDepth) {
                record in
                guard seen.insert(record.id).inserted else {
                    throw HierarchySourceError(.duplicateID, "the id \"\(record.id)\" occurs twice")
                }
                try CopyTextEncoder.append(record, to: &buffer)
                if buffer.readableBytes >= Self.chunkSize {
                    try await writer.write(buffer)
                    buffer.clear()
                }
            }
            if buffer.readableBytes > 0 { try await writer.write(buffer) }
            return Int(count ?? 0)
        }
    }

    /// The deepest nesting `load(source:)` walks.
    static let maximumDepth = 100_000

    /// Prepares the database, runs the COPY with `body`, then builds indexes and triggers, all in
    /// one transaction.
    private func write(_ body: (PostgresCopyFromWriter) async throws -> Int) async throws -> Summary {
        let logger = Logger(label: "HierarchyPostgres.import", factory: { _ in SwiftLogNoOpLogHandler() })
        let started = ContinuousClock.now
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: PostgresSource.connectionConfiguration(url), id: 1, logger: logger)
        } catch {
            throw PostgresErrors.map(error, url: url)
        }
        do {
            var exists = false
            for try await row in try await connection.query(
                "SELECT to_regclass('hierarchy_item') IS NOT NULL", logger: logger)
            {
                exists = try row.decode(Bool.self)
            }
            if exists, !replace {
                throw HierarchySourceError(
                    .unsupported, "\(url) already holds a hierarchy (use --replace to overwrite it)")
            }
            try await connection.query("BEGIN", logger: logger)
            if exists {
                try await connection.query(
                    "DROP TABLE IF EXISTS hierarchy_item, hierarchy_meta CASCADE", logger: logger)
            }
            try await connection.query("CREATE EXTENSION IF NOT EXISTS unaccent", logger: logger)
            let throughC = await createImmutableUnaccent(connection, logger: logger)
            try await simple(connection, PostgresSchema.functions(throughC: throughC), logger: logger)
            try await simple(connection, PostgresSchema.createTables, logger: logger)
            let copyStarted = ContinuousClock.now
            var count = 0
            try await connection.copyFrom(table: "hierarchy_item", columns: PostgresSchema.copyColumns, logger: logger)
            {
                writer in
                count = try await body(writer)
            }
            let copySeconds = (ContinuousClock.now - copyStarted).seconds
            try await connection.query("\(unescaped: PostgresSchema.addPrimaryKey)", logger: logger)
            if checksParents { try await checkLoaded(connection, logger: logger) }
            for index in PostgresSchema.createIndexes {
                try await connection.query("\(unescaped: index)", logger: logger)
            }
            try await simple(connection, PostgresSchema.createTriggers, logger: logger)
            try await connection.query(
                "INSERT INTO hierarchy_meta (name, value) VALUES ('schema_version', \(String(PostgresSchema.version)))",
                logger: logger)
            try await connection.query("COMMIT", logger: logger)
            try await connection.query("ANALYZE hierarchy_item", logger: logger)
            try? await connection.close()
            return Summary(items: count, seconds: (ContinuousClock.now - started).seconds, copySeconds: copySeconds)
        } catch {
            try? await connection.close()
            throw PostgresErrors.map(error, url: url)
        }
    }

    /// Creates ``PostgresSchema/immutableUnaccent`` when the role is a superuser, inside a
    /// savepoint: a server that refuses it (a hosted one) leaves the transaction as it was.
    ///
    /// - Returns: Whether the function exists now.
    private func createImmutableUnaccent(_ connection: PostgresConnection, logger: Logger) async -> Bool {
        do {
            var isSuperuser = false
            for try await row in try await connection.query(
                "SELECT current_setting('is_superuser') = 'on'", logger: logger)
            {
                isSuperuser = try row.decode(Bool.self)
            }
            guard isSuperuser else { return false }
            try await connection.query("SAVEPOINT hierarchy_unaccent", logger: logger)
        } catch {
            return false
        }
        do {
            try await connection.query("\(unescaped: PostgresSchema.immutableUnaccent)", logger: logger)
            try await connection.query("RELEASE SAVEPOINT hierarchy_unaccent", logger: logger)
            return true
        } catch {
            _ = try? await connection.query("ROLLBACK TO SAVEPOINT hierarchy_unaccent", logger: logger)
            return false
        }
    }

    /// Fails if the loaded rows do not form one tree with known parents.
    private func checkLoaded(_ connection: PostgresConnection, logger: Logger) async throws {
        for try await row in try await connection.query(
            """
            SELECT c.id, c.parent FROM hierarchy_item c LEFT JOIN hierarchy_item p ON p.key = c.parent
            WHERE c.parent IS NOT NULL AND p.key IS NULL LIMIT 1
            """, logger: logger)
        {
            let (id, parent) = try row.decode((String, Int64).self)
            throw HierarchySourceError(.unknownParent, "the item \"\(id)\" names an unknown parent (key \(parent))")
        }
    }

    /// Runs statements one after the other.
    func simple(_ connection: PostgresConnection, _ statements: [String], logger: Logger) async throws {
        for statement in statements {
            try await connection.query("\(unescaped: statement)", logger: logger)
        }
    }
}

extension Duration {
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) * 1e-18
    }
}

/// Hands batches from a producer thread to an async consumer, at most `capacity` batches ahead.
final class BatchChannel: @unchecked Sendable {
    // @unchecked: every field is guarded by `lock`; the semaphore bounds the producer.
    private let lock = NSLock()
    private var batches: [[ItemRecord]] = []
    private var waiter: CheckedContinuation<[ItemRecord]?, Never>?
    private var finished = false
    private var cancelled = false
    private let slots = DispatchSemaphore(value: 4)

    /// Called on the producer thread; blocks while 4 batches wait. Returns `false` once cancelled.
    func send(_ batch: [ItemRecord]) -> Bool {
        slots.wait()
        lock.lock()
        if cancelled {
            lock.unlock()
            slots.signal()
            return false
        }
        if let waiter {
            self.waiter = nil
            lock.unlock()
            slots.signal()
            waiter.resume(returning: batch)
        } else {
            batches.append(batch)
            lock.unlock()
        }
        return true
    }

    func finish() {
        lock.lock()
        finished = true
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume(returning: nil)
    }

    /// Stops the producer (its next `send` returns `false`).
    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
        for _ in 0..<8 { slots.signal() }
    }

    /// The next batch, or `nil` when the producer finished.
    func receive() async -> [ItemRecord]? {
        await withCheckedContinuation { continuation in
            lock.lock()
            if !batches.isEmpty {
                let batch = batches.removeFirst()
                lock.unlock()
                slots.signal()
                continuation.resume(returning: batch)
            } else if finished {
                lock.unlock()
                continuation.resume(returning: nil)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}
