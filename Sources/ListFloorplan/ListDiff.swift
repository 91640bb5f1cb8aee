/// The changes from one list snapshot to the next, for renderers that animate or redraw rows.
///
/// Identity and equality are kept apart: an item whose `id` is new is an insertion, an item whose
/// `id` disappeared is a removal, an item that kept its `id` but changed its value is a reload, and
/// an item that kept its `id` but changed its place relative to the other kept items (or changed its
/// section) is a move.
public struct ListDiff: Equatable, Sendable {
    /// A kept item that changed its place.
    public struct Move: Hashable, Sendable {
        /// Its position in the old snapshot.
        public var from: ListItemPath
        /// Its position in the new snapshot.
        public var to: ListItemPath

        /// Creates a move.
        ///
        /// - Parameters:
        ///   - from: The old position.
        ///   - to: The new position.
        public init(from: ListItemPath, to: ListItemPath) {
            self.from = from
            self.to = to
        }
    }

    /// Positions in the new snapshot of items whose identity is new, ascending.
    public var inserted: [ListItemPath]
    /// Positions in the old snapshot of items whose identity is gone, ascending.
    public var removed: [ListItemPath]
    /// Kept items that changed their order or section, by ascending new position.
    public var moved: [Move]
    /// Positions in the new snapshot of kept items whose value changed, ascending.
    public var reloaded: [ListItemPath]

    /// Creates a diff.
    ///
    /// - Parameters:
    ///   - inserted: New positions of inserted items.
    ///   - removed: Old positions of removed items.
    ///   - moved: Moves of kept items.
    ///   - reloaded: New positions of changed items.
    public init(
        inserted: [ListItemPath] = [],
        removed: [ListItemPath] = [],
        moved: [Move] = [],
        reloaded: [ListItemPath] = []
    ) {
        self.inserted = inserted
        self.removed = removed
        self.moved = moved
        self.reloaded = reloaded
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        inserted.isEmpty && removed.isEmpty && moved.isEmpty && reloaded.isEmpty
    }
}
