import HierarchySources
import PostgresNIO

extension PostgresSource: HierarchyEditableSource {
    /// Adds an item; its siblings from `position` on move down one place.
    ///
    /// - Complexity: one transaction: two index seeks, the shift (O(later siblings)), one insert.
    public func addItem(parentID: String, title: String, id: String?, position: Int?) async throws -> HierarchyNode {
        try Self.checkStorable(title, "title")
        if let id { try Self.checkStorable(id, "id") }
        return try await transaction { connection, logger in
            let (parentKey, count) = try await Self.lockItem(parentID, connection, logger)
            let index = Int64(min(max(position ?? Int(count.childCount), 0), Int(count.childCount)))
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
        guard !id.utf8.contains(0) else { throw HierarchySourceError(.notFound, "no item with id \"\(id)\"") }
        try await transaction { connection, logger in
            let updated = try await Self.single(
                connection.query(
                    "UPDATE hierarchy_item SET title = \(title) WHERE id = \(id) RETURNING key", logger: logger),
                Int64.self)
            guard updated != nil else { throw HierarchySourceError(.notFound, "no item with id \"\(id)\"") }
        }
    }

    /// Moves an item with its subtree.
    ///
    /// - Complexity: one transaction: the path of the new parent (one seek per ancestor), the
    ///   shifts among the old and new siblings, one update.
    public func moveItem(id: String, toParentID parentID: String, position: Int?) async throws {
        try await transaction { connection, logger in
            let (key, item) = try await Self.lockItem(id, connection, logger)
            guard let oldParent = item.parent else {
                throw HierarchySourceError(.unsupported, "the top item \"\(id)\" cannot be moved")
            }
            let (parentKey, parent) = try await Self.lockItem(parentID, connection, logger)
            // Refuse a move into the item's own subtree.
            var ancestors: [Int64] = []
            for try await row in try await connection.query(
                """
                WITH RECURSIVE chain(key, parent) AS (
                    SELECT key, parent FROM hierarchy_item WHERE key = \(parentKey)
                    UNION SELECT h.key, h.parent FROM hierarchy_item h JOIN chain ON h.key = chain.parent
                ) SELECT key FROM chain
                """, logger: logger)
            {
                ancestors.append(try row.decode(Int64.self))
            }
            if ancestors.contains(key) {
                throw HierarchySourceError(.cycle, "cannot move \"\(id)\" into its own subtree (\"\(parentID)\")")
            }
            try await connection.query(
                "UPDATE hierarchy_item SET position = position - 1 WHERE parent = \(oldParent) AND position > \(item.position)",
                logger: logger)
            let count = oldParent == parentKey ? parent.childCount - 1 : parent.childCount
            let index = Int64(min(max(position ?? Int(count), 0), Int(count)))
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
            let (key, item) = try await Self.lockItem(id, connection, logger)
            guard let parent = item.parent else {
                throw HierarchySourceError(.unsupported, "the top item \"\(id)\" cannot be deleted")
            }
            let deleted =
                try await Self.single(
                    connection.query(
                        """
                        WITH RECURSIVE subtree(key) AS (
                            SELECT \(key)::bigint UNION ALL SELECT h.key FROM hierarchy_item h JOIN subtree ON h.parent = subtree.key
                        ), gone AS (DELETE FROM hierarchy_item WHERE key IN (SELECT key FROM subtree) RETURNING 1)
                        SELECT count(*) FROM gone
                        """, logger: logger), Int64.self) ?? 0
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

    struct LockedItem {
        var parent: Int64?
        var position: Int64
        var childCount: Int64
    }

    /// Locks an item's row for the transaction.
    static func lockItem(_ id: String, _ connection: PostgresConnection, _ logger: Logger) async throws -> (
        Int64, LockedItem
    ) {
        // No stored id holds a NUL (the server would refuse the query's parameter).
        guard !id.utf8.contains(0) else { throw HierarchySourceError(.notFound, "no item with id \"\(id)\"") }
        for try await row in try await connection.query(
            "SELECT key, parent, position, child_count FROM hierarchy_item WHERE id = \(id) FOR UPDATE", logger: logger)
        {
            let (key, parent, position, count) = try row.decode((Int64, Int64?, Int64, Int64).self)
            return (key, LockedItem(parent: parent, position: position, childCount: count))
        }
        throw HierarchySourceError(.notFound, "no item with id \"\(id)\"")
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
