import HierarchySources
import HierarchyStore
import PostgresNIO

extension PostgresSource: HierarchyEditableSource {
    /// Adds an item; its siblings from `position` on move down one place.
    ///
    /// - Complexity: one transaction: two index seeks, the shift (O(later siblings)), one insert.
    public func addItem(parentID: String, title: String, id: String?, position: Int?) async throws -> HierarchyNode {
        try Self.checkStorable(title, "title")
        if let id { try Self.checkStorable(id, "id") }
        return try await transaction { connection, logger in
            let parent = try await Self.lockItem(parentID, connection, logger)
            let (parentKey, index) = (parent.key, Edits.index(position, count: parent.childCount))
            try await connection.query(
                "UPDATE hierarchy_item SET position = position + 1 WHERE parent = \(parentKey) AND position >= \(index)",
                logger: logger)
            let key =
                try await Self.single(
                    connection.query("SELECT nextval('hierarchy_item_key_seq')", logger: logger), Int64.self) ?? 0
            let newID = id ?? "i\(key)"
            var nodes: [HierarchyNode] = []
            for try await row in try await connection.query(
                """
                INSERT INTO hierarchy_item AS i (key, id, parent, position, title) VALUES (\(key), \(newID), \(parentKey), \(index), \(title))
                RETURNING \(unescaped: Self.columns)
                """, logger: logger)
            {
                nodes.append(try Self.node(from: row))
            }
            guard let node = nodes.first else { throw HierarchySourceError(.io, "the item was not added") }
            return node
        }
    }

    /// Changes an item's title.
    ///
    /// - Complexity: one index seek.
    public func renameItem(id: String, title: String) async throws {
        try Self.checkStorable(title, "title")
        guard !id.utf8.contains(0) else { throw Edits.notFound(id) }
        try await transaction { connection, logger in
            let updated = try await Self.single(
                connection.query(
                    "UPDATE hierarchy_item SET title = \(title) WHERE id = \(id) RETURNING key", logger: logger),
                Int64.self)
            guard updated != nil else { throw Edits.notFound(id) }
        }
    }

    /// Moves an item with its subtree.
    ///
    /// - Complexity: one transaction: the path of the new parent (one seek per ancestor), the
    ///   shifts among the old and new siblings, one update.
    public func moveItem(id: String, toParentID parentID: String, position: Int?) async throws {
        try await transaction { connection, logger in
            let item = try await Self.lockItem(id, connection, logger)
            let (key, oldParent) = (item.key, try Edits.parent(of: item, id: id, cannot: "moved", origin: nil))
            let parent = try await Self.lockItem(parentID, connection, logger)
            let parentKey = parent.key
            var ancestors: [Int64] = []
            for try await row in try await connection.query(
                Self.query(Edits.ancestors(ofKey: parentKey)), logger: logger)
            {
                ancestors.append(try row.decode(Int64.self))
            }
            try Edits.checkMove(item, id: id, into: parentID, ancestors: ancestors, origin: nil)
            try await connection.query(
                "UPDATE hierarchy_item SET position = position - 1 WHERE parent = \(oldParent) AND position > \(item.position)",
                logger: logger)
            let index = Edits.moveIndex(position, parent: parent, item: item)
            try await connection.query(
                "UPDATE hierarchy_item SET position = position + 1 WHERE parent = \(parentKey) AND position >= \(index) AND key <> \(key)",
                logger: logger)
            try await connection.query(
                "UPDATE hierarchy_item SET parent = \(parentKey), position = \(index) WHERE key = \(key)",
                logger: logger)
            if oldParent == parentKey {
                // A reordering: the triggers see no change of parent.
                try await connection.query(
                    "SELECT pg_notify('\(unescaped: PostgresSchema.channel)', json_build_object('op', 'children', 'parent', \(parentID)::text)::text)",
                    logger: logger)
            }
        }
    }

    /// Deletes an item and its subtree; later siblings move up one place.
    ///
    /// - Complexity: one recursive query over the subtree (one seek per item), the shift.
    public func deleteItem(id: String) async throws -> Int {
        try await transaction { connection, logger in
            let item = try await Self.lockItem(id, connection, logger)
            let parent = try Edits.parent(of: item, id: id, cannot: "deleted", origin: nil)
            let delete: StoreQuery = """
                \(Edits.subtree(ofKey: item.key)), gone AS (
                    DELETE FROM hierarchy_item WHERE key IN (SELECT key FROM subtree) RETURNING 1
                )
                SELECT count(*) FROM gone
                """
            let deleted = try await Self.single(connection.query(Self.query(delete), logger: logger), Int64.self) ?? 0
            try await connection.query(
                "UPDATE hierarchy_item SET position = position - 1 WHERE parent = \(parent) AND position > \(item.position)",
                logger: logger)
            return Int(deleted)
        }
    }

    // MARK: - Helpers

    /// Refuses a text with a NUL: PostgreSQL text cannot hold one (the server's own refusal
    /// would name the encoding, not the field).
    static func checkStorable(_ text: String, _ field: String) throws {
        guard !text.utf8.contains(0) else {
            throw HierarchySourceError(
                .malformed, "the \(field) has a NUL character, which PostgreSQL text cannot hold")
        }
    }

    /// The rules and queries of editing both stores share.
    typealias Edits = StoreEdits<PostgresItems>

    /// Locks an item's row for the transaction.
    static func lockItem(_ id: String, _ connection: PostgresConnection, _ logger: Logger) async throws -> Edits.Located
    {
        // No stored id holds a NUL (the server would refuse the query's parameter).
        guard !id.utf8.contains(0) else { throw Edits.notFound(id) }
        for try await row in try await connection.query(
            Self.query(Edits.locate(id, suffix: " FOR UPDATE")), logger: logger)
        {
            let (key, parent, position, count) = try row.decode((Int64, Int64?, Int64, Int64).self)
            return Edits.Located(key: key, parent: parent, position: position, childCount: count)
        }
        throw Edits.notFound(id)
    }

    static func single<T: PostgresDecodable>(_ rows: PostgresRowSequence, _ type: T.Type) async throws -> T? {
        for try await row in rows { return try row.decode(T.self) }
        return nil
    }

    /// Runs `body` in a transaction on a pooled connection, mapping errors.
    func transaction<T: Sendable>(_ body: (PostgresConnection, Logger) async throws -> T) async throws -> T {
        let logger = self.logger
        do {
            return try await client.withTransaction(logger: logger) { connection in
                // The triggers leave the position shifts of this transaction to the edit's own notification.
                try await connection.query("SELECT set_config('hierarchy.edit', 'on', true)", logger: logger)
                return try await body(connection, logger)
            }
        } catch {
            throw PostgresErrors.map(error, url: url)
        }
    }
}
