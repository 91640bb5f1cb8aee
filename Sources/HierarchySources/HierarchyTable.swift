/// An adjacency-list table the user already has, read as a hierarchy without importing it.
///
/// Each row is an item: `id` identifies it, `parent` holds the id of its parent row, `title`
/// (and optionally `subtitle`) is what a cell shows, and `order` (default: the title, then the
/// id) orders siblings. A row whose parent is `NULL`, or names no row of the table, is a root.
/// When there is more than one root, a synthetic item titled after the table holds them all
/// (its id is `rootsID`, lengthened with `/` until it is no row's id, as the importer does).
///
/// The SQLite and PostgreSQL table sources read the table through these names only, never
/// write to it, and report missing tables or columns naming them.
public struct HierarchyTable: Sendable, Hashable {
    /// The table (PostgreSQL: optionally `schema.table`).
    public var table: String
    public var id: String
    public var parent: String
    public var title: String
    public var subtitle: String?
    public var order: String?

    public init(table: String, id: String, parent: String, title: String, subtitle: String? = nil, order: String? = nil)
    {
        self.table = table
        self.id = id
        self.parent = parent
        self.title = title
        self.subtitle = subtitle
        self.order = order
    }

    /// The id the synthetic item over several roots starts from.
    public static let rootsID = "."

    /// Every column named, each once, in the order of the options.
    public var columns: [String] {
        var seen: Set<String> = []
        return ([id, parent, title] + [subtitle, order].compactMap { $0 }).filter { seen.insert($0).inserted }
    }

    /// An SQL identifier in double quotes (both SQLite and PostgreSQL), any quote doubled.
    public static func quote(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The statement that indexes `column` of the table (to run once, by the table's owner).
    public func createIndexStatement(on column: String) -> String {
        let bare = table.split(separator: ".").last.map(String.init) ?? table
        let index = Self.quote("\(bare)_\(column)_idx")
        let name = table.split(separator: ".", maxSplits: 1).map { Self.quote(String($0)) }.joined(separator: ".")
        return "CREATE INDEX \(index) ON \(name) (\(Self.quote(column)));"
    }

    /// The one-line warning for a column read by value without an index.
    public func missingIndexWarning(column: String, purpose: String) -> String {
        "warning: the column \"\(column)\" of \"\(table)\" has no index, so \(purpose) reads the whole table; "
            + "to add one: \(createIndexStatement(on: column))"
    }

    /// Tables of at least this many rows (as the database estimates them) get a warning when
    /// search has no index it can use; below it a scan answers within tens of milliseconds.
    public static let searchIndexThreshold = 100_000

    /// The statements that give PostgreSQL a trigram index for search over the title column
    /// (`pg_trgm` from postgresql-contrib; `ILIKE` with `%` uses it, from the first letter).
    public var createTrigramIndexStatement: String {
        let bare = table.split(separator: ".").last.map(String.init) ?? table
        let index = Self.quote("\(bare)_\(title)_trgm_idx")
        let name = table.split(separator: ".", maxSplits: 1).map { Self.quote(String($0)) }.joined(separator: ".")
        return
            "CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE INDEX \(index) ON \(name) USING gin (\(Self.quote(title)) gin_trgm_ops);"
    }

    /// The one-line warning for a large PostgreSQL table whose title column has no trigram index.
    public var missingSearchIndexWarning: String {
        "warning: the column \"\(title)\" of \"\(table)\" has no trigram index, so every search reads the whole table; "
            + "to add one: \(createTrigramIndexStatement)"
    }

    /// Escapes `%`, `_` and `\` for a `LIKE … ESCAPE '\'` pattern.
    public static func likeEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// `name` as spelled in `names`: exactly, or without regard to case when that is unambiguous.
    public static func match(_ name: String, in names: [String]) -> String? {
        if names.contains(name) { return name }
        let folded = names.filter { $0.lowercased() == name.lowercased() }
        return folded.count == 1 ? folded[0] : nil
    }

    /// These names as the table `name` with `columns` spells them (see `match`).
    ///
    /// - Parameter origin: the database, put before the message (a file path or an address).
    /// - Throws: `HierarchySourceError.Code.malformed` naming a missing column and the columns there are.
    public func spelled(asTable name: String, columns: [String], origin: String) throws -> HierarchyTable {
        func column(_ wanted: String) throws -> String {
            guard let found = Self.match(wanted, in: columns) else {
                throw HierarchySourceError(
                    .malformed,
                    "the table \"\(name)\" has no column \"\(wanted)\" (its columns: \(columns.joined(separator: ", ")))",
                    path: origin)
            }
            return found
        }
        return HierarchyTable(
            table: name, id: try column(id), parent: try column(parent), title: try column(title),
            subtitle: try subtitle.map(column), order: try order.map(column))
    }

    /// The warnings for the parent and id columns when no index starts with them.
    ///
    /// - Parameter indexed: the columns some index starts with.
    public func missingIndexWarnings(indexed: Set<String>) -> [String] {
        var warnings: [String] = []
        if !indexed.contains(parent) {
            warnings.append(missingIndexWarning(column: parent, purpose: "every page of children"))
        }
        if !indexed.contains(id) {
            warnings.append(missingIndexWarning(column: id, purpose: "every look-up of an item"))
        }
        return warnings
    }

    /// The synthetic item over several roots, titled after the table (`nil` without an id).
    public func rootsNode(id: String?, rootCount: Int) -> HierarchyNode? {
        id.map { HierarchyNode(id: $0, title: table, childCount: rootCount, isContainer: true) }
    }

    /// The error for a row that is its own ancestor.
    ///
    /// - Parameter loop: the ids around the cycle, each row's parent after it.
    public func cycleError(_ loop: [String], origin: String) -> HierarchySourceError {
        let shown = loop.map { "\"\($0)\"" }.joined(separator: " → ")
        return HierarchySourceError(
            .cycle, "the table \"\(table)\" has a cycle: \(shown) (each row's parent is the next)", path: origin)
    }
}
