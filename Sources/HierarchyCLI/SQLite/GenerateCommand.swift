import ArgumentParser
import Foundation
import HierarchyPostgres
import HierarchySQLite
import HierarchySources

/// `hierarchy generate --nodes N --depth D --into DB`: writes a reproducible synthetic hierarchy.
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate a reproducible synthetic hierarchy into an SQLite database.")

    @Option(name: .long, help: "The number of items (at most 1,000,000,000).")
    var nodes: Int

    @Option(name: .long, help: "The number of levels (1 = the root only; at most 100,000).")
    var depth: Int = 6

    @Option(name: .long, help: "The database to create.")
    var into: String

    @Option(name: .long, help: "The random seed; the same seed gives the same hierarchy.")
    var seed: UInt64 = 1

    @Flag(name: .long, help: "Replace the database if it exists.")
    var replace = false

    @Flag(
        name: .customLong("no-search-index"),
        help: "Skip the full-text index: a smaller store, built faster, that browses but cannot search.")
    var noSearchIndex = false

    func validate() throws {
        guard nodes >= 1 else { throw ValidationError("--nodes must be at least 1") }
        guard depth >= 1 else { throw ValidationError("--depth must be at least 1") }
    }

    func run() async throws {
        let hierarchy = SyntheticHierarchy(nodes: nodes, levels: depth, seed: seed)
        do {
            try hierarchy.checkLimits()
        } catch {
            CommandLineError.printError(String(describing: error))
            throw ExitCode(64)
        }
        if PostgresStoreURL.isPostgresURL(into) {
            return try await PostgresCommands.generate(hierarchy, into: into, replace: replace)
        }
        let progress = SQLiteCommandOutput.progressLine()
        do {
            let importer = SQLiteImporter(
                destination: URL(fileURLWithPath: into), replace: replace, searchIndex: !noSearchIndex,
                progress: progress)
            let summary = try await importer.generate(hierarchy)
            SQLiteCommandOutput.endProgress(progress)
            print("generated " + SQLiteCommandOutput.summary(summary, into: into))
            SQLiteCommandOutput.finishSearchPrefixes(into: into, progress: progress)
        } catch {
            SQLiteCommandOutput.endProgress(progress)
            throw SQLiteCommandOutput.fail(error)
        }
    }
}
