/// A cell of a linear hierarchy's collection: a title, an active flag and a background colour.
///
/// Subclass it for custom cells; a cell manager names the subclass
/// (`registerClassForCBLinearHierarchyCell()`) and the collection view creates it.
@MainActor
open class LinearHierarchyCell {
    /// The text shown.
    public let titleLabel = HierarchyLabel()
    /// Whether the cell is an active ancestor on the user's path.
    open var isActive = false
    /// The background colour (the controller sets the normal or the active colour).
    open var backgroundColor: ThemeColor?
    /// The identifier the cell was dequeued with.
    public internal(set) var reuseIdentifier: String?

    /// Makes an empty cell (the collection view creates cells of the registered class this way).
    public required init() {}

    /// The title's text.
    open var title: String? {
        get { titleLabel.text }
        set { titleLabel.text = newValue }
    }

    /// The text a text renderer draws for the cell (by default the title).
    open var displayText: String { titleLabel.text ?? "" }

    /// Clears the cell before it shows another item.
    open func prepareForReuse() {
        titleLabel.text = nil
        isActive = false
        backgroundColor = nil
    }
}
