import ArgumentParser
import Foundation
import HierarchyPostgres
import HierarchySQLite
import HierarchySources

/// `hierarchy export DB --format json|csv`: writes a store back out.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export an SQLite or postgres:// hierarchy, or a table of your own (--table), as JSON or CSV.")

    @Argument(help: "The database.")
    var database: String

    @Option(name: .long, help: "json or csv.")
    var format: String = "json"

    @Option(name: [.short, .long], help: "The file to write (default: standard output).")
    var output: String?

    func validate() throws {
        guard SQLiteExporter.Format(rawValue: format.lowercased()) != nil else {
            throw ValidationError("unknown format \"\(format)\" (json or csv)")
        }
    }

    @OptionGroup(title: "A table of your own") var table: TableOptions

    func run() async throws {
        let exportFormat = SQLiteExporter.Format(rawValue: format.lowercased()) ?? .json
        // On a terminal, control characters in titles are shown escaped, never sent raw.
        let escapes = output == nil && isatty(STDOUT_FILENO) == 1
        if let mapping = table.mapping {
            do {
                let resolved = try await SourceResolver.resolveTable(mapping, in: database, start: nil)
                try await Self.write(to: output) { handle in
                    try await PostgresCommands.export(resolved.source, format: exportFormat, escapes: escapes, to: handle)
                }
            } catch {
                throw CommandLineError.report(error)
            }
            return
        }
        if PostgresStoreURL.isPostgresURL(database) {
            let url = try PostgresCommands.url(database)
            do {
                let source = try await PostgresSource.open(url)
                defer { Task { await source.close() } }
                try await Self.write(to: output) { handle in
                    try await PostgresCommands.export(source, format: exportFormat, escapes: escapes, to: handle)
                }
            } catch {
                throw CommandLineError.report(error)
            }
            return
        }
        do {
            let source = try SQLiteSource(path: database)
            try await Self.write(to: output) { handle in
                var exporter = SQLiteExporter(source: source)
                exporter.escapesControlCharacters = escapes
                try await exporter.export(exportFormat, to: handle)
            }
        } catch {
            throw SQLiteCommandOutput.fail(error)
        }
    }

    /// Runs `body` on standard output, or on a file written next to `output` and renamed into
    /// place at the end: a failed export leaves no partial file.
    static func write(to output: String?, _ body: (FileHandle) async throws -> Void) async throws {
        guard let output else {
            return try await body(FileHandle.standardOutput)
        }
        let destination = URL(fileURLWithPath: output)
        let file = destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).exporting")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw HierarchySourceError(.permissionDenied, "cannot create the output file", path: output)
        }
        do {
            let handle = try FileHandle(forWritingTo: file)
            try await body(handle)
            try handle.close()
            guard rename(file.path, output) == 0 else {
                throw HierarchySourceError(.io, "cannot write the output file", path: output)
            }
        } catch {
            unlink(file.path)
            throw error
        }
    }
}
