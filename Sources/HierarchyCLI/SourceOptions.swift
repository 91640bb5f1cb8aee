import ArgumentParser
import HierarchyDocuments
import HierarchySources

/// The options every command that opens a hierarchy shares.
struct SourceOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "A directory, a JSON/plist/YAML document, - for standard input, or an SQLite database (default: standard input when it is a pipe or a file, else the bundled sample).",
            valueName: "path"))
    var pathArgument: String?

    @Option(help: "Start at this item: a path inside the directory, or an item id of the document or database.")
    var start: String?

    @Option(
        name: .customLong("as"),
        help:
            "Read a JSON/YAML/plist document as items or as its structure (auto: items when it follows the items schema)."
    )
    var shape: DocumentShape = .automatic

    @OptionGroup(title: "A table of your own") var table: TableOptions
}

extension SourceOptions {
    /// What to open: the path given, else `-` (standard input) when standard input is a pipe or a
    /// file and no table is named, else `nil` (the bundled sample).
    var path: String? {
        if let pathArgument { return pathArgument }
        return table.mapping == nil && StandardInputDocument.isPiped ? StandardInputDocument.path : nil
    }
}
