import ArgumentParser
import HierarchySources

/// `--table T --id COL --parent COL --title COL [--subtitle COL] [--order COL]`: reads a table
/// the user already has (an SQLite database or a `postgres://` URL) as a hierarchy, read-only.
struct TableOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Browse this adjacency-list table of the database read-only, without importing it (needs --id, --parent, --title).",
            valueName: "table"))
    var table: String?

    @Option(
        name: .customLong("id"),
        help: ArgumentHelp("With --table: the column that identifies a row.", valueName: "column"))
    var idColumn: String?

    @Option(
        name: .customLong("parent"),
        help: ArgumentHelp(
            "With --table: the column holding the parent row's id (NULL or an unknown id: a root).", valueName: "column"
        ))
    var parentColumn: String?

    @Option(
        name: .customLong("title"),
        help: ArgumentHelp("With --table: the column shown as the title.", valueName: "column"))
    var titleColumn: String?

    @Option(
        name: .customLong("subtitle"),
        help: ArgumentHelp("With --table: a column shown as the subtitle.", valueName: "column"))
    var subtitleColumn: String?

    @Option(
        name: .customLong("order"),
        help: ArgumentHelp("With --table: the column that orders siblings (default: the title).", valueName: "column"))
    var orderColumn: String?

    func validate() throws {
        guard table != nil else {
            let given = [
                ("--id", idColumn), ("--parent", parentColumn), ("--title", titleColumn),
                ("--subtitle", subtitleColumn),
                ("--order", orderColumn),
            ].filter { $0.1 != nil }.map(\.0)
            if let first = given.first { throw ValidationError("\(first) names a column of --table: give --table too") }
            return
        }
        let missing = [("--id", idColumn), ("--parent", parentColumn), ("--title", titleColumn)].filter { $0.1 == nil }
            .map(\.0)
        guard missing.isEmpty else {
            throw ValidationError("--table needs \(missing.joined(separator: ", ")) (the columns to read)")
        }
    }

    /// The table to read, or `nil` when `--table` is not given.
    var mapping: HierarchyTable? {
        guard let table, let idColumn, let parentColumn, let titleColumn else { return nil }
        return HierarchyTable(
            table: table, id: idColumn, parent: parentColumn, title: titleColumn, subtitle: subtitleColumn,
            order: orderColumn)
    }
}

/// `--table` given with something that has no tables (a usage error, 64).
struct TableUsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
