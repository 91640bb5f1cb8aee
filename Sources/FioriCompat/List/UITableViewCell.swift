import ListFloorplan

/// A minimal table cell for code written against UIKit: a reusable object that describes its content.
@MainActor
open class UITableViewCell {
    /// The identifier the cell was dequeued with.
    public internal(set) var reuseIdentifier: String?

    /// Creates a cell.
    public required init() {}

    /// The text the renderers show for this cell; the plain cell shows `reuseIdentifier`.
    ///
    /// - Returns: The cell's content.
    open func listCellContent() -> ListCellContent {
        ListCellContent(headline: reuseIdentifier ?? "")
    }
}
