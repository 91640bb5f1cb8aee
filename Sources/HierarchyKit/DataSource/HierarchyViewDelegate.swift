/// Reacts to taps in a hierarchy view. Both methods are optional.
public protocol HierarchyViewDelegate: AnyObject {
    /// The user tapped the hierarchy indicator of an item.
    ///
    /// The default implementation expands the item (its children fill the next column). A
    /// delegate that implements this method takes the tap over: call
    /// `hierarchyView.send(.expandItem(with:))` to expand anyway.
    func hierarchyView(_ hierarchyView: HierarchyView, hierarchyButtonTappedForItemWith uuid: String)

    /// The user tapped the body of an item (in editing mode: selected or deselected it).
    func hierarchyView(_ hierarchyView: HierarchyView, didSelectItemWith uuid: String)
}

extension HierarchyViewDelegate {
    public func hierarchyView(_ hierarchyView: HierarchyView, hierarchyButtonTappedForItemWith uuid: String) {
        hierarchyView.send(.expandItem(with: uuid))
    }

    public func hierarchyView(_ hierarchyView: HierarchyView, didSelectItemWith uuid: String) {}
}
