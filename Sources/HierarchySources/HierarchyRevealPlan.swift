/// What a view needs to show one item: its path from the top and, for every level on the way, the
/// parent's child count, the position of the next item among its children and the page around it.
///
/// Made by ``HierarchyRevealer``; applied to a view by
/// ``HierarchySourceDataSource/reveal(id:)``. A plan never holds more than one page of children per
/// level, however many children a parent has.
public struct HierarchyRevealPlan: Sendable, Equatable {
    /// One step down the path: from ``parent`` to its child at ``childIndex``.
    public struct Level: Sendable, Equatable {
        /// The item whose children are shown at this level.
        public var parent: HierarchyNode
        /// The number of children of ``parent``.
        public var childCount: Int
        /// The position of the next item on the path among the children of ``parent``.
        public var childIndex: Int
        /// The position of the first item of ``page``.
        public var pageStart: Int
        /// The page of children that holds the next item on the path.
        public var page: [HierarchyNode]

        /// Creates a level.
        ///
        /// - Parameters:
        ///   - parent: The parent.
        ///   - childCount: Its number of children.
        ///   - childIndex: The position of the next item on the path.
        ///   - pageStart: The position of the first item of `page`.
        ///   - page: The page of children holding the next item.
        public init(parent: HierarchyNode, childCount: Int, childIndex: Int, pageStart: Int, page: [HierarchyNode]) {
            self.parent = parent
            self.childCount = childCount
            self.childIndex = childIndex
            self.pageStart = pageStart
            self.page = page
        }
    }

    /// The path from the topmost ancestor to the item, both included.
    public var path: [HierarchyNode]
    /// The position in ``path`` of the first level's parent: the item the view keeps as its top
    /// (0 when the view must start again at the top of the hierarchy).
    public var anchorIndex: Int
    /// The levels from `path[anchorIndex]` down to the item's parent.
    public var levels: [Level]

    /// The item to reveal.
    public var target: HierarchyNode? { path.last }
}
