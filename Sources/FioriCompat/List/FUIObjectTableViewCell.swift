import ListFloorplan

/// The Fiori object cell: a headline, a subheadline, a footnote and statuses.
@MainActor
open class FUIObjectTableViewCell: UITableViewCell {
    /// The identifier under which every table knows this cell.
    open class var reuseIdentifier: String { "FUIObjectTableViewCell" }

    /// The main line.
    public var headlineText: String?
    /// The second line.
    public var subheadlineText: String?
    /// The third line.
    public var footnoteText: String?
    /// A longer description.
    public var descriptionText: String?
    /// The status at the trailing edge.
    public var statusText: String?
    /// The second status at the trailing edge.
    public var substatusText: String?

    /// Creates a cell.
    public required init() {}

    open override func listCellContent() -> ListCellContent {
        ListCellContent(
            headline: headlineText ?? "",
            subheadline: subheadlineText,
            footnote: footnoteText ?? descriptionText,
            status: statusText ?? substatusText
        )
    }
}
