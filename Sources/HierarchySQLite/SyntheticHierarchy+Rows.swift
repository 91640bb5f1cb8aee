extension SyntheticHierarchy {
    /// One generated item, for writers other than the SQLite importer (the PostgreSQL store).
    public struct Item: Sendable, Equatable {
        public var key: Int64
        public var parent: Int64?
        /// The 0-based position among its siblings.
        public var position: Int64
        public var id: String
        public var title: String
        public var subtitle: String?
        public var footnote: String?
        public var status: String?
        public var childCount: Int64
    }

    /// Makes the items level by level with ascending keys, in batches, exactly as
    /// `SQLiteImporter.generate(_:)` writes them (item `n<key>`, the root `n0`).
    ///
    /// - Parameter emit: Receives each batch; returns `false` to stop early.
    /// - Returns: The number of items made.
    /// - Complexity: O(nodes) time; memory O(size of the two largest levels).
    @discardableResult
    public func generateItems(_ emit: ([Item]) -> Bool) -> Int64 {
        SQLiteImporter.generateRows(self) { rows, _ in
            emit(
                rows.map {
                    Item(
                        key: $0.key, parent: $0.parent, position: $0.sortKey, id: $0.id, title: $0.title,
                        subtitle: $0.subtitle, footnote: $0.footnote, status: $0.status, childCount: $0.childCount)
                })
        }
    }
}
