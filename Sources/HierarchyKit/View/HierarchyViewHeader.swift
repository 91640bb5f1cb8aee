/// The header above a hierarchy view in compact width: the title of the parent of the
/// leading column, and buttons to go back and forth one level.
@MainActor
public final class HierarchyViewHeader {
    /// The title label: the parent item's title.
    public let titleLabel = HierarchyLabel()
    /// Whether the previous (back) button can be used.
    public internal(set) var isPreviousEnabled = false
    /// Whether the next (forward) button can be used.
    public internal(set) var isNextEnabled = false
    /// Shown only in compact width.
    public internal(set) var isVisible = false

    /// The accessibility label of the previous button.
    public let previousButtonAccessibilityLabel = "Previous"
    /// The accessibility label of the next button.
    public let nextButtonAccessibilityLabel = "Next"

    public init() {}

    /// The title text.
    public var title: String? { titleLabel.text }
}
