import ArgumentParser
import Foundation
import HierarchyKit
import TerminalUI

/// How `browse` shows the hierarchy.
enum BrowseLayout: String, CaseIterable, ExpressibleByArgument {
    /// Miller columns; the table when the terminal is too narrow for two columns.
    case columns
    /// One full-width list of the current level at every width.
    case table
    /// The path as a row of chips, children after it.
    case linearHorizontal = "linear-horizontal"
    /// The path stacked, children below.
    case linearVertical = "linear-vertical"
}

/// How `serve` shows the hierarchy.
enum ServeLayout: String, CaseIterable, ExpressibleByArgument {
    /// Miller columns; the table form when the window is too narrow for two.
    case columns
    /// The path and the current level as a row of cells.
    case linearHorizontal = "linear-horizontal"
    /// The path and the current level as a column of cells.
    case linearVertical = "linear-vertical"
}

/// The options choosing the face of `browse`: the layout and the theme.
struct FaceOptions: ParsableArguments {
    @Option(help: "How to show the hierarchy; columns become the table when the terminal is too narrow for two.")
    var layout: BrowseLayout = .columns

    @Option(
        help:
            "light, dark, or a stylesheet (.nss) file (default: hierarchy/theme.nss in the XDG config directories, if there is one)."
    )
    var theme: String?

    /// Loads the theme: prints the stylesheet's warnings on standard error, and for an error
    /// prints one line and throws the exit code (65 for a broken stylesheet, 66 for a missing
    /// or unreadable file).
    ///
    /// - Parameter environment: The process environment.
    /// - Returns: The theme, or `nil` for the default colours.
    func loadTheme(environment: [String: String]) throws -> Theme? {
        try Self.loadTheme(argument: theme, environment: environment)
    }

    /// Loads the theme named by a `--theme` argument (`browse`, `list` and `serve`), as above.
    ///
    /// - Parameters:
    ///   - argument: light, dark, a stylesheet path, or nil for the XDG default.
    ///   - environment: The process environment.
    /// - Returns: The theme, or `nil` for the default colours.
    static func loadTheme(argument: String?, environment: [String: String]) throws -> Theme? {
        do {
            let loaded = try ThemeLoader().load(argument: argument, environment: environment)
            for warning in loaded.warnings {
                FileHandle.standardError.write(
                    Data(("hierarchy: " + TerminalText.sanitize(warning.description) + "\n").utf8))
            }
            return loaded.theme
        } catch {
            CommandLineError.printError(error.message)
            throw ExitCode(error.diagnostics.isEmpty ? 66 : 65)
        }
    }
}
