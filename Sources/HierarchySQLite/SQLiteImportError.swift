import HierarchySources

/// An import that found bad rows: unknown parents, duplicate identifiers, cycles,
/// malformed records.
///
/// Each problem is a `HierarchySourceError` with the input file and, where
/// known, the line of the offending row. Only the first `problems.count` are
/// kept; `totalCount` says how many there were.
public struct SQLiteImportError: Error, Sendable, CustomStringConvertible {
    /// The problems found, in input order, at most `SQLiteImportError.limit`.
    public var problems: [HierarchySourceError]
    /// The number of problems of the kind that stopped the import.
    public var totalCount: Int

    /// The most problems kept.
    public static let limit = 20

    public init(problems: [HierarchySourceError], totalCount: Int) {
        self.problems = problems
        self.totalCount = max(totalCount, problems.count)
    }

    /// One line: the first problem and how many more there are.
    public var description: String {
        guard let first = problems.first else { return "import failed" }
        let more = totalCount - 1
        return more > 0 ? "\(first) (and \(more) more bad row\(more == 1 ? "" : "s"))" : "\(first)"
    }
}
