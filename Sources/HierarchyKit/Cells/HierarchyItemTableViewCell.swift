/// The table form of a hierarchy cell: one full-width row with the hierarchy indicator in a
/// reserved margin on the trailing side (38 units multi-line, 74 single-line, mirrored in
/// right-to-left layouts).
@MainActor
open class HierarchyItemTableViewCell: HierarchyCollectionItem {
    /// Trailing margins are managed by the cell so the indicator fits; setting them has no effect.
    public var directionalLayoutMargins: EdgeInsets {
        get { EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0) }
        set { _ = newValue }
    }

    public required init() {
        super.init()
    }

    /// The margin reserved for the indicator on the trailing side.
    public func reservedTrailingMargin(in metrics: HierarchyLayoutMetrics) -> Double {
        hierarchyIndicator.reservedWidth(in: metrics)
    }

    /// Sets the selected state (the table-view spelling).
    open func setSelected(_ selected: Bool, animated: Bool) {
        isSelected = selected
    }
}
