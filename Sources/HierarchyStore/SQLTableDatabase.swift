import HierarchySources

/// The database under a ``SQLTableSource``, in its own dialect: how its SQL spells text, ids and
/// title matches, and how it runs a query and follows a row's parents.
package protocol SQLTableDatabase: Sendable {
    /// A column selected as text, every byte kept.
    func selectText(_ expression: String) -> String
    /// A column compared as text.
    func compareText(_ expression: String) -> String
    /// The title column as children are ordered by it when the table names no order column.
    func sortKey(_ expression: String) -> String
    /// An id as compared with the id column.
    func id(_ id: String) -> StoreQuery
    /// Whether the title holds `pattern` (a `LIKE` pattern with `\` as its escape), ignoring the
    /// case of letters.
    func title(_ title: String, matches pattern: String) -> StoreQuery

    /// Runs `query` and returns its rows, each column as text, an integer or `NULL`.
    ///
    /// - Parameter lookup: Whether the query only looks an id up, so that text that is no value
    ///   of the id column's type names no row (no rows) instead of being an error.
    /// - Throws: `HierarchySourceError`.
    func rows(_ query: StoreQuery, lookup: Bool) async throws -> [[StoreValue]]

    /// The row with id `id` and its ancestors, deepest first, each selected with `sql.columns`;
    /// when a row is its own ancestor the chain ends with the first row met again, and
    /// `closesCycle` is true.
    ///
    /// - Throws: `HierarchySourceError`.
    func ancestors(ofID id: String, _ sql: SQLTableQueries) async throws -> (chain: [[StoreValue]], closesCycle: Bool)
}

/// The SQL fragments every query of a ``SQLTableSource`` is built from, made once from the
/// table's quoted names in its database's dialect.
package struct SQLTableQueries: Sendable {
    /// The table, qualified and quoted.
    package var from: String
    /// The id column of the row aliased `t`.
    package var id: String
    /// The parent column of the row aliased `t`.
    package var parent: String
    /// What a node is made from: id, title, subtitle (all text) and the number of children.
    package var columns: String
    package var order: String
    /// A row whose parent is `NULL` or names no row.
    package var isRoot: String
    /// A row whose parent is not `NULL` but names no row (a root too).
    package var isOrphan: String

    /// - Parameters:
    ///   - table: The table and its columns, spelled as the database spells them.
    ///   - from: The table's name as queries name it (quoted, with its schema if any).
    ///   - database: The dialect.
    package init(_ table: HierarchyTable, from: String, database: any SQLTableDatabase) {
        let q = HierarchyTable.quote
        self.from = from
        id = "t.\(q(table.id))"
        parent = "t.\(q(table.parent))"
        let title = "t.\(q(table.title))"
        let subtitle = table.subtitle.map { database.selectText("t.\(q($0))") } ?? "NULL"
        columns = [
            database.selectText(id), database.selectText(title), subtitle,
            "(SELECT count(*) FROM \(from) c WHERE c.\(q(table.parent)) = \(id))",
        ].joined(separator: ", ")
        order = "ORDER BY \(table.order.map { "t.\(q($0))" } ?? database.sortKey(title)), \(id)"
        isRoot = "(\(parent) IS NULL OR NOT EXISTS (SELECT 1 FROM \(from) p WHERE p.\(q(table.id)) = \(parent)))"
        // Without the `OR`, PostgreSQL plans this as an anti-join (a merge of the parent and
        // id indexes when both exist) instead of a look-up per row.
        isOrphan =
            "(\(parent) IS NOT NULL AND NOT EXISTS (SELECT 1 FROM \(from) p WHERE p.\(q(table.id)) = \(parent)))"
    }
}
