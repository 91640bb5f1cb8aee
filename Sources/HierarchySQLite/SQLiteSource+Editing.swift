import Foundation
import GRDB
import HierarchySources
import HierarchyStore

/// Changes to an SQLite store: each opens a short-lived write connection (the source itself
/// stays read-only), keeps `child_count`, the dense sort keys and the full-text index right,
/// and appends to the change log (`SQLiteChangeLog`) that other processes' watchers read.
extension SQLiteSource: HierarchyEditableSource {
    /// Adds an item; later siblings move down one place.
    ///
    /// - Complexity: O(log n) seeks plus O(later siblings) for the shift.
    public func addItem(parentID: String, title: String, id: String?, position: Int?) async throws -> HierarchyNode {
        let newID: String = try await write { db in
            let parent = try Self.locate(db, parentID)
            let index = Edits.index(position, count: parent.childCount)
            let key = (try Int64.fetchOne(db, sql: "SELECT max(key) FROM item") ?? -1) + 1
            let newID = id ?? "i\(key)"
            if try Int64.fetchOne(db, sql: "SELECT key FROM item WHERE id = ?", arguments: [newID]) != nil {
                throw HierarchySourceError(.duplicateID, "an item with id \"\(newID)\" exists", path: self.path)
            }
            try Self.shift(db, parent: parent.key, from: index, by: 1)
            try db.execute(
                sql: "INSERT INTO item (key, id, parent, sort_key, title, child_count) VALUES (?, ?, ?, ?, ?, 0)",
                arguments: [key, newID, parent.key, index, title])
            try db.execute(sql: "UPDATE item SET child_count = child_count + 1 WHERE key = ?", arguments: [parent.key])
            if try db.tableExists("item_fts") {
                try db.execute(
                    sql: "INSERT INTO item_fts(rowid, title, subtitle, footnote) VALUES (?, ?, NULL, NULL)",
                    arguments: [key, title])
            }
            try SQLiteChangeLog.append(db, op: "insert", id: newID, parent: parentID, position: index)
            return newID
        }
        guard let node = try await node(withID: newID) else {
            throw HierarchySourceError(.io, "the item was not added", path: path)
        }
        return node
    }

    /// Changes an item's title.
    public func renameItem(id: String, title: String) async throws {
        try await write { db in
            let item = try Self.locate(db, id)
            if try db.tableExists("item_fts") {
                try db.execute(
                    sql:
                        "INSERT INTO item_fts(item_fts, rowid, title, subtitle, footnote) SELECT 'delete', key, title, subtitle, footnote FROM item WHERE key = ?",
                    arguments: [item.key])
            }
            try db.execute(sql: "UPDATE item SET title = ? WHERE key = ?", arguments: [title, item.key])
            if try db.tableExists("item_fts") {
                try db.execute(
                    sql:
                        "INSERT INTO item_fts(rowid, title, subtitle, footnote) SELECT key, title, subtitle, footnote FROM item WHERE key = ?",
                    arguments: [item.key])
            }
            try SQLiteChangeLog.append(db, op: "update", id: id, parent: nil, position: nil)
        }
    }

    /// Moves an item with its subtree.
    ///
    /// - Complexity: O(depth of the new parent) for the cycle check, O(siblings) for the shifts.
    public func moveItem(id: String, toParentID parentID: String, position: Int?) async throws {
        try await write { db in
            let item = try Self.locate(db, id)
            let oldParent = try Edits.parent(of: item, id: id, cannot: "moved", origin: self.path)
            let parent = try Self.locate(db, parentID)
            let ancestors: [Int64] = try Self.rows(db, Edits.ancestors(ofKey: parent.key)).map { $0[0] }
            try Edits.checkMove(item, id: id, into: parentID, ancestors: ancestors, origin: self.path)
            let oldParentID =
                try String.fetchOne(db, sql: "SELECT id FROM item WHERE key = ?", arguments: [oldParent]) ?? ""
            // Park the item outside every sibling list while the keys shift.
            try db.execute(
                sql: "UPDATE item SET sort_key = -1 - ? WHERE key = ?", arguments: [Int64.max / 2, item.key])
            try Self.shift(db, parent: oldParent, from: item.position + 1, by: -1)
            try db.execute(sql: "UPDATE item SET child_count = child_count - 1 WHERE key = ?", arguments: [oldParent])
            let index = Edits.moveIndex(position, parent: parent, item: item)
            try Self.shift(db, parent: parent.key, from: index, by: 1)
            try db.execute(
                sql: "UPDATE item SET parent = ?, sort_key = ? WHERE key = ?", arguments: [parent.key, index, item.key])
            try db.execute(sql: "UPDATE item SET child_count = child_count + 1 WHERE key = ?", arguments: [parent.key])
            try SQLiteChangeLog.append(db, op: "delete", id: id, parent: oldParentID, position: item.position)
            try SQLiteChangeLog.append(db, op: "insert", id: id, parent: parentID, position: index)
        }
    }

    /// Deletes an item and its subtree; later siblings move up one place.
    ///
    /// - Complexity: O(subtree) plus O(later siblings).
    public func deleteItem(id: String) async throws -> Int {
        try await write { db in
            let item = try Self.locate(db, id)
            let parent = try Edits.parent(of: item, id: id, cannot: "deleted", origin: self.path)
            let parentID = try String.fetchOne(db, sql: "SELECT id FROM item WHERE key = ?", arguments: [parent]) ?? ""
            let subtree = Edits.subtree(ofKey: item.key)
            if try db.tableExists("item_fts") {
                try Self.execute(
                    db,
                    """
                    \(subtree)
                    INSERT INTO item_fts(item_fts, rowid, title, subtitle, footnote)
                    SELECT 'delete', key, title, subtitle, footnote FROM item WHERE key IN (SELECT key FROM subtree)
                    """)
            }
            try Self.execute(db, "\(subtree) DELETE FROM item WHERE key IN (SELECT key FROM subtree)")
            let deleted = db.changesCount
            try Self.shift(db, parent: parent, from: item.position + 1, by: -1)
            try db.execute(sql: "UPDATE item SET child_count = child_count - 1 WHERE key = ?", arguments: [parent])
            try SQLiteChangeLog.append(db, op: "delete", id: id, parent: parentID, position: item.position)
            return deleted
        }
    }

    // MARK: - Helpers

    /// The rules and queries of editing both stores share.
    typealias Edits = StoreEdits<SQLiteItems>

    static func locate(_ db: Database, _ id: String) throws -> Edits.Located {
        guard let row = try rows(db, Edits.locate(id)).first else { throw Edits.notFound(id) }
        return Edits.Located(key: row[0], parent: row[1], position: row[2], childCount: row[3])
    }

    /// Runs a shared statement on `db`.
    static func execute(_ db: Database, _ query: StoreQuery) throws {
        try db.execute(sql: query.sql { _ in "?" }, arguments: StoredText.arguments(query.arguments))
    }

    /// Adds `delta` (±1) to the sort keys of `parent`'s children from `start` on, in two steps
    /// through negative keys so that the unique `(parent, sort_key)` index holds throughout.
    static func shift(_ db: Database, parent: Int64, from start: Int64, by delta: Int64) throws {
        try db.execute(
            sql: "UPDATE item SET sort_key = -1 - sort_key WHERE parent = ? AND sort_key >= ?",
            arguments: [parent, start])
        try db.execute(
            sql: "UPDATE item SET sort_key = -1 - sort_key + ? WHERE parent = ? AND sort_key < 0 AND sort_key > ?",
            arguments: [delta, parent, -Int64.max / 2])
    }

    /// Runs `body` in a write transaction on a connection of its own.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.label = "HierarchySQLite.write"
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try await queue.write(body)
        } catch {
            throw SQLiteErrors.map(error, path: path)
        }
    }
}
