import HierarchySources

/// How a store names its items: what ``StoreReads`` builds the reads of both stores from.
///
/// Both stores keep one table of items with the same columns (`key`, `id`, `parent`,
/// `child_count` and the texts); they differ in the table's name, the sibling position's
/// column, the select list their decoders read and how an id is bound.
package protocol StoreItems {
    /// The table of items.
    static var table: String { get }
    /// The select list of a node, over the item aliased `i`, as the store's decoder reads it.
    static var columns: String { get }
    /// The column of a child's position among its siblings.
    static var position: String { get }
    /// An id as compared with the `id` column.
    static func id(_ id: String) -> StoreQuery
}

/// The reads both stores make, as queries (see ``StoreQuery``); each store runs them and
/// decodes the rows.
package enum StoreReads<Items: StoreItems> {
    /// The first top-level item.
    ///
    /// - Complexity: one index seek.
    package static var root: StoreQuery {
        "SELECT \(raw: Items.columns) FROM \(raw: Items.table) i WHERE i.parent IS NULL ORDER BY i.\(raw: Items.position), i.key LIMIT 1"
    }

    /// The item with id `id`.
    ///
    /// - Complexity: one index seek.
    package static func node(_ id: String) -> StoreQuery {
        "SELECT \(raw: Items.columns) FROM \(raw: Items.table) i WHERE i.id = \(Items.id(id))"
    }

    /// The parent of the item with id `id`: no row for a top-level or unknown item.
    ///
    /// - Complexity: two index seeks.
    package static func parent(_ id: String) -> StoreQuery {
        """
        SELECT \(raw: Items.columns) FROM \(raw: Items.table) i
        WHERE i.key = (SELECT parent FROM \(raw: Items.table) WHERE id = \(Items.id(id)))
        """
    }

    /// The maintained number of children of the item with id `id` (no row for an unknown item).
    ///
    /// - Complexity: one index seek.
    package static func childCount(_ id: String) -> StoreQuery {
        "SELECT child_count FROM \(raw: Items.table) WHERE id = \(Items.id(id))"
    }

    /// The item with id `id` and its ancestors, topmost first: at most `limit + 1` rows, more
    /// than `limit` only when the chain of parents does not end (see ``checkedPath(_:id:limit:origin:)``).
    ///
    /// - Complexity: one primary-key seek per ancestor, in one recursive query.
    package static func path(_ id: String, limit: Int) -> StoreQuery {
        """
        WITH RECURSIVE chain(key, parent, depth) AS (
            SELECT key, parent, 0 FROM \(raw: Items.table) WHERE id = \(Items.id(id))
            UNION ALL
            SELECT h.key, h.parent, chain.depth + 1 FROM \(raw: Items.table) h JOIN chain ON h.key = chain.parent
            WHERE chain.depth < \(limit)
        )
        SELECT \(raw: Items.columns) FROM chain JOIN \(raw: Items.table) i ON i.key = chain.key
        ORDER BY chain.depth DESC
        """
    }

    /// The rows of ``path(_:limit:)``, or the error of an item that is its own ancestor.
    ///
    /// - Throws: `HierarchySourceError.Code.cycle` when there are more than `limit` rows.
    package static func checkedPath<Node>(_ rows: [Node], id: String, limit: Int, origin: String) throws -> [Node] {
        guard rows.count <= limit else {
            throw HierarchySourceError(.cycle, "the item \"\(id)\" is its own ancestor", path: origin)
        }
        return rows
    }

    /// The parent's key and the position of the item with id `childID` when it is a child of
    /// the item with id `parentID`; no row otherwise.
    ///
    /// - Complexity: two index seeks.
    package static func position(ofChild childID: String, inParent parentID: String) -> StoreQuery {
        """
        SELECT c.parent, c.\(raw: Items.position) FROM \(raw: Items.table) c JOIN \(raw: Items.table) p ON c.parent = p.key
        WHERE c.id = \(Items.id(childID)) AND p.id = \(Items.id(parentID))
        """
    }

    /// The number of children of the item with key `parentKey` before position `position`, for
    /// a store whose positions have gaps.
    ///
    /// - Complexity: one indexed count, O(position).
    package static func siblings(before position: Int64, parentKey: Int64) -> StoreQuery {
        "SELECT count(*) FROM \(raw: Items.table) WHERE parent = \(.integer(parentKey)) AND \(raw: Items.position) < \(.integer(position))"
    }
}
