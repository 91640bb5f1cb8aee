import Foundation
import GRDB
import HierarchySources

/// Any SQLite database that is not a HierarchyKit store, browsed read-only as VisiData shows
/// one: the file, its tables and views, and their rows, each row titled by a name-like column
/// with every column on its second line (`{id: 7, name: Anna, …}`) and in its attributes.
///
/// Rows are read in the table's order (`rowid`, or the primary key of a `WITHOUT ROWID`
/// table; a view's own order) a page at a time with `LIMIT`/`OFFSET`; a table's row count is
/// read when its rows are first asked for. Nothing is ever written: the database opens with
/// `Configuration.readonly`. A table of the user's as a hierarchy is ``SQLiteTableSource``.
public final class SQLiteDatabaseSource: HierarchySource, @unchecked Sendable {
    // Safe: every property is immutable; the queue serialises its reads.

    /// The database file.
    public let path: String
    public let displayName: String
    private let queue: DatabaseQueue
    /// The tables and views, by name order.
    private let relations: [Relation]
    private let relationsByName: [String: Relation]

    /// The identifier of the root (the file).
    public static let rootID = "."

    /// A table or a view: how its rows are ordered and named.
    struct Relation: Sendable {
        var name: String
        var isView: Bool
        var columns: [String]
        /// The `ORDER BY` of its rows (`rowid`, the primary key, or nothing for a view).
        var order: String
        /// The column that titles a row, if one looks like a name.
        var titleColumn: String?
        /// Whether rows are named by `rowid` (else by their position).
        var hasRowID: Bool
    }

    /// Opens the database at `path` read-only and reads its schema.
    ///
    /// - Throws: `HierarchySourceError`: `.notFound` without the file, `.permissionDenied` when it
    ///   may not be read, `.malformed` for a file
    ///   that is not a database, `.io` when it is locked or unreadable.
    public init(path: String) throws {
        self.path = path
        displayName = URL(fileURLWithPath: path).lastPathComponent
        try ReadOnlyDatabase.checkReadable(path)
        do {
            queue = try DatabaseQueue(
                path: path, configuration: ReadOnlyDatabase.configuration(label: "HierarchySQLite.database"))
            relations = try queue.read { db in try Self.relations(db) }
        } catch {
            throw SQLiteErrors.map(error, path: path)
        }
        relationsByName = Dictionary(relations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether the file is a HierarchyKit store (its `application_id`), which ``SQLiteSource`` reads.
    public static func isHierarchyStore(path: String) -> Bool {
        let configuration = ReadOnlyDatabase.configuration(label: "HierarchySQLite.kind")
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return false }
        let application = try? queue.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") }
        try? queue.close()
        return application == SQLiteSchema.applicationID
    }

    // MARK: - The schema

    private static let nameColumns = ["name", "title", "label", "display_name", "displayname", "full_name", "key"]

    private static func relations(_ db: Database) throws -> [Relation] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT name, type = 'view', sql FROM sqlite_schema
                WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
                """)
        return try rows.map { row in
            let name: String = row[0]
            let isView: Bool = row[1]
            let sql: String = row[2] ?? ""
            let info = try Row.fetchAll(db, sql: "SELECT name, type, pk FROM pragma_table_info(?)", arguments: [name])
            let columns: [String] = info.map { $0[0] }
            let withoutRowID = sql.range(of: "WITHOUT ROWID", options: [.caseInsensitive, .backwards]) != nil
            let keys = info.filter { ($0[2] as Int) > 0 }.sorted { ($0[2] as Int) < ($1[2] as Int) }
                .map { HierarchyTable.quote($0[0] as String) }
            let order: String
            if isView {
                order = ""
            } else if withoutRowID {
                order = "ORDER BY " + keys.joined(separator: ", ")
            } else {
                order = "ORDER BY rowid"
            }
            let lowered = columns.map { $0.lowercased() }
            let titleColumn = nameColumns.lazy.compactMap { wanted in lowered.firstIndex(of: wanted) }.first
                .map { columns[$0] }
            return Relation(
                name: name, isView: isView, columns: columns, order: order, titleColumn: titleColumn,
                hasRowID: !isView && !withoutRowID)
        }
    }

    // MARK: - Identifiers

    /// `t/NAME` for a table, `r/N/NAME` for its row with rowid (or position) N.
    private enum Place {
        case root
        case relation(Relation)
        case row(Relation, key: Int64)
    }

    private func place(of id: String) -> Place? {
        if id == Self.rootID { return .root }
        if id.hasPrefix("t/") { return relationsByName[String(id.dropFirst(2))].map { .relation($0) } }
        guard id.hasPrefix("r/") else { return nil }
        let rest = id.dropFirst(2)
        guard let slash = rest.firstIndex(of: "/"), let key = Int64(rest[..<slash]),
            let relation = relationsByName[String(rest[rest.index(after: slash)...])]
        else { return nil }
        return .row(relation, key: key)
    }

    private static func id(of relation: Relation) -> String { "t/" + relation.name }

    // MARK: - Nodes

    private var rootNode: HierarchyNode {
        let tables = relations.filter { !$0.isView }.count
        let views = relations.count - tables
        var subtitle = "SQLite database, \(tables) table\(tables == 1 ? "" : "s")"
        if views > 0 { subtitle += ", \(views) view\(views == 1 ? "" : "s")" }
        return HierarchyNode(
            id: Self.rootID, title: displayName, subtitle: subtitle, childCount: relations.count)
    }

    /// A table or view: its columns on its second line, `view` as the status of a view.
    private func node(of relation: Relation, count: Int?) -> HierarchyNode {
        var preview = StructurePreview(isObject: false)
        for column in relation.columns { preview.append(key: nil, .scalar(column)) }
        return HierarchyNode(
            id: Self.id(of: relation), title: relation.name, status: relation.isView ? "view" : nil,
            childCount: count, isContainer: true, preview: preview.text(more: false))
    }

    /// A row: titled by its name-like column (else `#key`), every column in its attributes
    /// and its preview.
    private static func node(of relation: Relation, row: Row, key: Int64) -> HierarchyNode {
        var attributes: [String: String] = [:]
        var preview = StructurePreview(isObject: true)
        var title: String?
        for (index, column) in relation.columns.enumerated() where index + 1 < row.count {
            let text = Self.text(row[index + 1] as DatabaseValue)
            if attributes[column] == nil { attributes[column] = text }
            preview.append(key: column, .scalar(text))
            if column == relation.titleColumn, !text.isEmpty { title = text }
        }
        return HierarchyNode(
            id: "r/\(key)/\(relation.name)", title: title ?? "#\(key)", childCount: 0, attributes: attributes,
            preview: preview.text(more: false))
    }

    /// A value as text: numbers and text as they are, a blob by its size, `NULL` as `null`.
    static func text(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "null"
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): text
        case .blob(let data): "<\(data.count) bytes>"
        }
    }

    /// The rows `range` of a relation, with their keys (rowid, or position).
    private func rows(of relation: Relation, in range: Range<Int>) throws -> [HierarchyNode] {
        let from = HierarchyTable.quote(relation.name)
        let key = relation.hasRowID ? "rowid" : "NULL"
        let sql = "SELECT \(key), * FROM \(from) \(relation.order) LIMIT ? OFFSET ?"
        return try read { db in
            try Row.fetchAll(db, sql: sql, arguments: [range.count, range.lowerBound]).enumerated().map {
                offset, row in
                let key: Int64 = relation.hasRowID ? row[0] : Int64(range.lowerBound + offset)
                return Self.node(of: relation, row: row, key: key)
            }
        }
    }

    private func count(of relation: Relation) throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(HierarchyTable.quote(relation.name))") ?? 0 }
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.read(body)
        } catch {
            throw SQLiteErrors.map(error, path: path)
        }
    }

    // MARK: - HierarchySource

    public func root() async throws -> HierarchyNode? { rootNode }

    public func node(withID id: String) async throws -> HierarchyNode? {
        switch place(of: id) {
        case nil: return nil
        case .root: return rootNode
        case .relation(let relation): return node(of: relation, count: nil)
        case .row(let relation, let key):
            let from = HierarchyTable.quote(relation.name)
            if relation.hasRowID {
                return try read { db in
                    try Row.fetchOne(db, sql: "SELECT rowid, * FROM \(from) WHERE rowid = ?", arguments: [key])
                        .map { Self.node(of: relation, row: $0, key: key) }
                }
            }
            return try rows(of: relation, in: Int(key)..<Int(key) + 1).first
        }
    }

    public func parent(ofID id: String) async throws -> HierarchyNode? {
        switch place(of: id) {
        case nil, .root: return nil
        case .relation: return rootNode
        case .row(let relation, _): return node(of: relation, count: nil)
        }
    }

    public func childCount(ofID id: String) async throws -> Int {
        switch place(of: id) {
        case nil: throw HierarchySourceError(.notFound, "no item \(id) in the database", path: path)
        case .root: return relations.count
        case .relation(let relation): return try count(of: relation)
        case .row: return 0
        }
    }

    public func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        switch place(of: id) {
        case nil: throw HierarchySourceError(.notFound, "no item \(id) in the database", path: path)
        case .root:
            let shown = range.clamped(to: 0..<relations.count)
            return relations[shown].map { node(of: $0, count: nil) }
        case .relation(let relation):
            guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
            return try rows(of: relation, in: range)
        case .row: return []
        }
    }

    public func index(ofChildID childID: String, inParentID parentID: String) async throws -> Int? {
        guard parentID == Self.rootID, case .relation(let relation) = place(of: childID) else { return nil }
        return relations.firstIndex { $0.name == relation.name }
    }

    public func changes() -> AsyncStream<HierarchySourceChange> { AsyncStream { $0.finish() } }
}
