import HierarchySources

/// The rules of editing that both stores follow, and the queries they share: where an added or
/// moved item goes, which items cannot be moved or deleted, a move's check against the item's
/// own subtree and a delete's subtree. Each store runs them in a transaction of its own and keeps
/// its counts, positions and notifications in its own way (SQLite by its statements, PostgreSQL
/// by its triggers).
package enum StoreEdits<Items: StoreItems> {
    /// An item found for an edit: its key, its parent's key (`nil` at the top), its position and
    /// its number of children.
    package struct Located: Sendable {
        package var key: Int64
        package var parent: Int64?
        package var position: Int64
        package var childCount: Int64

        package init(key: Int64, parent: Int64?, position: Int64, childCount: Int64) {
            self.key = key
            self.parent = parent
            self.position = position
            self.childCount = childCount
        }
    }

    /// The item with id `id` (key, parent, position, child count).
    ///
    /// - Parameter suffix: SQL after the query (`FOR UPDATE`, to lock the row).
    package static func locate(_ id: String, suffix: String = "") -> StoreQuery {
        "SELECT key, parent, \(raw: Items.position), child_count FROM \(raw: Items.table) WHERE id = \(Items.id(id))\(raw: suffix)"
    }

    /// The error for an id that names no item.
    package static func notFound(_ id: String) -> HierarchySourceError {
        HierarchySourceError(.notFound, "no item with id \"\(id)\"")
    }

    /// The position an item is added at: `position` kept within the parent's children, the end
    /// when `nil`.
    package static func index(_ position: Int?, count: Int64) -> Int64 {
        Int64(min(max(position ?? Int(count), 0), Int(count)))
    }

    /// The position an item moves to among `parent`'s children, which it leaves first when it
    /// already is one of them.
    package static func moveIndex(_ position: Int?, parent: Located, item: Located) -> Int64 {
        index(position, count: item.parent == parent.key ? parent.childCount - 1 : parent.childCount)
    }

    /// Refuses to move or delete (`verb`) a top-level item.
    ///
    /// - Returns: The item's parent key.
    package static func parent(of item: Located, id: String, cannot verb: String, origin: String?) throws -> Int64 {
        guard let parent = item.parent else {
            throw HierarchySourceError(.unsupported, "the top item \"\(id)\" cannot be \(verb)", path: origin)
        }
        return parent
    }

    /// The keys of the item with key `key` and of its ancestors.
    ///
    /// - Complexity: one primary-key seek per ancestor.
    package static func ancestors(ofKey key: Int64) -> StoreQuery {
        """
        WITH RECURSIVE chain(key, parent) AS (
            SELECT key, parent FROM \(raw: Items.table) WHERE key = \(.integer(key))
            UNION SELECT h.key, h.parent FROM \(raw: Items.table) h JOIN chain ON h.key = chain.parent
        ) SELECT key FROM chain
        """
    }

    /// Refuses a move of `item` under `parent` when `ancestors` (the keys of ``ancestors(ofKey:)``
    /// for `parent`) hold the item.
    package static func checkMove(
        _ item: Located, id: String, into parentID: String, ancestors: [Int64], origin: String?
    ) throws {
        if ancestors.contains(item.key) {
            throw HierarchySourceError(
                .cycle, "cannot move \"\(id)\" into its own subtree (\"\(parentID)\")", path: origin)
        }
    }

    /// The start of a query over the item with key `key` and its descendants, the common table
    /// `subtree(key)`.
    ///
    /// - Complexity: one seek in the parent index per item of the subtree.
    package static func subtree(ofKey key: Int64) -> StoreQuery {
        """
        WITH RECURSIVE subtree(key) AS (
            SELECT CAST(\(.integer(key)) AS BIGINT)
            UNION ALL SELECT h.key FROM \(raw: Items.table) h JOIN subtree ON h.parent = subtree.key
        )
        """
    }
}
