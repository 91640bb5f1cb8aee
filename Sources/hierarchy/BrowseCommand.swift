import ArgumentParser
import Foundation
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

    func run() async throws {
        HeapSettings.apply()
        if ProcessSupervisor.isSupervised {
            ProcessSupervisor.attachToSupervisor()
        } else if let path = source.path, Terminal.isInteractive(), Self.isDirectory(path) {
            // A directory may sit on a mount that hangs: see ProcessSupervisor.
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
            CommandLineError.printError("standard input and output must be a terminal to browse; use `hierarchy print\(source.path.map { " " + $0 } ?? "")` for a plain tree")
            throw ExitCode(1)
        }
        let resolved: SourceResolver.Resolved
        do {
            resolved = try await SourceResolver.resolve(
                path: source.path, start: source.start, shape: source.shape, table: source.table.mapping,
                whileReading: true)
        } catch {
            throw CommandLineError.report(error)
        }
        let environment = ProcessInfo.processInfo.environment
        let signal = try await BrowseSession.run(
            resolved, rightToLeft: rightToLeft, layout: faces.layout, theme: theme,
            screenReader: screenReader.screenReaderMode(environment: environment), announcer: announcer)
        if let signal { throw ExitCode(128 + signal) }
    }
}

@MainActor
enum BrowseSession {
    static func run(
        _ resolved: SourceResolver.Resolved, rightToLeft: Bool, layout: BrowseLayout = .columns, theme: Theme? = nil,
        screenReader: Bool = false, announcer: ScreenReaderAnnouncer? = nil
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
            let options = TerminalBrowser.Options(
                title: resolved.name, rightToLeft: rightToLeft, alwaysTable: layout == .table, theme: theme,
                screenReader: screenReader, announcer: announcer)
            defer { withExtendedLifetime(adapter) {} }
            do {
                return try await TerminalBrowser.run(view: view, options: options)
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
