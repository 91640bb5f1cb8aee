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

    @Flag(name: .customLong("rtl"), help: "Lay the columns out right to left.")
    var rightToLeft = false

    func run() async throws {
        guard Terminal.isInteractive() else {
            CommandLineError.printError("standard input and output must be a terminal to browse; use `hierarchy print\(source.path.map { " " + $0 } ?? "")` for a plain tree")
            throw ExitCode(1)
        }
        let resolved: SourceResolver.Resolved
        do {
            resolved = try SourceResolver.resolve(path: source.path, start: source.start)
        } catch {
            throw CommandLineError.report(error)
        }
        let signal = try await BrowseSession.run(resolved, rightToLeft: rightToLeft)
        if let signal { throw ExitCode(128 + signal) }
    }
}

@MainActor
enum BrowseSession {
    static func run(_ resolved: SourceResolver.Resolved, rightToLeft: Bool) async throws -> Int32? {
        let capability = ColorCapability.detect(environment: ProcessInfo.processInfo.environment)
        let terminal = Terminal()
        let size = terminal.size()
        let browser = HierarchyBrowser.make(
            source: resolved.source, sourceName: resolved.name, rightToLeft: rightToLeft,
            palette: .forCapability(capability), columns: size.columns, rows: size.rows)
        do {
            try await browser.dataSource.load(startingAt: resolved.startID)
        } catch {
            throw CommandLineError.report(error)
        }
        return await TerminalRunLoop.run(browser, terminal: terminal, capability: capability)
    }
}
