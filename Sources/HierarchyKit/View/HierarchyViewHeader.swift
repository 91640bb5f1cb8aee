/// The header at the top of a hierarchy view (compact width, or every width under a
/// `HierarchyViewController`): the title of the parent of the
/// leading column, and buttons to go back and forth one level.
///
/// Subclass it (as the documentation invites) and set the subclass as the view's `header`:
/// the view fills `titleLabel` and the button states and calls `didUpdate()`; the snapshot
/// (what renderers draw) takes `title`, so an override of it is what is drawn.
open class HierarchyViewHeader {
    /// The title label: the parent item's title.
    public let titleLabel = HierarchyLabel()
    /// Whether the previous (back) button can be used.
    public private(set) var isPreviousEnabled = false
    /// Whether the next (forward) button can be used.
    public private(set) var isNextEnabled = false
    /// Whether it shows: in compact width, and in every width under a `HierarchyViewController`
    /// (the layout's `showsHeaderInRegularWidth`).
    public private(set) var isVisible = false

    /// Makes a header with no title.
    public init() {}

    /// The accessibility label (and the text a text renderer shows) of the previous button.
    open var previousButtonAccessibilityLabel: String { "Previous" }
    /// The accessibility label (and the text a text renderer shows) of the next button.
    open var nextButtonAccessibilityLabel: String { "Next" }

    /// The title text drawn: the title label's text.
    open var title: String? { titleLabel.text }

    /// Called after the view updated the title label and the button states (at the end of
    /// every layout pass, whether or not the header is shown).
    open func didUpdate() {}

    /// Takes what the view shows (at the end of every layout pass), then calls `didUpdate()`.
    func update(title: String?, isVisible: Bool, isPreviousEnabled: Bool, isNextEnabled: Bool) {
        titleLabel.text = title
        self.isVisible = isVisible
        self.isPreviousEnabled = isPreviousEnabled
        self.isNextEnabled = isNextEnabled
        didUpdate()
    }
}
