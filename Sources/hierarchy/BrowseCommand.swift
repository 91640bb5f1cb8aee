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

    @Flag(name: .customLong("rtl"), help: "Lay the columns out right to left.")
    var rightToLeft = false

    func run() async throws {
        let theme = try faces.loadTheme(environment: ProcessInfo.processInfo.environment)
        guard Terminal.isInteractive() else {
            CommandLineError.printError("standard input and output must be a terminal to browse; use `hierarchy print\(source.path.map { " " + $0 } ?? "")` for a plain tree")
            throw ExitCode(1)
        }
        let resolved: SourceResolver.Resolved
        do {
            resolved = try await SourceResolver.resolve(path: source.path, start: source.start)
        } catch {
            throw CommandLineError.report(error)
        }
        let signal = try await BrowseSession.run(resolved, rightToLeft: rightToLeft, layout: faces.layout, theme: theme)
        if let signal { throw ExitCode(128 + signal) }
    }
}

@MainActor
enum BrowseSession {
    static func run(
        _ resolved: SourceResolver.Resolved, rightToLeft: Bool, layout: BrowseLayout = .columns, theme: Theme? = nil
    ) async throws -> Int32? {
        let capability = ColorCapability.detect(environment: ProcessInfo.processInfo.environment)
        let terminal = Terminal()
        let size = terminal.size()
        let palette = BrowserPalette.forCapability(capability, theme: theme)
        let screen = try await makeScreen(
            resolved, layout: layout, rightToLeft: rightToLeft, palette: palette,
            columns: size.columns, rows: size.rows)
        guard let table = screen as? TableBrowser else {
            return await TerminalRunLoop.run(screen: screen, terminal: terminal, capability: capability)
        }
        // `/` opens a list over the whole hierarchy; choosing a result reveals it in the columns.
        let searching = GlobalSearchScreen(base: table, dataSource: table.dataSource, title: resolved.name, palette: palette)
        return await TerminalRunLoop.run(screen: searching, terminal: terminal, capability: capability) {
            searching.presentSearch()
        }
    }
}
