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

    public init(table: String, id: String, parent: String, title: String, subtitle: String? = nil, order: String? = nil) {
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

    /// Escapes `%`, `_` and `\` for a `LIKE … ESCAPE '\'` pattern.
    public static func likeEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
