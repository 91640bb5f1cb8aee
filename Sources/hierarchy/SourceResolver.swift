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
        path: String?, start: String?, shape: DocumentShape = .automatic, whileReading: Bool = false
    ) async throws -> Resolved {
        if let path, PostgresStoreURL.isPostgresURL(path) {
            let url = try PostgresStoreURL(path)
            return Resolved(source: try await PostgresSource.open(url), startID: start, name: url.database)
        }
        guard let path else {
            let sample = try SampleHierarchy.load()
            return Resolved(source: sample, startID: start, name: "Sample plant")
        }
        let name = URL(fileURLWithPath: path).lastPathComponent
        if isSQLiteDatabase(path) {
            // Browsing never writes: the store opens read-only.
            let source = try SQLiteSource(path: path)
            return Resolved(source: source, startID: start, name: name)
        }
        let opened = try SourceOpener.openWithStart(path: path, start: start, shape: shape, whileReading: whileReading)
        return Resolved(source: opened.source, startID: opened.startID ?? start, name: name.isEmpty ? path : name)
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
