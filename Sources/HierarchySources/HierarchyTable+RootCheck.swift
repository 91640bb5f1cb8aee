/// The status-line notes of a table's check for rows whose parent names no row, shared by the
/// SQLite and PostgreSQL table sources (which run it in the background on large tables).
extension HierarchyTable {
    /// The note while the check runs.
    public var rootCheckNote: String {
        "checking \"\(table)\" for rows whose parent is not in the table…"
    }

    /// The note for rows whose parent names no row, found after the one root was shown.
    ///
    /// - Parameters:
    ///   - count: How many such rows there are.
    ///   - example: The id of one of them (the first in id order), if known.
    public func orphanFinding(count: Int64, example: String?) -> String {
        let rows = count == 1 ? "1 row" : "\(count) rows"
        let name = count == 1 ? "names" : "name"
        let shown = example.map { " (such as \"\($0)\"; open it with --start \($0))" } ?? ""
        return
            "\(rows) of \"\(table)\" \(name) a parent that is not in the table and \(count == 1 ? "is" : "are") not under the root\(shown)"
    }

    /// The note when the check failed.
    public func rootCheckFailure(_ error: any Error) -> String {
        "could not check \"\(table)\" for rows whose parent is not in the table: \(error)"
    }
}
