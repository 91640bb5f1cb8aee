import Foundation

/// What is under a point of the view.
public enum HierarchyHitTestResult: Hashable, Sendable {
    /// The body of an item.
    case item(uuid: String, column: Int, row: Int)
    /// The hierarchy indicator of an item.
    case indicator(uuid: String, column: Int, row: Int)
    /// A row without an item yet: still loading, or one that could not be read.
    case pendingRow(column: Int, row: Int)
    /// Empty space in a column.
    case column(Int)
    /// The header's previous button (compact width).
    case previousButton
    /// The header's next button (compact width).
    case nextButton
    /// The header's title.
    case headerTitle
    /// Empty space.
    case nothing
}

/// A direction of a quick horizontal swipe (where the finger moves).
public enum HierarchySwipeDirection: Sendable, Hashable {
    /// Towards the left: deeper when left to right.
    case left
    /// Towards the right: back when left to right.
    case right
}

/// A keyboard focus move within a column.
public enum HierarchyFocusMove: Sendable, Hashable {
    /// One row up.
    case up
    /// One row down.
    case down
    /// One screen up.
    case pageUp
    /// One screen down.
    case pageDown
    /// To the first row.
    case home
    /// To the last row.
    case end
}

/// Input from a renderer (taps, swipes, pans, scrolling, keyboard focus, resizing), handed to
/// ``HierarchyView/send(_:)``: the view runs it through the core's rules and lays out.
public enum HierarchyInput: Hashable, Sendable {
    /// The viewport size changed (a terminal resize, a browser window resize).
    case setSize(Size)

    /// A tap at a point: the header buttons, an indicator or an item body, as ``HierarchyView/hitTest(_:)`` finds.
    case tap(at: Point)
    /// A tap on the hierarchy indicator of an item: the indicator's handler runs, then the
    /// delegate's `hierarchyButtonTappedForItemWith` (whose default expands the item), or the
    /// item expands when there is no delegate.
    case tapIndicator(ofItemWith: String)
    /// A tap on the body of an item. In editing mode it selects or deselects the item (single or
    /// multiple selection); otherwise it focuses the item and, if it has children, expands it.
    /// Both tell the delegate `didSelectItemWith`.
    case tapItem(with: String)
    /// Expands an item shown in a column: its children fill the next column, deeper columns
    /// close, and the new column scrolls into view.
    case expandItem(with: String)
    /// Collapses the column after the one showing the item (the item stays, its children close).
    case collapseItem(with: String)
    /// Selects or deselects an item in editing mode, as a tap would, without telling the delegate.
    case setSelected(Bool, uuid: String)

    /// Shows the previous level (the header's previous button, a swipe back). At the first
    /// column, asks the data source for the parent first.
    case showPreviousLevel
    /// Shows the next level (the header's next button, a swipe forward).
    case showNextLevel
    /// A quick swipe: left shows the next level, right the previous one (swapped right to left).
    case swipe(HierarchySwipeDirection)
    /// Starts a horizontal pan.
    case beginPan
    /// Moves a pan in progress: `translation` is how far the finger moved horizontally since
    /// ``beginPan`` (positive = to the right). The columns follow continuously.
    case pan(translation: Double)
    /// Ends a pan and snaps to a level: the pan commits one level per column width moved,
    /// counting a level once it is `panCommitFraction` (25%) of the way, or one level in the
    /// direction of a release faster than `swipeVelocityThreshold`. `velocity` is the
    /// horizontal speed at release, units per second (positive = to the right).
    case endPan(velocity: Double)

    /// Scrolls one column vertically by `by` units (positive = further down the list).
    case scroll(column: Int, by: Double)
    /// Scrolls the column under a point (a mouse wheel).
    case scrollColumn(at: Point, by: Double)
    /// Scrolls an item into view and focuses it.
    case scrollToItem(with: String)

    /// Moves the focus within its column and scrolls it into view.
    case moveFocus(HierarchyFocusMove)
    /// Focuses a row of a column (and previews its children with `expandsFocusedItem`).
    case focusRow(Int, inColumn: Int)
    /// Moves the focus into the next level: expands the focused item and focuses its first child.
    case focusNextLevel
    /// Moves the focus back to the expanded item of the previous level.
    case focusPreviousLevel
}
