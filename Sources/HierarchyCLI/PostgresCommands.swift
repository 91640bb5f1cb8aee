import ArgumentParser
import Foundation
import HierarchyPostgres
import HierarchySQLite
import HierarchySources

/// The `postgres://` branches of `import`, `generate`, `search` and `export`.
enum PostgresCommands {
    /// Parses an address given on the command line; a bad one is a usage error (64).
    static func url(_ text: String) throws -> PostgresStoreURL {
        do {
            return try PostgresStoreURL(text)
        } catch {
            throw CommandLineError.report(error)
        }
    }

    /// `import FILE --into postgres://…`: the file is read and checked by the SQLite importer
    /// (every format, the same item model and checks) into a temporary store, which is then
    /// copied to the server with COPY.
    static func importFile(_ file: String, format: ImportFormat?, into text: String, replace: Bool) async throws {
        let url = try url(text)
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("hierarchy-import-\(getpid())-\(UUID().uuidString).sqlite")
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(scratch.path + suffix) }
        }
        do {
            _ = try await SQLiteImporter(destination: scratch, replace: true, searchIndex: false)
                .importFile(at: ImportCommand.inputURL(file), format: format)
        } catch {
            throw SQLiteCommandOutput.fail(error)
        }
        do {
            let source = try SQLiteSource(path: scratch.path)
            let summary = try await PostgresImporter(url: url, replace: replace).load(source: source)
            print("imported " + describe(summary, into: url))
        } catch {
            throw CommandLineError.report(error)
        }
    }

    /// `generate --into postgres://…`.
    static func generate(_ hierarchy: SyntheticHierarchy, into text: String, replace: Bool) async throws {
        let url = try url(text)
        do {
            // The generator's parents are right by construction: no check of the loaded rows.
            var importer = PostgresImporter(url: url, replace: replace)
            importer.checksParents = false
            let summary = try await importer.load { emit in hierarchy.generateItems(emit) }
            print("generated " + describe(summary, into: url))
        } catch {
            throw CommandLineError.report(error)
        }
    }

    /// `search postgres://… QUERY`.
    static func search(_ text: String, query: String, range: Range<Int>) async throws {
        let url = try url(text)
        do {
            let source = try await PostgresSource.open(url)
            defer { Task { await source.close() } }
            try await SearchCommand.printMatches(of: query, in: source, range: range)
        } catch {
            throw CommandLineError.report(error)
        }
    }

    /// `export postgres://… --format json|csv` (and `export DB --table …`): the hierarchy is read
    /// into a temporary SQLite store (walking it a page of children at a time) and written by the
    /// SQLite exporter, so every store exports exactly the same text.
    static func export(_ source: any HierarchySource, format: SQLiteExporter.Format, to handle: FileHandle) async throws
    {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("hierarchy-export-\(getpid())-\(UUID().uuidString).sqlite")
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(scratch.path + suffix) }
        }
        _ = try await SQLiteImporter(destination: scratch, replace: true, searchIndex: false).importSource(source)
        var exporter = SQLiteExporter(source: try SQLiteSource(path: scratch.path))
        exporter.escape = ExportCommand.escape(for: handle)
        try await exporter.export(format, to: handle)
    }

    static func describe(_ summary: PostgresImporter.Summary, into url: PostgresStoreURL) -> String {
        "\(summary.items) items into \(SQLiteCommandOutput.sanitize(url.description)) in "
            + String(
                format: "%.2f s (COPY %.2f s, %d items/s)", summary.seconds, summary.copySeconds,
                Int(summary.copyRate.rounded()))
    }
}
