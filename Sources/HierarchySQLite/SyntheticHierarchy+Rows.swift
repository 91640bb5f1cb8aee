import HierarchySources

extension SyntheticHierarchy {
    /// Makes the items level by level with ascending keys, in batches, exactly as
    /// `SQLiteImporter.generate(_:)` writes them (item `n<key>`, the root `n0`).
    ///
    /// - Parameter emit: Receives each batch; returns `false` to stop early.
    /// - Returns: The number of items made.
    /// - Complexity: O(nodes) time; memory O(size of the two largest levels).
    @discardableResult
    public func generateItems(_ emit: ([ItemRecord]) -> Bool) -> Int64 {
        SQLiteImporter.generateRows(self) { rows, _ in emit(rows) }
    }
}
