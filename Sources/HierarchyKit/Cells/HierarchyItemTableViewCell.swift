/// The table form of a hierarchy cell: one full-width row with the hierarchy indicator in a
/// reserved margin on the trailing side (38 units multi-line, 74 single-line, mirrored in
/// right-to-left layouts).
open class HierarchyItemTableViewCell: HierarchyCollectionItem {
    private var margins = EdgeInsets.zero

    /// The margins around the row's content, in the metrics' units. Top, leading and bottom
    /// take effect (`contentFrame(in:metrics:layoutDirection:)`); setting the trailing edge
    /// has no effect, since the cell manages the trailing margin to position the hierarchy
    /// indicator (reading it gives 0). Open, so subclasses can override it.
    open var directionalLayoutMargins: EdgeInsets {
        get { EdgeInsets(top: margins.top, leading: margins.leading, bottom: margins.bottom, trailing: 0) }
        set { margins = EdgeInsets(top: newValue.top, leading: newValue.leading, bottom: newValue.bottom, trailing: 0) }
    }

    /// Makes an empty table cell.
    public required init() {
        super.init()
    }

    /// The margin reserved for the indicator on the trailing side.
    public func reservedTrailingMargin(in metrics: HierarchyLayoutMetrics) -> Double {
        hierarchyIndicator.reservedWidth(in: metrics)
    }

    /// Where the content goes inside a row's frame: the frame less the layout margins on the
    /// top, leading and bottom edges, and less the reserved indicator margin (when the
    /// indicator is shown) on the trailing edge; mirrored right to left.
    ///
    /// - Parameters:
    ///   - frame: The row's frame.
    ///   - metrics: The metrics giving the indicator's reserved width.
    ///   - layoutDirection: Left to right, or right to left (leading is on the right).
    /// - Returns: The content frame, never of negative size.
    /// - Complexity: O(1).
    public func contentFrame(in frame: Rect, metrics: HierarchyLayoutMetrics, layoutDirection: LayoutDirection) -> Rect
    {
        let m = directionalLayoutMargins
        let trailing = hierarchyIndicator.isHidden ? 0 : reservedTrailingMargin(in: metrics)
        let width = max(0, frame.width - m.leading - trailing)
        let height = max(0, frame.height - m.top - m.bottom)
        let x = layoutDirection == .leftToRight ? frame.minX + m.leading : frame.minX + trailing
        return Rect(x: x, y: frame.minY + m.top, width: width, height: height)
    }

    /// Sets the selected state (the table-view spelling). The view calls it whenever it
    /// configures the cell's state, so overrides hear every change.
    open func setSelected(_ selected: Bool, animated: Bool) {
        isSelected = selected
    }

    /// The table-view spelling, so that overrides of `setSelected(_:animated:)` hear it.
    override func setSelectedState(_ selected: Bool) {
        if state.isSelected != selected { setSelected(selected, animated: false) }
    }
}
