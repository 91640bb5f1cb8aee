/// Provides the items of a hierarchy view, identified by uuid strings.
///
/// The view asks lazily: the root once, the number of children once per expanded item, and
/// child uuids and cells only for rows that are visible or in the prefetch window. A data
/// source that has not loaded something yet may answer 0 children or a nil parent, load in
/// the background and later call `insertChildren(of:at:)` or `invalidateParent(of:)`.
public protocol HierarchyViewDataSource: AnyObject {
    /// The uuid of the item shown first, or `nil` for an empty view.
    func rootUUID(in hierarchyView: HierarchyView) -> String?

    /// The number of children of an item (0 while they are still loading).
    func hierarchyView(_ hierarchyView: HierarchyView, numberOfChildrenForItemWith uuid: String) -> Int

    /// The uuid of the child at `index` of the parent.
    func hierarchyView(_ hierarchyView: HierarchyView, uuidForChildItemAt index: Int, with parentUUID: String) -> String

    /// The parent of an item, or `nil` if it has none or it is still loading.
    func hierarchyView(_ hierarchyView: HierarchyView, parentForItemWith uuid: String) -> String?

    /// The view will soon show these items: start loading their content.
    func hierarchyView(_ hierarchyView: HierarchyView, prefetchDataForItemsWith uuids: [String])

    /// The rows the view shows or prefetches changed: `windows` holds, for each expanded item
    /// whose column is on screen, the range of its children's rows in the prefetch window.
    /// Loads for rows outside every window are no longer needed and may be cancelled.
    ///
    /// An addition to the seed API for data sources that load children in pages.
    func hierarchyView(_ hierarchyView: HierarchyView, didChangeRowWindows windows: [String: Range<Int>])

    /// A configured cell for an item, usually from `dequeueReusableCell(withReuseIdentifier:with:)`.
    func hierarchyView(_ hierarchyView: HierarchyView, cellForItemWith uuid: String) -> HierarchyCollectionItem

    /// The title of an item, shown in the header when the item is the parent of the leading column.
    func hierarchyView(_ hierarchyView: HierarchyView, titleForItemWith uuid: String) -> String?

    /// Optional: the index of a child among its parent's children, if known cheaply.
    ///
    /// The view uses it to find the item it came from after `invalidateParent(of:)`. The
    /// default returns `nil`, and the view then looks through the parent's children itself
    /// (at most `HierarchyLayoutMetrics.childSearchLimit` of them).
    func hierarchyView(
        _ hierarchyView: HierarchyView, indexOfChildItemWith uuid: String, inParentWith parentUUID: String
    ) -> Int?

    /// Whether the row of `uuid` is a real item, still loading, or failed (optional).
    func hierarchyView(_ hierarchyView: HierarchyView, stateOfItemWith uuid: String) -> HierarchyItemState
}

extension HierarchyViewDataSource {
    /// Whether a row shows a real item, a row still loading or a row that failed; a data
    /// source that answers placeholder uuids (pages still loading) says which they are here.
    /// The default: every item is loaded.
    public func hierarchyView(_ hierarchyView: HierarchyView, stateOfItemWith uuid: String) -> HierarchyItemState {
        .loaded
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, parentForItemWith uuid: String) -> String? { nil }

    public func hierarchyView(_ hierarchyView: HierarchyView, prefetchDataForItemsWith uuids: [String]) {}

    public func hierarchyView(_ hierarchyView: HierarchyView, didChangeRowWindows windows: [String: Range<Int>]) {}

    public func hierarchyView(_ hierarchyView: HierarchyView, cellForItemWith uuid: String) -> HierarchyCollectionItem {
        let cell = hierarchyView.dequeueReusableCell(withReuseIdentifier: CellReuseQueue.defaultIdentifier, with: uuid)
        cell.title.text = self.hierarchyView(hierarchyView, titleForItemWith: uuid) ?? uuid
        let count = self.hierarchyView(hierarchyView, numberOfChildrenForItemWith: uuid)
        cell.isHierarchyButtonHidden = count == 0
        cell.hierarchyAttributeText = count > 0 ? String(count) : nil
        return cell
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, titleForItemWith uuid: String) -> String? { nil }

    public func hierarchyView(
        _ hierarchyView: HierarchyView, indexOfChildItemWith uuid: String, inParentWith parentUUID: String
    ) -> Int? {
        nil
    }
}
