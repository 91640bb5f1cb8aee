import ArgumentParser

/// The options every command that opens a hierarchy shares.
struct SourceOptions: ParsableArguments {
    @Argument(help: "A directory, a JSON/plist/YAML document or an SQLite database (default: the bundled sample).")
    var path: String?

    @Option(help: "Start at this item: a path inside the directory, or an item id of the document or database.")
    var start: String?
}
