import ArgumentParser
import HierarchyDocuments

/// The options every command that opens a hierarchy shares.
struct SourceOptions: ParsableArguments {
    @Argument(help: "A directory, a JSON/plist/YAML document or an SQLite database (default: the bundled sample).")
    var path: String?

    @Option(help: "Start at this item: a path inside the directory, or an item id of the document or database.")
    var start: String?

    @Option(
        name: .customLong("as"),
        help: "Read a JSON/YAML/plist document as items or as its structure (auto: items when it follows the items schema).")
    var shape: DocumentShape = .automatic

    @OptionGroup(title: "A table of your own") var table: TableOptions
}
