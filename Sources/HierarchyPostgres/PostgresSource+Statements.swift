import HierarchySources
import HierarchyStore
import PostgresNIO

/// The reads the engine makes most often, as named prepared statements.
///
/// Each pooled connection prepares a statement the first time it runs it and then only binds
/// and executes it: the server parses and plans the SQL once per connection instead of once per
/// read (about half of the server's time for a page of 100 children). The SQL is the same as the
/// unprepared queries it replaced; after five executions PostgreSQL keeps a generic plan, which
/// for these statements is the same index scan.
/// A statement whose rows are items (the columns of `PostgresSource.columns`).
protocol PostgresNodeStatement: PostgresPreparedStatement where Row == HierarchyNode {}

extension PostgresNodeStatement {
    func decodeRow(_ row: PostgresRow) throws -> HierarchyNode { try PostgresSource.node(from: row) }
}

/// A statement bound to one item id and nothing else.
protocol PostgresStatementByID: PostgresPreparedStatement {
    var id: String { get }
}

extension PostgresStatementByID {
    static var bindingDataTypes: [PostgresDataType] { [.text] }

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(id)
        return bindings
    }
}

extension PostgresSource {
    /// A page of children in position order, as one row.
    ///
    /// The server aggregates the page into one two-dimensional `text` array, a row of
    /// `pageColumns` elements per child (`child_count` as its digits), which
    /// `PostgresSource.nodes(fromPage:)` reads from its binary form. postgres-nio then handles
    /// one row per page instead of one per child: its per-row work (a message, a row and a cell
    /// iterator per child, with their reference counting and generic look-ups) was most of the
    /// client's CPU per page (docs/performance.md). The aggregate takes its input in the order
    /// of the `ORDER BY … LIMIT` subquery below it (a plain aggregate over a limited index scan,
    /// which PostgreSQL runs in that order); an `ORDER BY` inside the aggregate would sort the
    /// page again and doubled the server's CPU per page.
    struct ChildrenPage: PostgresPreparedStatement {
        static let name = "hierarchy_children_page_array"
        static let sql = """
            SELECT array_agg(ARRAY[i.id, i.title, i.subtitle, i.footnote, i.status, i.child_count::text, i.attributes::text])
            FROM (
                SELECT id, title, subtitle, footnote, status, child_count, attributes FROM hierarchy_item
                WHERE parent = (SELECT key FROM hierarchy_item WHERE id = $1) AND position >= $2
                ORDER BY position LIMIT $3
            ) i
            """
        static let bindingDataTypes: [PostgresDataType] = [.text, .int8, .int8]
        typealias Row = [HierarchyNode]

        var id: String
        var start: Int64
        var limit: Int64

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 3)
            bindings.append(id)
            bindings.append(start)
            bindings.append(limit)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> [HierarchyNode] { try PostgresSource.nodes(fromPage: row) }
    }

    /// One item by its identifier.
    struct NodeByID: PostgresNodeStatement, PostgresStatementByID {
        static let name = "hierarchy_node_by_id"
        static let sql = StoreReads<PostgresItems>.node("").sql { "$\($0)" }
        typealias Row = HierarchyNode

        var id: String
    }

    /// The maintained child count of an item.
    struct ChildCount: PostgresStatementByID {
        static let name = "hierarchy_child_count"
        static let sql = StoreReads<PostgresItems>.childCount("").sql { "$\($0)" }
        typealias Row = Int64

        var id: String

        func decodeRow(_ row: PostgresRow) throws -> Int64 { try row.decode(Int64.self) }
    }

    /// The path from an item up to its topmost ancestor, deepest first.
    struct PathToRoot: PostgresNodeStatement {
        static let name = "hierarchy_path_to_root"
        static let sql = StoreReads<PostgresItems>.path("", limit: 0).sql { "$\($0)" }
        static let bindingDataTypes: [PostgresDataType] = [.text, .int8]
        typealias Row = HierarchyNode

        var id: String
        var limit: Int64

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(id)
            bindings.append(limit)
            return bindings
        }
    }

    /// Runs a prepared statement on a pooled connection and collects its rows.
    ///
    /// - Throws: `HierarchySourceError` (see `PostgresErrors`).
    func run<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row]
    where Statement.Row: Sendable {
        do {
            var result: [Statement.Row] = []
            for try await row in try await client.execute(statement, logger: logger) {
                result.append(row)
            }
            return result
        } catch {
            throw PostgresErrors.map(error, url: url)
        }
    }
}
