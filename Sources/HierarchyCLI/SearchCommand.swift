import ArgumentParser
import Foundation
import HierarchyFileSystem
import HierarchyPostgres
import HierarchySQLite
import HierarchySources

/// `hierarchy search DB QUERY`: prints matching items with their paths; for a directory,
/// the paths of entries whose names contain QUERY, as a walk finds them.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract:
            "Search a store (full text, best matches first), a folder's names or a document, printing each match with its path.",
        discussion: """
            Words match the start of words in titles, subtitles and footnotes; all must match. \
            Given a directory, prints the paths of entries whose names contain QUERY (ignoring case), \
            as the walk finds them. Given a document (JSON, JSON Lines, YAML, property list), prints the \
            items whose title, subtitle or footnote contains QUERY (ignoring case and accents), each with \
            its path, in document order; a JSON file is scanned where it lies and its results print as \
            they are found.
            """)

    @Argument(help: "The database, a directory, or a document.")
    var database: String

    @Argument(help: "The words to search for.")
    var query: String

    @Option(name: .long, help: "The most results to print.")
    var limit: Int = 20

    @Option(name: .long, help: "Results to skip.")
    var offset: Int = 0

    @OptionGroup(title: "A table of your own") var table: TableOptions

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
        guard offset >= 0 else { throw ValidationError("--offset must not be negative") }
    }

    func run() async throws {
        if let mapping = table.mapping {
            do {
                let resolved = try await SourceResolver.resolveTable(mapping, in: database, start: nil)
                try await Self.printMatches(of: query, in: resolved.source, range: offset..<(offset + limit))
            } catch {
                throw CommandLineError.report(error)
            }
            return
        }
        if PostgresStoreURL.isPostgresURL(database) {
            return try await PostgresCommands.search(database, query: query, range: offset..<(offset + limit))
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: database, isDirectory: &isDirectory), isDirectory.boolValue {
            return try await searchDirectory()
        }
        if !SourceResolver.isSQLiteDatabase(database), Self.isDocument(database) {
            return try await searchDocument()
        }
        do {
            try await Self.printMatches(of: query, in: SQLiteSource(path: database), range: offset..<(offset + limit))
        } catch {
            throw SQLiteCommandOutput.fail(error)
        }
    }

    /// Prints a page of a store's matches, each with its path (titles escaped), or says there
    /// are none.
    static func printMatches(of query: String, in source: any HierarchySource, range: Range<Int>) async throws {
        let results = try await source.search(query, in: range)
        for node in results {
            let title = SQLiteCommandOutput.sanitize(node.title)
            let path: [HierarchyNode]
            do {
                path = try await source.path(toID: node.id)
            } catch let error as HierarchySourceError where error.code == .cycle {
                // A table of the user's own may have rows whose parents form a cycle: no path to show.
                print("\(title)  (no path: its parents form a cycle)")
                continue
            }
            let trail = path.dropLast().map { SQLiteCommandOutput.sanitize($0.title) }.joined(separator: " / ")
            print(trail.isEmpty ? title : "\(title)  (\(trail))")
        }
        if results.isEmpty { SQLiteCommandOutput.printError("hierarchy: no matches") }
    }

    /// Prints the entries of the directory whose names contain the query, as they are found.
    private func searchDirectory() async throws {
        let source = FileSystemSource(root: database)
        var seen = 0
        do {
            walk: for try await batch in source.searchBatches(query) {
                for node in batch {
                    seen += 1
                    if seen > offset { print(SQLiteCommandOutput.sanitize(node.id)) }
                    if seen >= offset + limit { break walk }
                }
            }
        } catch {
            throw SQLiteCommandOutput.fail(error)
        }
        if seen <= offset { SQLiteCommandOutput.printError("hierarchy: no matches") }
    }
}
