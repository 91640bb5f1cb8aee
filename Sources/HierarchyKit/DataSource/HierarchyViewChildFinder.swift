/// A data source that can search all the children of an item, for type-select in columns too
/// large for the view to scan row by row (the view itself looks only at the rows it holds).
///
/// An addition to the seed API; `HierarchySourceDataSource` conforms over any source.
public protocol HierarchyViewChildFinder: AnyObject {
    /// The index of the first child of `parentUUID`, from `index` to the last child and then
    /// from the first, whose title starts with `prefix` ignoring case and diacritics; nil when
    /// none does or the search failed. Cancelled when the user types on or moves on.
    ///
    /// Runs on the caller's actor (the view's ``HierarchyView/isolation``): read the source
    /// off it and come back with the answer.
    nonisolated(nonsending) func hierarchyView(
        _ hierarchyView: HierarchyView, indexOfChildWithTitlePrefix prefix: String,
        inParentWith parentUUID: String, from index: Int
    ) async -> Int?
}
