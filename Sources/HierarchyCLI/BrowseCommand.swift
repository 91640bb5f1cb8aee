import ArgumentParser
import Foundation
import HierarchyDocuments
import HierarchyFileSystem
import HierarchyKit
import HierarchySources
import TerminalUI

struct BrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse a hierarchy full-screen in Miller columns (keyboard and mouse)."
    )

    @OptionGroup var source: SourceOptions
    @OptionGroup var faces: FaceOptions
    @OptionGroup var screenReader: ScreenReaderOptions

    @Flag(name: .customLong("rtl"), help: "Lay the columns out right to left.")
    var rightToLeft = false

    @Flag(
        help: ArgumentHelp(
            "On q, print the selected items (or the focused one) on standard output, one a line: paths in a folder, ids elsewhere.",
            discussion: "The browser draws on /dev/tty, so that vim \"$(hierarchy --choose .)\" works."))
    var choose = false

    @Option(
        name: .customLong("print-selection"),
        help: ArgumentHelp(
            "Write the items --choose prints to this file instead.", valueName: "file"))
    var selectionFile: String?

    @Flag(name: .customShort("0"), help: "Separate the chosen items with NUL instead of newlines.")
    var nulSeparated = false

    @Flag(
        name: .customLong("print-last-dir"),
        help: ArgumentHelp(
            "On exit, print the folder last browsed, for cd \"$(hierarchy --print-last-dir)\".",
            discussion: "The browser draws on /dev/tty."))
    var printLastDir = false

    @Flag(
        help: ArgumentHelp(
            "Browse a folder in a child process that a small supervisor waits for.",
            discussion:
                "Quitting then gives the shell back at once even while a read hangs. On by itself for network, FUSE and unknown file systems."
        ))
    var supervise = false

    var results: BrowseResults {
        BrowseResults(
            choose: choose, selectionFile: selectionFile, nulSeparated: nulSeparated, printLastDir: printLastDir)
    }

    mutating func validate() throws {
        if let problem = results.usageProblem(layout: faces.layout) { throw ValidationError(problem) }
        // `cd "$(hierarchy --print-last-dir)"` starts where the shell is.
        if printLastDir, source.pathArgument == nil { source.pathArgument = "." }
        if printLastDir, !(source.path.map(Self.isDirectory) ?? false) {
            throw ValidationError("--print-last-dir needs a folder to browse")
        }
    }

    func run() async throws {
        if results.isWanted { try results.takeTerminal() }
        if ProcessSupervisor.isSupervised {
            ProcessSupervisor.attachToSupervisor()
        } else if let path = source.path, Terminal.isInteractive(), Self.isDirectory(path),
            supervise || MountKind.mayHang(path)
        {
            // A directory on a mount that can hang: see ProcessSupervisor.
            ProcessSupervisor.runSupervised()
        }
        do {
            try await browse()
            ProcessSupervisor.willExit(status: 0)
        } catch {
            ProcessSupervisor.willExit(status: Self.exitCode(for: error).rawValue)
            throw error
        }
    }

    /// When the document is standard input, keys come from the terminal (`/dev/tty`) instead;
    /// exit 1 with a message when there is none.
    static func takeKeysFromTerminal(whenReading path: String?) throws {
        guard let path, StandardInputDocument.isStandardInput(path) else { return }
        do {
            try StandardInputDocument.moveAsideForTerminal()
        } catch {
            CommandLineError.printError(error.message)
            throw ExitCode(1)
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    func browse() async throws {
        let theme = try faces.loadTheme(environment: ProcessInfo.processInfo.environment)
        let announcer = try screenReader.makeAnnouncer()
        try Self.takeKeysFromTerminal(whenReading: source.path)
        guard Terminal.isInteractive() else {
            CommandLineError.printError(
                "standard input and output must be a terminal to browse; use `hierarchy print\(source.path.map { " " + $0 } ?? "")` for a plain tree"
            )
            throw ExitCode(1)
        }
        let resolved = try await source.resolveWhileReading()
        let environment = ProcessInfo.processInfo.environment
        let results = results
        let source = resolved.source
        let finished: (@MainActor (HierarchyView) throws -> Void)? =
            results.isWanted
            ? { @MainActor (view: HierarchyView) throws in try results.write(view: view, source: source) } : nil
        let signal = try await BrowseSession.run(
            resolved, rightToLeft: rightToLeft, layout: faces.layout, theme: theme,
            screenReader: screenReader.screenReaderMode(environment: environment), announcer: announcer,
            finished: finished)
        if let signal { throw ExitCode(128 + signal) }
    }
}

@MainActor
enum BrowseSession {
    static func run(
        _ resolved: SourceResolver.Resolved, rightToLeft: Bool, layout: BrowseLayout = .columns, theme: Theme? = nil,
        screenReader: Bool = false, announcer: ScreenReaderAnnouncer? = nil,
        finished: (@MainActor (HierarchyView) throws -> Void)? = nil
    ) async throws -> Int32? {
        switch layout {
        case .columns, .table:
            // The same entry point a library user calls with a view of their own.
            let (view, adapter) = makeSourceView(resolved)
            do {
                try await adapter.load(startingAt: resolved.startID)
            } catch {
                throw CommandLineError.report(error)
            }
            var options = TerminalBrowser.Options(
                title: resolved.name, rightToLeft: rightToLeft, alwaysTable: layout == .table, theme: theme,
                screenReader: screenReader, announcer: announcer)
            // A picker's Ctrl-C chooses nothing: no output, exit 130.
            options.interruptCancels = finished != nil
            defer { withExtendedLifetime(adapter) {} }
            do {
                let signal = try await TerminalBrowser.run(view: view, options: options)
                // The user quit (a signal tells nothing).
                if signal == nil { try finished?(view) }
                return signal
            } catch let failure as TerminalBrowser.Failure {
                CommandLineError.printError(failure.message)
                throw ExitCode(1)
            }
        case .linearHorizontal, .linearVertical:
            let capability = ColorCapability.detect(environment: ProcessInfo.processInfo.environment)
            let terminal = Terminal()
            let size = terminal.size()
            let palette = BrowserPalette.forCapability(capability, theme: theme)
            let screen = try await makeScreen(
                resolved, layout: layout, rightToLeft: rightToLeft, palette: palette,
                columns: size.columns, rows: size.rows)
            return await TerminalRunLoop.run(screen: screen, terminal: terminal, capability: capability)
        }
    }
}
