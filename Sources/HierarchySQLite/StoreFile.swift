import Foundation
import GRDB
import HierarchySources

/// A store being written: a temporary file next to the destination, renamed
/// into place only when complete, so that a failed import leaves nothing behind.
///
/// The destination is looked at through `OutputFile`: a symbolic link is followed and its
/// target replaced (the link stays), and nothing but a regular file is ever replaced.
struct StoreFile: Sendable {
    /// Where the finished store goes (as given, for messages).
    let destination: URL
    /// The path written, links followed.
    let output: OutputFile
    /// The file being built, in the target's directory (same file system, so the
    /// final rename is atomic).
    let temporary: URL

    /// Checks the destination and picks a temporary name.
    ///
    /// - Parameters:
    ///   - destination: The database to create.
    ///   - replace: Whether an existing file may be replaced.
    /// - Throws: `HierarchySourceError` if the file exists and `replace` is false,
    ///   if the existing database is locked, or if the directory is missing or
    ///   not writable; `OutputFileError` if the destination is not a regular file (a
    ///   device, a FIFO, a socket), with or without `replace`.
    init(destination: URL, replace: Bool) throws {
        self.destination = destination
        let path = destination.path
        let output = try OutputFile(path: path)
        self.output = output
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output.directory, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw HierarchySourceError(.notFound, "no such directory", path: output.directory)
        }
        guard access(output.directory, W_OK) == 0 else {
            throw HierarchySourceError(.permissionDenied, "directory is not writable", path: output.directory)
        }
        if output.kind != .missing {
            guard output.kind != .directory else {
                throw HierarchySourceError(.io, "is a directory", path: path)
            }
            try output.checkReplaceable()
            guard replace else {
                throw HierarchySourceError(.io, "database already exists (use --replace to overwrite it)", path: path)
            }
            try Self.checkNotLocked(output.target)
        }
        temporary = URL(fileURLWithPath: output.temporaryPath("importing"))
    }

    /// Fails if another connection holds a lock on the existing database.
    private static func checkNotLocked(_ path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .immediateError
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.inDatabase { db in
                try db.execute(sql: "BEGIN; SELECT count(*) FROM sqlite_master; COMMIT")
            }
            try queue.close()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
        {
            throw HierarchySourceError(.io, "database is locked by another process", path: path, cause: error)
        } catch {
            // Not a database (or unreadable): replacing it is what was asked.
        }
    }

    /// Creates the temporary database, tuned for one bulk write: no journal, no
    /// syncing, an exclusive lock, a bounded page cache.
    func openQueue() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.label = "HierarchySQLite.import"
        // Transactions are ended by `SQLiteImporter.inTransaction`, also on errors.
        configuration.allowsUnsafeTransactions = true
        configuration.prepareDatabase { db in
            try db.execute(
                sql: """
                    PRAGMA journal_mode = OFF;
                    PRAGMA synchronous = OFF;
                    PRAGMA locking_mode = EXCLUSIVE;
                    PRAGMA cache_size = -131072;
                    PRAGMA temp_store = FILE;
                    """)
        }
        do {
            return try DatabaseQueue(path: temporary.path, configuration: configuration)
        } catch {
            discard()
            throw SQLiteErrors.map(error, path: destination.path)
        }
    }

    /// Moves the finished file into place (atomically replacing any old one).
    func commit() throws {
        do {
            try output.commit(temporary: temporary.path)
        } catch {
            discard()
            throw error
        }
    }

    /// Deletes the temporary file and any journal next to it.
    func discard() {
        for suffix in ["", "-journal", "-wal", "-shm"] {
            unlink(temporary.path + suffix)
        }
    }
}
