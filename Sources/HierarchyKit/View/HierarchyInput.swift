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
