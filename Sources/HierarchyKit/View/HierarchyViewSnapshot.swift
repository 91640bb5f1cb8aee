/// What a renderer draws: the header, the visible columns and their visible items, with
/// frames in view coordinates.
public struct HierarchyViewSnapshot {
    /// One visible item, or one row whose item is not loaded yet.
    public struct Item {
        /// The item's uuid; empty for a row a paging data source has no item for yet (its
        /// `state` is then `.loading` or `.failed`, and `cell` says so).
        public var uuid: String
        /// The column the item is in, counted from the first level.
        public var column: Int
        /// The item's row in its column.
        public var row: Int
        /// The item's frame in view coordinates.
        public var frame: Rect
        /// The configured cell (title, subtitle, footnote, status, indicator, accessory).
        public var cell: HierarchyCollectionItem
        /// The item's children fill the next column.
        public var isExpanded: Bool
        /// Selected in editing mode.
        public var isSelected: Bool
        /// Has the keyboard focus.
        public var isFocused: Bool
        /// A real item, a row still loading, or a row that could not be read.
        public var state: HierarchyItemState = .loaded
    }

    /// One visible column.
    public struct Column {
        /// The column's level, counted from the first.
        public var index: Int
        /// The expanded item of the previous column (nil for the first).
        public var parentUUID: String?
        /// The column's frame in view coordinates.
        public var frame: Rect
        /// The number of items in the column, shown or not.
        public var itemCount: Int
        /// How far the column is scrolled down.
        public var contentOffsetY: Double
        /// The height of all the column's items.
        public var contentHeight: Double
        /// Shows only the item the view came from while its parent's children load.
        public var isLoadingSiblings: Bool
        /// The scroll indicator's frame, when shown and the column scrolls.
        public var scrollIndicator: Rect?
        /// The visible items, top to bottom.
        public var items: [Item]
    }

    /// The header (compact width).
    public struct Header {
        /// The header's frame.
        public var frame: Rect
        /// The title of the parent of the leading column.
        public var title: String?
        /// Whether the previous button goes anywhere.
        public var isPreviousEnabled: Bool
        /// Whether the next button goes anywhere.
        public var isNextEnabled: Bool
    }

    /// The viewport size.
    public var size: Size
    /// Whether the view is in compact width (one column and the header).
    public var isCompact: Bool
    /// Left to right, or right to left.
    public var layoutDirection: LayoutDirection
    /// The header, in compact width.
    public var header: Header?
    /// The visible columns, leading first.
    public var columns: [Column]
    /// The number of loaded levels and the leading visible one.
    public var levelCount: Int
    /// The level of the leading visible column.
    public var leadingLevel: Int
    /// Whether the view is in editing mode.
    public var isEditing: Bool
    /// The uuid of the focused item.
    public var focusedUUID: String?
}
