import HierarchyPostgres
import HierarchySources
import PostgresNIO
import Synchronization

/// The page of children as `PostgresSource` read it before it asked for one row per page: one
/// row per child, its seven columns decoded by postgres-nio, through a pool of the same size.
/// The concurrent-readers benchmark runs it beside the store's own page in one process, so the
/// two are compared under the same load.
final class RowPerChildPages: Sendable {
    private let state = Mutex<(client: PostgresClient, run: Task<Void, Never>)?>(nil)

    /// The page statement before (same SQL, a name of its own).
    struct Page: PostgresPreparedStatement {
        static let name = "benchmark_children_page_rows"
        static let sql = """
            SELECT i.id, i.title, i.subtitle, i.footnote, i.status, i.child_count, i.attributes::text FROM hierarchy_item i
            WHERE parent = (SELECT key FROM hierarchy_item WHERE id = $1) AND position >= $2
            ORDER BY position LIMIT $3
            """
        static let bindingDataTypes: [PostgresDataType] = [.text, .int8, .int8]
        typealias Row = HierarchyNode

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

        func decodeRow(_ row: PostgresRow) throws -> HierarchyNode {
            let (id, title, subtitle, footnote, status, count, attributes) = try row.decode(
                (String, String, String?, String?, String?, Int64, String?).self)
            // The generated store has no attributes; a row with some would need the JSON decoded.
            precondition(attributes == nil, "the benchmark store has attributes")
            return HierarchyNode(
                id: id, title: title, subtitle: subtitle, footnote: footnote, status: status, childCount: Int(count),
                isContainer: count > 0)
        }
    }

    /// Connects a pool of `connections` to the store at `url`.
    func prepare(_ url: PostgresStoreURL, connections: Int) {
        guard state.withLock({ $0 == nil }) else { return }
        var configuration: PostgresClient.Configuration
        switch url.endpoint {
        case .tcp(let host, let port):
            configuration = .init(
                host: host, port: port, username: url.user, password: url.password, database: url.database,
                tls: .disable)
        case .socket(let path, _, _):
            configuration = .init(
                unixSocketPath: path, username: url.user, password: url.password, database: url.database)
        }
        configuration.options.maximumConnections = connections
        configuration.options.minimumConnections = 0
        let client = PostgresClient(configuration: configuration)
        let run = Task { await client.run() }
        state.withLock { $0 = (client, run) }
    }

    /// The children of `id` at `range`, one row each.
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        guard let client = state.withLock({ $0?.client }) else { return [] }
        var nodes: [HierarchyNode] = []
        for try await node in try await client.execute(
            Page(id: id, start: Int64(range.lowerBound), limit: Int64(range.count)))
        {
            nodes.append(node)
        }
        return nodes
    }

    func close() async {
        guard
            let (_, run) = state.withLock({
                let value = $0
                $0 = nil
                return value
            })
        else { return }
        run.cancel()
        await run.value
    }
}
