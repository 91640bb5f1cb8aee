import Foundation
import GRDB
import HierarchySources
import HierarchyStore
import Synchronization

/// A hierarchy stored in a HierarchyKit SQLite database, opened read-only.
///
/// Reads run on a small pool of read-only connections (`SQLiteReaderPool`), never on
/// the caller's actor, so concurrent readers (web sessions) read in parallel. Every
/// connection is opened with `Configuration.readonly`, so browsing and searching
/// never write to the file. See `SQLiteSchema` for the layout.
///
/// Children are paged by keyset: the sort key of the last child served for a
/// page ending at offset `n` is remembered, and a request starting at `n`
/// continues with `sort_key > ?` (one index seek, O(log n + page)). A request
/// starting elsewhere (a random jump) seeks by position: in one index seek when
/// the store records dense sort keys (every store written by this module), or
/// with `OFFSET` (O(offset) index steps) otherwise.
public final class SQLiteSource: HierarchySource {
    public let displayName: String
    /// The database file.
    public let path: String
    /// The read-only connections every read goes through.
    let readers: SQLiteReaderPool
    /// The first connection of the pool (the change watcher polls on it).
    var queue: DatabaseQueue { readers.readers[0] }
    /// Whether `sort_key` is the dense 0-based position among siblings.
    let hasDenseSortKeys: Bool
    /// Whether the store has its full-text index (see `SQLiteImporter.searchIndex`).
    public let hasSearchIndex: Bool
    /// Sort keys at the page boundaries served so far.
    let boundaries = Mutex(PageBoundaries())
    /// Publishes changes committed by other connections (see `SQLiteChangeWatcher`).
    let watcher: SQLiteChangeWatcher
    /// The build of the search index's prefix indexes this opening started, for a store
    /// imported without them (`SQLiteSearchPrefixes`); `nil` when there was none to start.
    public let searchPrefixBuild: SQLiteSearchPrefixes.Background?

    /// Opens the store at `path` read-only and checks its schema.
    ///
    /// - Parameters:
    ///   - path: A database written by `SQLiteImporter`.
    ///   - readers: The number of read-only connections reads are spread over (at least 1);
    ///     `nil` for one per core, between 2 and 4.
    ///   - buildsSearchPrefixes: Whether to start building the search index's prefix indexes
    ///     in the background (`searchPrefixBuild`) when the store waits for them and the file
    ///     is writable; off by default, as opening a store to read it never writes it. The reads
    ///     never wait for it: short prefixes are slower meanwhile.
    ///   - clock: The clock the watch for other connections' commits (`changes()`) polls on;
    ///     a test passes one it drives.
    /// - Throws: `HierarchySourceError`: `.notFound` if there is no such file,
    ///   `.malformed` for a file that is not a database, a corrupted one or one of
    ///   another schema, `.unsupported` for a newer schema version, `.io` when
    ///   it is locked or unreadable.
    public init(
        path: String, readers: Int? = nil, buildsSearchPrefixes: Bool = false,
        clock: some Clock<Duration> = ContinuousClock()
    ) throws {
        self.path = path
        self.displayName = URL(fileURLWithPath: path).lastPathComponent
        try ReadOnlyDatabase.checkReadable(path)
        let configuration = ReadOnlyDatabase.configuration(label: "HierarchySQLite.read")
        do {
            let pool = try SQLiteReaderPool(
                path: path, configuration: configuration, size: readers ?? SQLiteReaderPool.defaultSize)
            let queue = pool.readers[0]
            let pending: Bool
            (self.hasDenseSortKeys, self.hasSearchIndex, pending) = try queue.read { db in
                try SQLiteSchema.validate(db, path: path)
                let dense =
                    try Bool.fetchOne(
                        db, sql: "SELECT value FROM hierarchy_meta WHERE name = 'dense_sort_keys'") ?? false
                return (dense, try db.tableExists("item_fts"), try SQLiteSearchPrefixes.isPending(db))
            }
            self.readers = pool
            self.watcher = SQLiteChangeWatcher(queue: queue, clock: clock)
            self.searchPrefixBuild =
                buildsSearchPrefixes && pending && SQLiteSearchPrefixes.canBuild(path: path)
                ? SQLiteSearchPrefixes.Background(path: path) : nil
        } catch {
            throw SQLiteErrors.map(error, path: path)
        }
    }

    /// Runs a read on the least busy connection, mapping errors to `HierarchySourceError`.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await readers.read(body)
        } catch {
            throw SQLiteErrors.map(error, path: path)
        }
    }

    /// The columns every node query selects, over the item aliased `i`, in the order
    /// `node(from:)` reads them. Text columns are read as bytes (`StoredText`), so a NUL in a
    /// title is kept.
    static let columns = [
        "i.key", StoredText.select("i.id"), StoredText.select("i.title"),
        StoredText.select("i.subtitle"), StoredText.select("i.footnote"), StoredText.select("i.status"),
        "i.child_count", StoredText.select("i.attributes"), "i.sort_key",
    ].joined(separator: ", ")

    /// Runs one of the reads both stores share (`StoreReads`) on `db`, through the connection's
    /// cache of prepared statements (the reads are few shapes with `?` for every value).
    static func rows(_ db: Database, _ query: StoreQuery) throws -> [Row] {
        let statement = try db.cachedStatement(sql: query.sql { _ in "?" })
        return try Row.fetchAll(statement, arguments: StoredText.arguments(query.arguments))
    }

    /// Makes a node from a row selected with `columns`.
    static func node(from row: Row) -> HierarchyNode {
        let count: Int = row[6]
        var attributes: [String: String] = [:]
        if let json = StoredText.decode(row[7]) {
            attributes = HierarchyNode.attributes(fromJSON: json)
        }
        return HierarchyNode(
            id: StoredText.decode(row[1]) ?? "", title: StoredText.decode(row[2]) ?? "",
            subtitle: StoredText.decode(row[3]), footnote: StoredText.decode(row[4]), status: StoredText.decode(row[5]),
            childCount: count, isContainer: count > 0, attributes: attributes)
    }

    /// The first top-level item.
    ///
    /// - Complexity: one index seek.
    public func root() async throws -> HierarchyNode? {
        try await read { db in try Self.rows(db, StoreReads<SQLiteItems>.root).first.map(Self.node(from:)) }
    }

    /// The item with this identifier.
    ///
    /// - Complexity: one index seek.
    public func node(withID id: String) async throws -> HierarchyNode? {
        try await read { db in try Self.rows(db, StoreReads<SQLiteItems>.node(id)).first.map(Self.node(from:)) }
    }

    /// The parent of an item, `nil` for a top-level or unknown item.
    ///
    /// - Complexity: two index seeks.
    public func parent(ofID id: String) async throws -> HierarchyNode? {
        try await read { db in try Self.rows(db, StoreReads<SQLiteItems>.parent(id)).first.map(Self.node(from:)) }
    }

    /// The cached number of children of an item.
    ///
    /// - Throws: `HierarchySourceError.Code.notFound` for an unknown identifier.
    /// - Complexity: one index seek (the count is a cached column).
    public func childCount(ofID id: String) async throws -> Int {
        let path = self.path
        return try await read { db in
            guard let row = try Self.rows(db, StoreReads<SQLiteItems>.childCount(id)).first else {
                throw HierarchySourceError(.notFound, "no item with id \"\(id)\"", path: path)
            }
            return row[0]
        }
    }

    /// The children of an item at positions `range`, in sort-key order.
    ///
    /// An unknown parent has no children. A range past the end is clamped.
    ///
    /// - Complexity: O(log n + range.count) when `range` starts at 0, where a
    ///   previous page ended, or (dense sort keys) anywhere; O(offset) for a
    ///   random jump into a store without dense sort keys.
    public func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
        let start = range.lowerBound
        let limit = range.count
        let seek: PageBoundaries.Seek =
            start == 0
            ? .start
            : boundaries.withLock { $0.sortKey(parentID: id, endingAt: start) }.map(PageBoundaries.Seek.after)
                ?? (hasDenseSortKeys ? .atLeast(Int64(start)) : .offset(start))
        let key = StoredText.argument(id)
        let parentKey = "parent = (SELECT key FROM item WHERE id = CAST(? AS TEXT))"
        let (sql, arguments): (String, StatementArguments) =
            switch seek {
            case .start:
                ("WHERE \(parentKey) ORDER BY sort_key LIMIT ?", [key, limit])
            case .after(let sortKey):
                ("WHERE \(parentKey) AND sort_key > ? ORDER BY sort_key LIMIT ?", [key, sortKey, limit])
            case .atLeast(let sortKey):
                ("WHERE \(parentKey) AND sort_key >= ? ORDER BY sort_key LIMIT ?", [key, sortKey, limit])
            case .offset(let offset):
                ("WHERE \(parentKey) ORDER BY sort_key LIMIT ? OFFSET ?", [key, limit, offset])
            }
        let (nodes, lastSortKey) = try await read { db in
            let statement = try db.cachedStatement(sql: "SELECT \(Self.columns) FROM item i \(sql)")
            let rows = try Row.fetchAll(statement, arguments: arguments)
            let lastSortKey: Int64? = rows.last?[8]
            return (rows.map(Self.node(from:)), lastSortKey)
        }
        if let lastSortKey {
            boundaries.withLock { $0.record(parentID: id, endingAt: start + nodes.count, sortKey: lastSortKey) }
        }
        return nodes
    }

    /// The path from the topmost ancestor to the item, in one recursive query.
    ///
    /// - Throws: `HierarchySourceError.Code.cycle` if the chain of parents does
    ///   not end (a database not written by this module).
    /// - Complexity: one index seek per ancestor.
    public func path(toID id: String) async throws -> [HierarchyNode] {
        let path = self.path
        let limit = Self.maximumDepth
        return try await read { db in
            let rows = try Self.rows(db, StoreReads<SQLiteItems>.path(id, limit: limit))
            return try StoreReads<SQLiteItems>.checkedPath(rows, id: id, limit: limit, origin: path).map(
                Self.node(from:))
        }
    }

    /// The deepest chain of parents `path(toID:)` follows before it reports a cycle.
    static let maximumDepth = 1_000_000

    /// The position of `childID` among the children of `parentID`, or `nil` if
    /// it is not one of them.
    ///
    /// - Complexity: one index seek with dense sort keys; otherwise one indexed
    ///   `COUNT` over the preceding siblings (O(position)).
    public func index(ofChildID childID: String, inParentID parentID: String) async throws -> Int? {
        let dense = hasDenseSortKeys
        return try await read { db in
            guard
                let row = try Self.rows(db, StoreReads<SQLiteItems>.position(ofChild: childID, inParent: parentID))
                    .first
            else { return nil }
            let parentKey: Int64 = row[0]
            let sortKey: Int64 = row[1]
            if dense { return Int(sortKey) }
            return try Self.rows(db, StoreReads<SQLiteItems>.siblings(before: sortKey, parentKey: parentKey)).first?[0]
        }
    }
}

/// The SQLite store's names for the reads it shares with the PostgreSQL store.
enum SQLiteItems: StoreItems {
    static let table = "item"
    static let columns = SQLiteSource.columns
    static let position = "sort_key"

    /// Bound as bytes and compared as text (see `StoredText`).
    static func id(_ id: String) -> StoreQuery { "CAST(\(.text(id)) AS TEXT)" }
}
