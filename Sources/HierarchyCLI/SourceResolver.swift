import Foundation
import HierarchyDocuments
import HierarchyPostgres
import HierarchySQLite
import HierarchySources

/// Opens what the user named: nothing (the bundled sample), a directory, a document, or a
/// database.
enum SourceResolver {
    struct Resolved: Sendable {
        var source: any HierarchySource
        var startID: String?
        var name: String
    }

    /// Opens a path; with `whileReading`, a large document is returned while it is still read.
    static func resolve(
        path: String?, start: String?, shape: DocumentShape = .automatic, table: HierarchyTable? = nil,
        whileReading: Bool = false
    ) async throws -> Resolved {
        if let table {
            return try await resolveTable(table, in: path, start: start, whileReading: whileReading)
        }
        if let path, PostgresStoreURL.isPostgresURL(path) {
            let url = try PostgresStoreURL(path)
            return Resolved(source: try await PostgresSource.open(url), startID: start, name: url.database)
        }
        guard let path else {
            let sample = try SampleHierarchy.load()
            return Resolved(source: sample, startID: start, name: "Sample plant")
        }
        let name =
            StandardInputDocument.isStandardInput(path)
            ? StandardInputDocument.name : URL(fileURLWithPath: path).lastPathComponent
        if isSQLiteDatabase(path) {
            // Browsing never writes: the store opens read-only; another program's database
            // shows its tables and their rows.
            do {
                return Resolved(source: try SQLiteSource(path: path), startID: start, name: name)
            } catch let error as HierarchySourceError
                where error.code == .malformed && !SQLiteDatabaseSource.isHierarchyStore(path: path)
            {
                return Resolved(source: try SQLiteDatabaseSource(path: path), startID: start, name: name)
            }
        }
        let opened = try await SourceOpener.openWithStart(
            path: path, start: start, shape: shape, whileReading: whileReading)
        return Resolved(source: opened.source, startID: opened.startID ?? start, name: name.isEmpty ? path : name)
    }

    /// Opens a table of the user's own (`--table`), read-only: prints the source's warnings (a
    /// missing index) on standard error, and checks the start item's path, so a start inside a
    /// cycle is reported before anything walks it. With `whileReading` (the interactive faces) a
    /// large table (SQLite or PostgreSQL) opens before its check for rows naming no parent ends;
    /// the faces show that check's note on their status lines.
    static func resolveTable(_ table: HierarchyTable, in path: String?, start: String?, whileReading: Bool = false)
        async throws -> Resolved
    {
        guard let path else {
            throw TableUsageError(
                message: "--table reads a table of a database: name an SQLite file or a postgres:// URL")
        }
        let source: any HierarchySource
        let warnings: [String]
        if PostgresStoreURL.isPostgresURL(path) {
            let url = try PostgresStoreURL(path)
            let opened = try await PostgresTableSource.open(url, table: table, checkInBackground: whileReading)
            (source, warnings) = (opened, opened.warnings)
        } else if isSQLiteDatabase(path) {
            let opened = try await SQLiteTableSource(path: path, table: table, checkInBackground: whileReading)
            (source, warnings) = (opened, opened.warnings)
        } else if FileManager.default.fileExists(atPath: path) {
            throw TableUsageError(
                message: "\(path): --table reads a table of an SQLite database or a postgres:// URL; this is neither")
        } else {
            throw HierarchySourceError(.notFound, "no such database file", path: path)
        }
        for warning in warnings { CommandLineError.printError(warning) }
        if let start {
            guard try await !source.path(toID: start).isEmpty else {
                throw HierarchySourceError(.notFound, "no row with id \"\(start)\" in \"\(table.table)\"")
            }
        }
        return Resolved(source: source, startID: start, name: source.displayName)
    }

    /// Whether the file starts with SQLite's header.
    static func isSQLiteDatabase(_ path: String) -> Bool {
        // Only a regular file is peeked at: reading a FIFO here would eat what the document reader needs.
        guard (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
        else { return false }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 16)) ?? Data()
        return head == Data("SQLite format 3\u{0}".utf8)
    }
}
