/// The inner view of a hierarchy cell: the business object's title, subtitle, footnote,
/// status, images and icons.
///
/// Subclass it (as the documentation invites) and return the subclass from the cell's
/// `makeItemView()`: the cell copies `textLines`, speaks `accessibilityLabel` and calls
/// `prepareForReuse()` through the subclass.
open class HierarchyItemView {
    /// The business object's title, the first line.
    public let title = HierarchyLabel()
    /// The second line.
    public let subtitle = HierarchyLabel()
    /// The third line.
    public let footnote = HierarchyLabel()
    /// A short status text on the trailing side.
    public let status = HierarchyLabel()
    /// The image beside the status text.
    public let statusImageView = HierarchyImageView()
    /// The image at the leading edge.
    public let detailImageView = HierarchyImageView()
    /// Small icons before the title (text icons or images).
    public var iconImages: [HierarchyImage] = []

    /// Makes an empty item view.
    public init() {}

    /// The status image.
    public var statusImage: HierarchyImage? {
        get { statusImageView.image }
        set { statusImageView.image = newValue }
    }

    /// The detail image (shown on the leading side).
    public var detailImage: HierarchyImage? {
        get { detailImageView.image }
        set { detailImageView.image = newValue }
    }

    /// Title, subtitle and footnote that are not empty, in that order (what copying copies).
    open var textLines: [String] {
        [title.visibleText, subtitle.visibleText, footnote.visibleText].compactMap { $0 }
    }

    /// Title, subtitle, footnote and status, joined for a screen reader.
    open var accessibilityLabel: String {
        [title.visibleText, subtitle.visibleText, footnote.visibleText, status.visibleText]
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// Clears the content before the cell is reused for another item.
    open func prepareForReuse() {
        for label in [title, subtitle, footnote, status] {
            label.text = nil
        }
        statusImageView.image = nil
        detailImageView.image = nil
        iconImages = []
    }
}
