import ArgumentParser

/// The program's commands.
@main
struct Hierarchy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hierarchy",
        abstract: "Browse very large hierarchies in Miller columns, along a path, or as a searchable list.",
        discussion: """
            With no arguments, opens the bundled sample (a plant-maintenance hierarchy). PATH may be a \
            directory, a JSON, property list or YAML document, or a HierarchyKit SQLite database.
            """,
        subcommands: [
            BrowseCommand.self, ListCommand.self, PrintCommand.self, ServeCommand.self,
            ImportCommand.self, SearchCommand.self, ExportCommand.self, GenerateCommand.self,
            AddCommand.self, RenameCommand.self, MoveCommand.self, DeleteCommand.self,
        ],
        defaultSubcommand: BrowseCommand.self
    )
}
