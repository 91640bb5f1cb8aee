/// What a paging data source knows of one child row: the item, or why there is none yet.
public enum HierarchyChildRow: Sendable, Hashable {
    /// The row's item.
    case item(String)
    /// The row's item is still being read; the data source tells the view when it arrives
    /// (``HierarchyView/invalidateChildren(of:at:)``).
    case loading
    /// The row's item could not be read, with a one-line reason.
    case failed(String)
}

/// A data source that reads children in pages and can say that a row is not loaded yet.
///
/// An addition to the seed API. A plain ``HierarchyViewDataSource`` must answer a uuid for
/// every row it counted; a paging one answers ``HierarchyChildRow/loading`` (or
/// ``HierarchyChildRow/failed(_:)``) instead, and the view keeps a loading (or failed) slot in
/// the column: the snapshot shows the row with that ``HierarchyItemState`` and an empty uuid,
/// nothing is cached for it, and the row is asked again at each layout pass until the item
/// is there. When a page arrives the data source calls
/// ``HierarchyView/invalidateChildren(of:at:)`` for its rows and the slots become the items.
public protocol HierarchyViewPagingDataSource: HierarchyViewDataSource {
    /// The child at `index` of the parent: its uuid, or the row's state while it has none.
    ///
    /// The view asks this instead of `hierarchyView(_:uuidForChildItemAt:with:)`.
    func hierarchyView(_ hierarchyView: HierarchyView, childAt index: Int, with parentUUID: String) -> HierarchyChildRow
}

extension HierarchyViewDataSource {
    /// What the data source knows of a child row: `hierarchyView(_:childAt:with:)` of a paging
    /// data source, else the uuid the seed API answers.
    func childRow(at row: Int, of parent: String, in view: HierarchyView) -> HierarchyChildRow {
        if let paging = self as? any HierarchyViewPagingDataSource {
            return paging.hierarchyView(view, childAt: row, with: parent)
        }
        return .item(hierarchyView(view, uuidForChildItemAt: row, with: parent))
    }

    /// The row of `child` among the children of `parent`: the data source's hint if it is in
    /// `rows` and the row there is the child, else the first row of `scan` that is.
    ///
    /// - Complexity: O(s) data source calls at worst for the s rows of `scan`.
    func row(of child: String, parent: String, rows: Range<Int>, scan: Range<Int>, in view: HierarchyView) -> Int? {
        if let hint = hierarchyView(view, indexOfChildItemWith: child, inParentWith: parent), rows.contains(hint),
            childRow(at: hint, of: parent, in: view) == .item(child)
        {
            return hint
        }
        return scan.first { childRow(at: $0, of: parent, in: view) == .item(child) }
    }
}
