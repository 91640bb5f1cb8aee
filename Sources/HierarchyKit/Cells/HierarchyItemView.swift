/// The inner view of a hierarchy cell: the business object's title, subtitle, footnote,
/// status, images and icons.
@MainActor
public final class HierarchyItemView {
    public let title = HierarchyLabel()
    public let subtitle = HierarchyLabel()
    public let footnote = HierarchyLabel()
    public let status = HierarchyLabel()
    public let statusImageView = HierarchyImageView()
    public let detailImageView = HierarchyImageView()
    /// Small icons before the title (text icons or images).
    public var iconImages: [HierarchyImage] = []

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

    /// Title, subtitle, footnote and status that are not empty, in that order.
    public var textLines: [String] {
        [title.visibleText, subtitle.visibleText, footnote.visibleText].compactMap { $0 }
    }

    func reset() {
        for label in [title, subtitle, footnote, status] {
            label.text = nil
        }
        statusImageView.image = nil
        detailImageView.image = nil
        iconImages = []
    }
}
