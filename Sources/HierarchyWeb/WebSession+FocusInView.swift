import HierarchyKit

extension WebSession {
    /// Whether the focused row is shown whole in its column, or not on screen at all.
    ///
    /// - Returns: nil when there is no focus or its column is not laid out; else whether the
    ///   row's frame lies inside its column's frame.
    /// - Complexity: O(v) for the v rows on screen.
    static func focusIsInView(_ snapshot: HierarchyViewSnapshot, focus: (column: Int, row: Int)) -> Bool? {
        guard let column = snapshot.columns.first(where: { $0.index == focus.column }) else { return nil }
        guard let item = column.items.first(where: { $0.row == focus.row }) else { return false }
        return item.frame.minY >= column.frame.minY - 0.5 && item.frame.maxY <= column.frame.maxY + 0.5
    }

    /// Scrolls the focused row back into view when the rows around it changed height after
    /// the key that moved it (a page of a store arrived with rows taller or shorter than the
    /// estimate, so End left the last row below the viewport), as long as no scroll or pan
    /// since then asked for another place.
    ///
    /// - Parameter snapshot: the view's snapshot now.
    /// - Returns: a new snapshot when the column scrolled, else nil.
    /// - Complexity: O(v) for the v rows on screen, plus a layout when it scrolls.
    func keepFocusInView(_ snapshot: HierarchyViewSnapshot) -> HierarchyViewSnapshot? {
        guard followsFocus, let focus = view.focusedPosition,
            Self.focusIsInView(snapshot, focus: focus) == false
        else { return nil }
        let before = view.contentOffsetY(ofColumn: focus.column)
        view.send(.focusRow(focus.row, inColumn: focus.column))
        view.layoutIfNeeded()
        guard view.contentOffsetY(ofColumn: focus.column) != before else { return nil }
        return view.snapshot()
    }
}
