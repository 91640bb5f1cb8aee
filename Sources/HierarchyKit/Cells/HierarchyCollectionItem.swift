/// The default cell of a hierarchy view: a `HierarchyItemView` with a `HierarchyIndicator`
/// and an accessory.
///
/// Subclass it for custom cells and register the subclass with
/// `HierarchyView.register(_:forCellWithReuseIdentifier:)`. Cells are reused: the view
/// calls `prepareForReuse()` before handing a recycled cell out again.
open class HierarchyCollectionItem {
    /// The inner view with the business object's content (made by `makeItemView()`).
    public let itemView: HierarchyItemView
    /// The hierarchy indicator (child count and expand button).
    public let hierarchyIndicator = HierarchyIndicator()
    /// The standard accessory at the trailing edge.
    open var accessoryType: HierarchyAccessoryType = .none
    /// The accessory shown in editing mode.
    open var editingAccessoryType: HierarchyAccessoryType = .none
    /// A custom accessory, drawn instead of `accessoryType` when set.
    open var accessoryView: HierarchyAccessoryView?
    /// A custom accessory for editing mode, drawn instead of `editingAccessoryType` when set.
    open var editingAccessoryView: HierarchyAccessoryView?
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

    /// Makes an empty cell whose item view is the one `makeItemView()` returns.
    public required init() {
        itemView = Self.makeItemView()
    }

    /// The inner view of a new cell; override it to return a `HierarchyItemView` subclass.
    open class func makeItemView() -> HierarchyItemView {
        HierarchyItemView()
    }

    /// The accessory drawn: the accessory view's glyph when there is one, else the glyph of
    /// the accessory type (the editing ones in editing mode); `nil` for none.
    public func accessoryGlyph(isEditing: Bool) -> String? {
        let view = isEditing ? editingAccessoryView : accessoryView
        if let view { return view.isHidden ? nil : view.drawnGlyph }
        let glyph = (isEditing ? editingAccessoryType : accessoryType).glyph
        return glyph.isEmpty ? nil : glyph
    }

    /// The custom accessory drawn in this mode (`editingAccessoryView` while editing, else
    /// `accessoryView`), or `nil` when there is none; a hidden one is returned too (it hides
    /// the accessory type's glyph).
    public func customAccessoryView(isEditing: Bool) -> HierarchyAccessoryView? {
        isEditing ? editingAccessoryView : accessoryView
    }

    /// Resets the content before the cell is reused for another item.
    open func prepareForReuse() {
        itemView.prepareForReuse()
        hierarchyIndicator.title.text = nil
        hierarchyIndicator.isHidden = false
        hierarchyIndicator.isMultiline = true
        hierarchyIndicator.didTapHandler = nil
        accessoryType = .none
        editingAccessoryType = .none
        accessoryView = nil
        editingAccessoryView = nil
        accessibilityElements = nil
        state = .normal
    }

    // MARK: Content shortcuts (as in the seed documentation)

    /// The item's title, the first line of the card (the item view's `title`).
    public var title: HierarchyLabel { itemView.title }
    /// The second line (the item view's `subtitle`).
    public var subtitle: HierarchyLabel { itemView.subtitle }
    /// The third line (the item view's `footnote`; also reachable as `body`).
    public var footnote: HierarchyLabel { itemView.footnote }
    /// The footnote under the name the seed sample uses (`cell.body.text`).
    public var body: HierarchyLabel { itemView.footnote }
    /// A short status text on the trailing side, such as "Operational".
    public var status: HierarchyLabel { itemView.status }
    /// The view of the status image, beside the status text.
    public var statusImageView: HierarchyImageView { itemView.statusImageView }
    /// The view of the detail image, at the card's leading edge.
    public var detailImageView: HierarchyImageView { itemView.detailImageView }

    /// The image beside the status text; `nil` shows none.
    public var statusImage: HierarchyImage? {
        get { itemView.statusImage }
        set { itemView.statusImage = newValue }
    }

    /// The image at the card's leading edge (a glyph in the terminal, the image in the page).
    public var detailImage: HierarchyImage? {
        get { itemView.detailImage }
        set { itemView.detailImage = newValue }
    }

    /// Small icons drawn before the title, in order (a string literal makes a text icon).
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

    /// Draws the view's selection state and the editing checkmark, as the core planned them.
    func showSelection(_ selected: Bool, checkmark: Bool) {
        setSelectedState(selected)
        editingAccessoryType = checkmark ? .checkmark : .none
    }

    /// Sets the selected state for the view (a table-view cell spells it its own way).
    func setSelectedState(_ selected: Bool) {
        isSelected = selected
    }

    // MARK: Content copying

    /// The text copied for this cell: title, subtitle and footnote joined by newlines.
    open var copyableContent: String? {
        guard isContentCopyable else { return nil }
        let lines = itemView.textLines
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    // MARK: Accessibility

    /// Title, subtitle, footnote and status, joined for a screen reader (the item view's).
    open var accessibilityLabel: String {
        itemView.accessibilityLabel
    }

    private var customAccessibilityElements: [Any]?

    /// The elements a screen reader visits, in order: by default the item view, the
    /// indicator (when shown) and the accessory view (when set). Setting it replaces them;
    /// setting `nil` restores the default.
    open var accessibilityElements: [Any]? {
        get {
            if let customAccessibilityElements { return customAccessibilityElements }
            var elements: [Any] = [itemView]
            if !hierarchyIndicator.isHidden { elements.append(hierarchyIndicator) }
            if let accessoryView { elements.append(accessoryView) }
            return elements
        }
        set { customAccessibilityElements = newValue }
    }

    /// What a screen reader says for the cell: label, value and hint, in that order, joined
    /// by ", " (empty parts left out).
    public var screenReaderText: String {
        [accessibilityLabel, accessibilityValue ?? "", accessibilityHint ?? ""]
            .filter { !$0.isEmpty }.joined(separator: ", ")
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
