import ArgumentParser
import Foundation
import HierarchyKit
import HierarchySources
import TerminalUI

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show every item of a hierarchy as one searchable, paginated list.",
        discussion: """
            Items come in breadth-first order, a page at a time, each with the path of its ancestors. \
            Type to search (full-text search in a database; results show in batches while the search runs, \
            each key starts it anew), Ctrl-S to search exhaustively (every result, not a page at a time), \
            ↑ ↓ PgUp PgDn Home End to move, Enter to \
            select, Ctrl-R to refresh, Esc (or q with an empty search) to quit. On a store (SQLite or \
            postgres://), + adds an item under the top item (asking its title) and Delete deletes the \
            selected one with everything under it (asking first); changes by anyone show within a second.
            """
    )

    @OptionGroup var source: SourceOptions
    @OptionGroup var faces: FaceOptions

    @Flag(help: "Serve the list as a web page (a list per browser tab) instead of showing it in the terminal.")
    var web = false

    @Option(help: "With --web: the port to listen on; 0 picks a free one.")
    var port: Int = 8080

    @Option(
        help: "With --web: the address to bind. Anything but a loopback address exposes the hierarchy to the network.")
    var host: String = "127.0.0.1"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        guard !host.isEmpty, host.count <= 255 else { throw ValidationError("--host must be an address") }
    }

    func run() async throws {
        let theme = try faces.loadTheme(environment: ProcessInfo.processInfo.environment)
        if web {
            try await serve(theme: theme)
            return
        }
        try BrowseCommand.takeKeysFromTerminal(whenReading: source.path)
        guard Terminal.isInteractive() else {
            CommandLineError.printError(
                "standard input and output must be a terminal to list; use `hierarchy print\(source.path.map { " " + $0 } ?? "")` for a plain tree"
            )
            throw ExitCode(1)
        }
        // A large document lists its first page while it is still read.
        let resolved = try await source.resolveWhileReading()
        let signal = await ListSession.run(resolved, theme: theme)
        if let signal { throw ExitCode(128 + signal) }
    }
}

@MainActor
enum ListSession {
    /// Runs the list full-screen until the user quits.
    ///
    /// - Parameters:
    ///   - resolved: The opened source (with `--start`, the list walks that item's subtree).
    ///   - theme: The colours.
    /// - Returns: The signal that ended the run, if any.
    static func run(_ resolved: SourceResolver.Resolved, theme: Theme?) async -> Int32? {
        let capability = ColorCapability.detect(environment: ProcessInfo.processInfo.environment)
        let terminal = Terminal()
        let size = terminal.size()
        var source = resolved.source
        if let start = resolved.startID { source = SubtreeSource(base: source, rootID: start) }
        let walk = ListWalk(source)
        let list = ListBrowser.hierarchy(
            loader: walk.loader, title: resolved.name,
            palette: .forCapability(capability, theme: theme), columns: size.columns, rows: size.rows)
        // Enter selects and stays; only Esc, q or Ctrl-C leave.
        list.closesOnChoose = false
        await attachEditing(to: list, resolved: resolved)
        let following = followChanges(of: resolved.source, walk: walk, list: list)
        defer { following.cancel() }
        list.start()
        return await TerminalRunLoop.run(screen: list, terminal: terminal, capability: capability)
    }
}
