import ArgumentParser
import Foundation
import HierarchyPostgres
import HierarchySQLite
import HierarchySources
import TerminalUI

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
        if let mapping = table.mapping {
            do {
                let resolved = try await SourceResolver.resolveTable(mapping, in: database, start: nil)
                try await Self.write(to: output) { handle in
                    try await PostgresCommands.export(resolved.source, format: exportFormat, to: handle)
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
                    try await PostgresCommands.export(source, format: exportFormat, to: handle)
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
                exporter.escape = Self.escape(for: handle)
                try await exporter.export(exportFormat, to: handle)
            }
        } catch {
            throw SQLiteCommandOutput.fail(error)
        }
    }

    /// The escaping of text written to `handle`: on a terminal, control and bidirectional
    /// characters are shown as titles are in the browser (`TerminalText.sanitize`), never sent
    /// raw; a file or pipe gets the exact bytes.
    static func escape(for handle: FileHandle) -> (@Sendable (String) -> String)? {
        guard isatty(handle.fileDescriptor) == 1 else { return nil }
        return { @Sendable text in TerminalText.sanitize(text) }
    }

    /// Runs `body` on standard output, or on the output file (see `OutputFile`): a regular
    /// file is written next to `output` and renamed into place at the end, so that a failed
    /// export leaves no partial file; a device, FIFO or socket is written in place, and a
    /// symbolic link is followed to the file it names.
    static func write(to output: String?, _ body: (FileHandle) async throws -> Void) async throws {
        guard let output else {
            return try await body(FileHandle.standardOutput)
        }
        try await OutputFile(path: output).write(body)
    }
}
