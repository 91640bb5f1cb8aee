/// A source whose items can be added, renamed, moved and deleted (the SQLite and PostgreSQL stores).
///
/// Positions are 0-based among the new siblings; `nil` appends. Every change reaches the views
/// open on the same store through ``HierarchySource/changes()``.
public protocol HierarchyEditableSource: HierarchySource {
    /// Adds an item under `parentID`.
    ///
    /// - Parameters:
    ///   - parentID: The new item's parent.
    ///   - title: Its title.
    ///   - id: Its identifier; the store makes one when `nil`.
    ///   - position: Where among the parent's children (clamped); `nil` appends.
    /// - Returns: The new item.
    /// - Throws: `HierarchySourceError`: `.notFound` (unknown parent), `.duplicateID`.
    func addItem(parentID: String, title: String, id: String?, position: Int?) async throws -> HierarchyNode

    /// Changes an item's title.
    ///
    /// - Throws: `HierarchySourceError.Code.notFound` for an unknown item.
    func renameItem(id: String, title: String) async throws

    /// Moves an item (with its subtree) under `parentID`.
    ///
    /// - Throws: `HierarchySourceError`: `.notFound`, `.cycle` (into its own subtree), `.unsupported`
    ///   (the top item).
    func moveItem(id: String, toParentID parentID: String, position: Int?) async throws

    /// Deletes an item and its subtree.
    ///
    /// - Returns: The number of items deleted.
    /// - Throws: `HierarchySourceError`: `.notFound`, `.unsupported` (the top item).
    func deleteItem(id: String) async throws -> Int
}
