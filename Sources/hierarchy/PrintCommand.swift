import ArgumentParser
import Foundation
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
            let resolved = try await SourceResolver.resolve(
                path: source.path, start: source.start, shape: source.shape, table: source.table.mapping)
            var printer = TreePrinter(depth: depth, ascii: ascii, escape: { TerminalText.sanitize($0) })
            printer.pageSize = 1000
            var output = StandardOutputStream()
            if let start = resolved.startID {
                try await printer.print(SubtreeSource(base: resolved.source, rootID: start), to: &output)
            } else {
                try await printer.print(resolved.source, to: &output)
            }
            output.flush()
        } catch let error as ExitCode {
            throw error
        } catch {
            throw CommandLineError.report(error)
        }
    }
}

/// Buffered standard output for long trees.
struct StandardOutputStream: TextOutputStream {
    private var buffer: [UInt8] = []

    mutating func write(_ string: String) {
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
