import ArgumentParser
import Foundation
import HierarchySQLite

/// `hierarchy index DB`: finishes the short-prefix part of a store's search index, which
/// `generate` and `import` build after the store is in place (a stopped command leaves it to
/// this one; nothing else writes a store it only reads).
struct IndexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Finish an SQLite store's search index after generate or import was stopped.",
        discussion: """
            A large store is searchable as soon as generate or import says so; its short-prefix \
            index is built after that. If the command was stopped before it ended, the store works \
            (1- to 3-letter searches are slower) and this command finishes the index.
            """)

    @Argument(help: "The database.")
    var database: String

    func run() async throws {
        let pending: Bool
        do {
            _ = try SQLiteSource(path: database)
            pending = try SQLiteSearchPrefixes.isPending(path: database)
        } catch {
            throw SQLiteCommandOutput.fail(error)
        }
        guard pending else {
            print("the search index of \(SQLiteCommandOutput.sanitize(database)) is complete")
            return
        }
        let progress = SQLiteCommandOutput.progressLine()
        SQLiteCommandOutput.finishSearchPrefixes(
            into: database, progress: progress, announce: "indexing short prefixes")
    }
}
