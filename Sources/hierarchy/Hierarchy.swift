import ArgumentParser

@main
struct Hierarchy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hierarchy",
        abstract: "Browse very large hierarchies in Miller columns, along a path, or as a searchable list.",
        subcommands: [ImportCommand.self, SearchCommand.self, ExportCommand.self, GenerateCommand.self]
    )

    func run() async throws {
        print("hierarchy")
    }
}
