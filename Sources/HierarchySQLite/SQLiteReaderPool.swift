import Foundation
import GRDB
import Synchronization

/// A few read-only connections to one store, so that concurrent readers (the sessions of the
/// web face, a search while a column pages) read in parallel instead of queueing behind one
/// connection.
///
/// Every connection is a GRDB `DatabaseQueue` opened with `Configuration.readonly`, so the
/// pool works on any store the user gives, whatever its journal mode and even when the file
/// or its directory is read-only: nothing is written, not even the journal mode (a
/// `DatabasePool` would need the store in WAL mode, which a read-only opening may not set).
/// SQLite lets several connections of one process hold shared read locks at once.
///
/// A read goes to the connection with the fewest reads in flight (ties to the lowest index),
/// so a long query does not hold up the reads behind it while another connection is free.
final class SQLiteReaderPool: Sendable {
    /// The connections; the first one is opened first and validates the store.
    let readers: [DatabaseQueue]
    /// Reads in flight on each connection.
    private let inFlight: Mutex<[Int]>

    /// The number of connections a pool opens by default: one per core, at least 2, at most 4
    /// (each connection has its own page cache).
    static var defaultSize: Int { min(4, max(2, ProcessInfo.processInfo.activeProcessorCount)) }

    /// Opens `size` read-only connections to the database at `path`.
    ///
    /// - Parameters:
    ///   - path: The database file.
    ///   - configuration: The configuration of every connection (read-only).
    ///   - size: The number of connections (at least 1).
    /// - Throws: GRDB's error when a connection cannot be opened.
    init(path: String, configuration: Configuration, size: Int = SQLiteReaderPool.defaultSize) throws {
        precondition(configuration.readonly, "the reader pool only opens read-only connections")
        var readers: [DatabaseQueue] = []
        for index in 0..<max(1, size) {
            var configuration = configuration
            configuration.label = "\(configuration.label ?? "HierarchySQLite.read").\(index)"
            readers.append(try DatabaseQueue(path: path, configuration: configuration))
        }
        self.readers = readers
        self.inFlight = Mutex(Array(repeating: 0, count: readers.count))
    }

    /// Runs `body` on the least busy connection.
    ///
    /// - Parameter body: The read; it runs on the connection's own thread, off the caller's actor.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` or GRDB throws.
    /// - Complexity: O(c) to pick a connection for c connections, then the read.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let index = inFlight.withLock { counts in
            var best = 0
            for candidate in counts.indices where counts[candidate] < counts[best] { best = candidate }
            counts[best] += 1
            return best
        }
        defer { inFlight.withLock { $0[index] -= 1 } }
        return try await readers[index].read(body)
    }

    /// Reads in flight on each connection now (for tests and diagnostics).
    var readsInFlight: [Int] { inFlight.withLock { $0 } }
}
