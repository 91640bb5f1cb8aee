import Foundation
import HierarchySources
import HierarchyStore
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// A hierarchy stored in PostgreSQL (see `PostgresSchema`), shared by everyone who opens the
/// same database.
///
/// Reads go through a `PostgresClient` pool (up to `maximumConnections` connections, each query
/// a prepared, parameterised statement); `open` first makes one direct connection so that a wrong
/// address, password or database fails at once with a clear error instead of waiting in the pool.
/// Call `close()` when done; the pool runs in a task of its own until then.
public final class PostgresSource: HierarchySource {
    public let displayName: String
    /// The address (without password).
    public let url: PostgresStoreURL
    let client: PostgresClient
    private let runTask: Task<Void, Never>
    let logger: Logger
    /// The listener behind `changes()`.
    let feed: PostgresChangeFeed
    /// The statement timeout every pooled connection sets, in milliseconds (0: none).
    public let statementTimeout: Int

    /// The most pooled connections one source opens.
    public static let maximumConnections = 40

    private init(
        url: PostgresStoreURL, client: PostgresClient, runTask: Task<Void, Never>, logger: Logger, statementTimeout: Int
    ) {
        self.url = url
        self.client = client
        self.runTask = runTask
        self.logger = logger
        self.statementTimeout = statementTimeout
        self.displayName = url.database
        self.feed = PostgresChangeFeed(url: url)
    }

    /// Connects to the store at `url` and checks its schema.
    ///
    /// - Parameters:
    ///   - url: The store's address.
    ///   - requireSchema: Whether a database without HierarchyKit's tables is an error (the
    ///     importer opens empty databases).
    ///   - statementTimeout: A statement running longer is cancelled by the server (seconds; 0: no limit).
    ///   - connections: The most pooled connections (default ``maximumConnections``).
    /// - Throws: `HierarchySourceError`: `.unsupported` (the server cannot be reached, names the
    ///   address; an unknown database; not a HierarchyKit store), `.permissionDenied` (wrong
    ///   password or role).
    public static func open(
        _ url: PostgresStoreURL, requireSchema: Bool = true, statementTimeout: Double = 30,
        connections: Int = maximumConnections
    ) async throws -> PostgresSource {
        let logger = Logger(label: "HierarchyPostgres", factory: { _ in SwiftLogNoOpLogHandler() })
        let milliseconds = Int((statementTimeout * 1000).rounded())
        // One direct connection first: errors come back at once, with their cause.
        do {
            let connection = try await PostgresConnection.connect(
                configuration: connectionConfiguration(url), id: 0, logger: logger)
            defer { Task { try? await connection.close() } }
            if requireSchema {
                try await checkSchema(connection, url: url, logger: logger)
            }
        } catch {
            throw PostgresErrors.map(error, url: url)
        }
        var configuration = clientConfiguration(url)
        if milliseconds > 0 {
            // Every pooled connection starts with the limit: no extra round trip per query.
            configuration.options.additionalStartupParameters = [("statement_timeout", String(milliseconds))]
        }
        configuration.options.maximumConnections = max(1, connections)
        configuration.options.minimumConnections = 0
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let runTask = Task { await client.run() }
        let source = PostgresSource(
            url: url, client: client, runTask: runTask, logger: logger, statementTimeout: milliseconds)
        return source
    }

    /// Stops the pool and closes its connections.
    public func close() async {
        feed.stop()
        runTask.cancel()
        _ = await runTask.value
    }

    deinit {
        feed.stop()
        runTask.cancel()
    }

    static func connectionConfiguration(_ url: PostgresStoreURL) -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        switch url.endpoint {
        case .tcp(let host, let port):
            configuration = .init(
                host: host, port: port, username: url.user, password: url.password, database: url.database,
                tls: .disable)
        case .socket(let path, _, _):
            configuration = .init(
                unixSocketPath: path, username: url.user, password: url.password, database: url.database)
        }
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }

    static func clientConfiguration(_ url: PostgresStoreURL) -> PostgresClient.Configuration {
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
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }

    /// Fails unless the database holds a HierarchyKit store of this version.
    static func checkSchema(_ connection: PostgresConnection, url: PostgresStoreURL, logger: Logger) async throws {
        var tables: [(String?, String?)] = []
        for try await row in try await connection.query(
            "SELECT to_regclass('hierarchy_item')::text, to_regclass('hierarchy_meta')::text", logger: logger)
        {
            tables.append(try row.decode((String?, String?).self))
        }
        guard let first = tables.first, first.0 != nil, first.1 != nil else {
            throw HierarchySourceError(
                .unsupported,
                "\(url) is not a HierarchyKit store (no table hierarchy_item; import into it first, or open a table with --table)"
            )
        }
        var versions: [String] = []
        for try await row in try await connection.query(
            "SELECT value FROM hierarchy_meta WHERE name = 'schema_version'", logger: logger)
        {
            versions.append(try row.decode(String.self))
        }
        guard let version = versions.first.flatMap({ Int($0) }) else {
            throw HierarchySourceError(.malformed, "\(url) is not a HierarchyKit store (no schema version)")
        }
        guard version <= PostgresSchema.version else {
            throw HierarchySourceError(
                .unsupported,
                "\(url): store schema version \(version) is newer than this program supports (\(PostgresSchema.version))"
            )
        }
    }

    // MARK: - Running queries

    /// Runs `query` on a pooled connection (with the statement timeout) and decodes every row.
    ///
    /// - Throws: `HierarchySourceError` (see `PostgresErrors`).
    func fetch<Row: Sendable>(_ query: PostgresQuery, _ decode: @Sendable (PostgresRow) throws -> Row) async throws
        -> [Row]
    {
        do {
            return try await client.withConnection { connection in
                var result: [Row] = []
                for try await row in try await connection.query(query, logger: logger) {
                    result.append(try decode(row))
                }
                return result
            }
        } catch {
            throw PostgresErrors.map(error, url: url)
        }
    }

    /// Runs `query` like `fetch(_:_:)`, with parallel plans turned off for it alone (in a
    /// transaction of its own, `SET LOCAL`).
    ///
    /// A query that stops after its first rows (a `LIMIT` over an ordered index scan) gains nothing
    /// from parallel workers, but waits for them to start: tens of milliseconds on a busy server,
    /// more than the query itself.
    func fetchSerially<Row: Sendable>(_ query: PostgresQuery, _ decode: @Sendable (PostgresRow) throws -> Row)
        async throws -> [Row]
    {
        do {
            return try await client.withConnection { connection in
                try await connection.query("BEGIN", logger: logger)
                do {
                    try await connection.query("SET LOCAL max_parallel_workers_per_gather = 0", logger: logger)
                    var result: [Row] = []
                    for try await row in try await connection.query(query, logger: logger) {
                        result.append(try decode(row))
                    }
                    try await connection.query("COMMIT", logger: logger)
                    return result
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
            }
        } catch {
            throw PostgresErrors.map(error, url: url)
        }
    }

    /// The columns every node query selects, in the order `node(from:)` reads them.
    ///
    /// Only what a node shows: every column more is bytes for the server to send and the client to
    /// decode on every row of every page.
    static let columns = "i.id, i.title, i.subtitle, i.footnote, i.status, i.child_count, i.attributes::text"

    /// Makes a node from a row selected with `columns`.
    ///
    /// - Complexity: O(bytes of the row), without generic decoding (see `PostgresRowReader`).
    @Sendable static func node(from row: PostgresRow) throws -> HierarchyNode {
        var columns = PostgresRowReader(row)
        let id = try columns.text() ?? ""
        let title = try columns.text() ?? ""
        let subtitle = try columns.text()
        let footnote = try columns.text()
        let status = try columns.text()
        let count = try columns.integer()
        let attributes = try columns.text()
        return HierarchyNode(
            id: id, title: title, subtitle: subtitle, footnote: footnote, status: status, childCount: Int(count),
            isContainer: count > 0, attributes: attributes.map(HierarchyNode.attributes(fromJSON:)) ?? [:])
    }

    /// The elements per child in a page read by `ChildrenPage`.
    static let pageColumns = 7

    /// The children of a page read by `ChildrenPage`: one two-dimensional array of
    /// `pageColumns` text elements per child, in the order of `columns`.
    ///
    /// - Throws: `HierarchySourceError` (`.io`) when the array is not of that shape.
    /// - Complexity: O(bytes of the page).
    @Sendable static func nodes(fromPage row: PostgresRow) throws -> [HierarchyNode] {
        var cells = row.makeIterator()
        guard let cell = cells.next() else {
            throw HierarchySourceError(.io, "the server sent a page without its column")
        }
        return try nodes(fromPage: PostgresArrayReader(cell))
    }

    /// The children in a page array (see `nodes(fromPage:)` above).
    ///
    /// - Throws: `HierarchySourceError` (`.io`) when the array is not of that shape.
    /// - Complexity: O(bytes of the page).
    static func nodes(fromPage array: PostgresArrayReader) throws -> [HierarchyNode] {
        var elements = array
        if elements.remaining == 0 { return [] }
        guard elements.dimensions.count == 2, elements.dimensions[1] == pageColumns else {
            throw HierarchySourceError(
                .io, "the server sent a page of shape \(elements.dimensions), not [n, \(pageColumns)]")
        }
        var nodes: [HierarchyNode] = []
        nodes.reserveCapacity(elements.dimensions[0])
        for _ in 0..<elements.dimensions[0] {
            let id = try elements.text() ?? ""
            let title = try elements.text() ?? ""
            let subtitle = try elements.text()
            let footnote = try elements.text()
            let status = try elements.text()
            let count = try elements.integer()
            let attributes = try elements.text()
            nodes.append(
                HierarchyNode(
                    id: id, title: title, subtitle: subtitle, footnote: footnote, status: status,
                    childCount: Int(count),
                    isContainer: count > 0, attributes: attributes.map(HierarchyNode.attributes(fromJSON:)) ?? [:]))
        }
        return nodes
    }

    // MARK: - HierarchySource

    /// Every change to the store from now on, by anyone (the triggers' notifications), through
    /// one `LISTEN` connection shared by all subscribers.
    public func changes() -> AsyncStream<HierarchySourceChange> {
        feed.broadcaster.subscribe()
    }

    /// Whether the change listener has issued `LISTEN` (changes committed later are heard).
    public var isListening: Bool { feed.isListening }

    /// Returns once the change listener has issued `LISTEN`: changes committed after it are
    /// heard by ``changes()``'s subscribers. It starts with the first subscriber; a task that
    /// waits without one waits until it is cancelled.
    public func untilListening() async {
        await feed.untilListening()
    }

    /// The first top-level item.
    ///
    /// - Complexity: one index seek.
    public func root() async throws -> HierarchyNode? {
        try await fetch(Self.query(StoreReads<PostgresItems>.root), Self.node(from:)).first
    }

    /// The item with this identifier.
    ///
    /// - Complexity: one index seek.
    public func node(withID id: String) async throws -> HierarchyNode? {
        try await run(NodeByID(id: id)).first
    }

    /// The parent of an item, `nil` for a top-level or unknown item.
    ///
    /// - Complexity: two index seeks.
    public func parent(ofID id: String) async throws -> HierarchyNode? {
        try await fetch(Self.query(StoreReads<PostgresItems>.parent(id)), Self.node(from:)).first
    }

    /// The maintained number of children of an item.
    ///
    /// - Throws: `HierarchySourceError.Code.notFound` for an unknown identifier.
    /// - Complexity: one index seek.
    public func childCount(ofID id: String) async throws -> Int {
        let counts = try await run(ChildCount(id: id))
        guard let count = counts.first else {
            throw HierarchySourceError(.notFound, "no item with id \"\(id)\" in \(url)")
        }
        return Int(count)
    }

    /// The children of an item at positions `range`, in position order.
    ///
    /// An unknown parent has no children. A range past the end is clamped.
    ///
    /// - Complexity: one seek in `(parent, position)` plus `range.count` index steps; one result
    ///   row (see `ChildrenPage`).
    public func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
        let start = Int64(range.lowerBound)
        let limit = Int64(range.count)
        return try await run(ChildrenPage(id: id, start: start, limit: limit)).first ?? []
    }

    /// The path from the topmost ancestor to the item, in one recursive query.
    ///
    /// - Throws: `HierarchySourceError.Code.cycle` if the chain of parents does not end.
    /// - Complexity: one primary-key seek per ancestor.
    public func path(toID id: String) async throws -> [HierarchyNode] {
        let rows = try await run(PathToRoot(id: id, limit: Int64(Self.maximumDepth)))
        return try StoreReads<PostgresItems>.checkedPath(
            rows, id: id, limit: Self.maximumDepth, origin: url.description)
    }

    /// The deepest chain of parents `path(toID:)` follows before it reports a cycle.
    static let maximumDepth = 100_000

    /// The position of `childID` among the children of `parentID`, or `nil` if it is not one of them.
    ///
    /// - Complexity: two index seeks.
    public func index(ofChildID childID: String, inParentID parentID: String) async throws -> Int? {
        try await fetch(Self.query(StoreReads<PostgresItems>.position(ofChild: childID, inParent: parentID))) {
            try $0.decode((Int64, Int64).self).1
        }.first.map(Int.init)
    }

    /// One of the reads both stores share (`StoreReads`), as a PostgreSQL query.
    static func query(_ query: StoreQuery) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: query.arguments.count)
        for argument in query.arguments {
            switch argument {
            case .null: bindings.appendNull()
            case .integer(let number): bindings.append(number)
            case .text(let text): bindings.append(text)
            }
        }
        return PostgresQuery(unsafeSQL: query.sql { "$\($0)" }, binds: bindings)
    }
}

/// The PostgreSQL store's names for the reads it shares with the SQLite store.
enum PostgresItems: StoreItems {
    static let table = "hierarchy_item"
    static let columns = PostgresSource.columns
    static let position = "position"

    static func id(_ id: String) -> StoreQuery { "\(.text(id))" }
}
