import ArgumentParser

/// The program's commands: the `hierarchy` executable parses its arguments with this type and
/// runs the command it names.
public struct Hierarchy: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hierarchy",
        abstract: "Browse very large hierarchies in Miller columns, along a path, or as a searchable list.",
        discussion: """
            With no arguments, opens the bundled sample (a plant-maintenance hierarchy). PATH may be a \
            directory, a JSON, JSON Lines, property list or YAML document, a HierarchyKit SQLite store, or \
            any other SQLite database (its tables and their rows).
            """,
        subcommands: [
            BrowseCommand.self, ListCommand.self, PrintCommand.self, ServeCommand.self,
            ImportCommand.self, SearchCommand.self, ExportCommand.self, GenerateCommand.self,
            AddCommand.self, RenameCommand.self, MoveCommand.self, DeleteCommand.self, IndexCommand.self,
        ],
        defaultSubcommand: BrowseCommand.self
    )

    public init() {}

    /// Parses the program's arguments and runs the command they name, as `main()` does, after
    /// `startUp` has seen the parsed command; exits with the command's error or exit code.
    public static func main(startUp: (any ParsableCommand) -> Void) async {
        do {
            var command = try parseAsRoot()
            startUp(command)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}

/// A command that runs an interactive face (the terminal browser, the list, or a web server the
/// user watches): the executable tunes the heap for those before it runs them.
public protocol InteractiveCommand {}

extension BrowseCommand: InteractiveCommand {}
extension ListCommand: InteractiveCommand {}
