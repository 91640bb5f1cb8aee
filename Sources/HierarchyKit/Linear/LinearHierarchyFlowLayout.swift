/// The flow layout of a linear hierarchy's collection: the axis, the item size and the spacing
/// (`CBLinearHierarchyFlowLayout`). It makes the `LinearHierarchyLayout` that computes frames.
@MainActor
open class LinearHierarchyFlowLayout {
    /// Horizontal (the path is one row, the current level after it) or vertical.
    open var scrollDirection: LinearHierarchyLayout.ScrollDirection = .horizontal
    /// The gap between neighbouring items.
    open var minimumInteritemSpacing: Double = 5
    /// The size of every item that has no size of its own (`sizeForItemAt`).
    open var itemSize = LinearSize(width: 100, height: 44)
    /// The gap between sections; `nil` (the default) uses `minimumInteritemSpacing`.
    open var sectionSpacing: Double?
    /// Reading direction.
    open var layoutDirection: LinearHierarchyLayout.LayoutDirection = .leftToRight

    /// Makes a horizontal layout of 100 × 44 items, 5 apart, left to right.
    public init() {}

    /// The frame computation for these settings: a horizontal row never wraps (it scrolls).
    open var layout: LinearHierarchyLayout {
        LinearHierarchyLayout(
            scrollDirection: scrollDirection, itemSize: itemSize, minimumInteritemSpacing: minimumInteritemSpacing,
            sectionSpacing: sectionSpacing ?? minimumInteritemSpacing, lineSpacing: minimumInteritemSpacing,
            wrapsItems: false,
            layoutDirection: layoutDirection)
    }
}
