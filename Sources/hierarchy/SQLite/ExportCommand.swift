import ArgumentParser
import Foundation
import HierarchyPostgres
import HierarchySQLite
import HierarchySources

/// `hierarchy export DB --format json|csv`: writes a store back out.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export an SQLite hierarchy as JSON or CSV.")

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

    func run() async throws {
        let exportFormat = SQLiteExporter.Format(rawValue: format.lowercased()) ?? .json
        if PostgresStoreURL.isPostgresURL(database) {
            guard output == nil else {
                CommandLineError.printError("write the export of a postgres:// store to standard output (> FILE)")
                throw ExitCode(64)
            }
            return try await PostgresCommands.export(database, format: exportFormat, to: FileHandle.standardOutput)
        }
        var temporary: URL?
        do {
            let source = try SQLiteSource(path: database)
            let handle: FileHandle
            if let output {
                // Write next to the destination, then rename: a failed export leaves no partial file.
                let destination = URL(fileURLWithPath: output)
                let file = destination.deletingLastPathComponent()
                    .appendingPathComponent(".\(destination.lastPathComponent).exporting")
                guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                    throw HierarchySourceError(.permissionDenied, "cannot create the output file", path: output)
                }
                temporary = file
                handle = try FileHandle(forWritingTo: file)
            } else {
                handle = FileHandle.standardOutput
            }
            var exporter = SQLiteExporter(source: source)
            // On a terminal, control characters in titles are shown escaped, never sent raw.
            exporter.escapesControlCharacters = output == nil && isatty(STDOUT_FILENO) == 1
            try await exporter.export(exportFormat, to: handle)
            if let temporary, let output {
                try handle.close()
                guard rename(temporary.path, output) == 0 else {
                    throw HierarchySourceError(.io, "cannot write the output file", path: output)
                }
            }
        } catch {
            if let temporary { unlink(temporary.path) }
            throw SQLiteCommandOutput.fail(error)
        }
    }
}
