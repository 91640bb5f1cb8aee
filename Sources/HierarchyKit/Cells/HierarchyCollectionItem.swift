/// The default cell of a hierarchy view: a `HierarchyItemView` with a `HierarchyIndicator`
/// and an accessory.
///
/// Subclass it for custom cells and register the subclass with
/// `HierarchyView.register(_:forCellWithReuseIdentifier:)`. Cells are reused: the view
/// calls `prepareForReuse()` before handing a recycled cell out again.
@MainActor
open class HierarchyCollectionItem {
    /// The inner view with the business object's content.
    public let itemView = HierarchyItemView()
    /// The hierarchy indicator (child count and expand button).
    public let hierarchyIndicator = HierarchyIndicator()
    /// The standard accessory at the trailing edge.
    open var accessoryType: HierarchyAccessoryType = .none
    /// The accessory shown in editing mode.
    open var editingAccessoryType: HierarchyAccessoryType = .none
    /// Normal, or selected (expanded on the path, or selected in editing mode).
    open var state: HierarchyState = .normal {
        didSet { hierarchyIndicator.state = state }
    }
    /// The identifier the cell was dequeued with.
    public internal(set) var reuseIdentifier: String?
    /// The uuid of the item the cell currently shows.
    public internal(set) var uuid: String?
    /// Whether the cell's content may be copied (title, subtitle, footnote).
    open var isContentCopyable = true

    public required init() {}

    /// Resets the content before the cell is reused for another item.
    open func prepareForReuse() {
        itemView.reset()
        hierarchyIndicator.title.text = nil
        hierarchyIndicator.isHidden = false
        hierarchyIndicator.isMultiline = true
        hierarchyIndicator.didTapHandler = nil
        accessoryType = .none
        editingAccessoryType = .none
        state = .normal
    }

    // MARK: Content shortcuts (as in the seed documentation)

    public var title: HierarchyLabel { itemView.title }
    public var subtitle: HierarchyLabel { itemView.subtitle }
    public var footnote: HierarchyLabel { itemView.footnote }
    /// The footnote under the name the seed sample uses (`cell.body.text`).
    public var body: HierarchyLabel { itemView.footnote }
    public var status: HierarchyLabel { itemView.status }
    public var statusImageView: HierarchyImageView { itemView.statusImageView }
    public var detailImageView: HierarchyImageView { itemView.detailImageView }

    public var statusImage: HierarchyImage? {
        get { itemView.statusImage }
        set { itemView.statusImage = newValue }
    }

    public var detailImage: HierarchyImage? {
        get { itemView.detailImage }
        set { itemView.detailImage = newValue }
    }

    public var iconImages: [HierarchyImage] {
        get { itemView.iconImages }
        set { itemView.iconImages = newValue }
    }

    /// Hides the hierarchy indicator (the seed sample's name).
    public var isHierarchyButtonHidden: Bool {
        get { hierarchyIndicator.isHidden }
        set { hierarchyIndicator.isHidden = newValue }
    }

    /// The indicator's text (the seed sample's name).
    public var hierarchyAttributeText: String? {
        get { hierarchyIndicator.title.text }
        set { hierarchyIndicator.title.text = newValue }
    }

    /// Whether the cell shows the selected state.
    public var isSelected: Bool {
        get { state.isSelected }
        set { state = newValue ? .selected : .normal }
    }

    // MARK: Content copying

    /// The text copied for this cell: title, subtitle and footnote joined by newlines.
    open var copyableContent: String? {
        guard isContentCopyable else { return nil }
        let lines = itemView.textLines
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    // MARK: Accessibility

    /// Title, subtitle, footnote and status, joined for a screen reader.
    open var accessibilityLabel: String {
        [title.visibleText, subtitle.visibleText, footnote.visibleText, status.visibleText]
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// What the indicator says: "3 children", or "Is showing children" when expanded.
    open var accessibilityValue: String? {
        guard !hierarchyIndicator.isHidden else { return nil }
        if state.isSelected { return "Is showing children" }
        guard let text = hierarchyIndicator.title.visibleText else { return nil }
        if text == "1" { return "1 child" }
        return text.allSatisfy({ $0.isNumber || $0 == "," || $0 == "." || $0 == "+" }) ? "\(text) children" : text
    }

    /// What a double tap does.
    open var accessibilityHint: String? {
        hierarchyIndicator.isHidden || state.isSelected ? nil : "Double tap to show children"
    }
}
