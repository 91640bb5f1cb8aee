import ArgumentParser
import Foundation
import HierarchyDocuments
import HierarchyPostgres
import HierarchySQLite
import HierarchySources
import TerminalUI

struct PrintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print a hierarchy as a plain tree."
    )

    @OptionGroup var source: SourceOptions

    @Option(help: "How many levels below the start to print (default: all).")
    var depth: Int?

    @Flag(help: "Draw the tree with ASCII characters only.")
    var ascii = false

    func validate() throws {
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more") }
    }

    func run() async throws {
        do {
            if let path = documentPath {
                // A document prints while it is read, without building its tree.
                let printer = DocumentPrinter(depth: depth, ascii: ascii, escape: { TerminalText.sanitize($0) })
                let output = StandardOutput()
                try await printer.print(path: path, shape: source.shape) { bytes in output.write(bytes) }
                try Self.check(output)
                return
            }
            let resolved = try await SourceResolver.resolve(
                path: source.path, start: source.start, shape: source.shape, table: source.table.mapping)
            if let start = resolved.startID, resolved.source is SQLiteSource || resolved.source is PostgresSource,
                try await resolved.source.path(toID: start).isEmpty
            {
                // Documents, folders and tables check their start when they open; a store, here.
                let store = (resolved.source as? PostgresSource).map { $0.url.description } ?? source.path
                throw HierarchySourceError(.notFound, "no item with id \"\(start)\" in the store", path: store)
            }
            var printer = TreePrinter(depth: depth, ascii: ascii, escape: { TerminalText.sanitize($0) })
            printer.pageSize = 1000
            printer.showsValues = (resolved.source as? any DocumentHierarchySource)?.isDocumentStructure ?? false
            printer.continuesPastUnreadableItems = true
            var output = StandardOutputStream()
            let unreadable: [HierarchySourceError]
            if let start = resolved.startID {
                unreadable = try await printer.print(SubtreeSource(base: resolved.source, rootID: start), to: &output)
            } else {
                unreadable = try await printer.print(resolved.source, to: &output)
            }
            output.flush()
            try Self.check(output.output)
            // As find does: everything readable is printed, then each item that was not is named.
            for error in unreadable { CommandLineError.printError(error.description) }
            if let first = unreadable.first { throw ExitCode(CommandLineError.exitCode(for: first)) }
        } catch let error as ExitCode {
            throw error
        } catch {
            throw CommandLineError.report(error)
        }
    }
}

extension PrintCommand {
    /// The path when it names a document file (or a FIFO) to print while it is read: not a
    /// directory, a database or a table, and no `--start` (which needs the whole tree).
    var documentPath: String? {
        guard let path = source.path, source.start == nil, source.table.mapping == nil,
            !PostgresStoreURL.isPostgresURL(path), !SourceResolver.isSQLiteDatabase(path)
        else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR, access(path, R_OK) == 0 else { return nil }
        return path
    }
}

extension PrintCommand {
    /// Exits 74 with one line when standard output could not take everything (a full disk,
    /// `/dev/full`); a closed pipe ends the program by SIGPIPE before, as for any filter.
    static func check(_ output: StandardOutput) throws {
        guard let error = output.firstError else { return }
        CommandLineError.printError("standard output: cannot write: \(String(cString: strerror(error)))")
        throw ExitCode(74)
    }
}

/// Buffered standard output for long trees.
struct StandardOutputStream: TextOutputStream {
    let output = StandardOutput()
    private var buffer: [UInt8] = []

    mutating func write(_ string: String) {
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        output.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
