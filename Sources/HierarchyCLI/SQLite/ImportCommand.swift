import ArgumentParser
import Foundation
import HierarchyDocuments
import HierarchyPostgres
import HierarchySQLite
import HierarchySources

/// `hierarchy import FILE --into DB`: builds an SQLite store from a document or CSV file.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a JSON, JSON Lines, YAML, property list or CSV hierarchy into an SQLite database.",
        discussion: """
            CSV files need a header row naming at least id and parent_id; the other columns are \
            mapped as a document's fields are (title or name, subtitle or type, footnote, location \
            or body, status; any further column is an attribute). Rows may come in any order. \
            Bad rows (unknown parent, duplicate id, cycle) are reported by line and nothing is written.
            """)

    @Argument(
        help:
            "The file to import (.json, .plist, .yaml, .csv), or - for standard input (the format from its first bytes, or --format)."
    )
    var file: String

    @Option(name: .long, help: "The database to create.")
    var into: String

    @Option(name: .long, help: "The input format (json, csv, plist, yaml); by default from the file name.")
    var format: String?

    @Option(
        name: .customLong("as"),
        help:
            "Import a JSON/YAML/plist document as items or as its structure (auto: items when it follows the items schema)."
    )
    var shape: DocumentShape = .automatic

    @Flag(name: .long, help: "Replace the database if it exists.")
    var replace = false

    @Flag(
        name: .customLong("no-search-index"),
        help: "Skip the full-text index: a smaller store, built faster, that browses but cannot search.")
    var noSearchIndex = false

    /// The file to import as a URL; `-` (standard input) stays `-`.
    static func inputURL(_ file: String) -> URL {
        StandardInputDocument.isStandardInput(file) ? URL(string: file)! : URL(fileURLWithPath: file)
    }

    func validate() throws {
        if let format, ImportFormat(rawValue: format.lowercased()) == nil {
            throw ValidationError("unknown format \"\(format)\" (json, csv, plist, yaml)")
        }
    }

    func run() async throws {
        if PostgresStoreURL.isPostgresURL(into) {
            let importFormat = format.flatMap { ImportFormat(rawValue: $0.lowercased()) }
            return try await PostgresCommands.importFile(file, format: importFormat, into: into, replace: replace)
        }
        let progress = SQLiteCommandOutput.progressLine()
        do {
            let importFormat = format.flatMap { ImportFormat(rawValue: $0.lowercased()) }
            let importer = SQLiteImporter(
                destination: URL(fileURLWithPath: into), replace: replace, searchIndex: !noSearchIndex,
                progress: progress)
            let summary = try await importer.importFile(at: Self.inputURL(file), format: importFormat, shape: shape)
            SQLiteCommandOutput.endProgress(progress)
            print("imported " + SQLiteCommandOutput.summary(summary, into: into))
            SQLiteCommandOutput.finishSearchPrefixes(into: into, progress: progress)
        } catch {
            SQLiteCommandOutput.endProgress(progress)
            throw SQLiteCommandOutput.fail(error)
        }
    }
}
