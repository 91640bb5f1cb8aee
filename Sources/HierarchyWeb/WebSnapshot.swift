import HierarchyKit
import HierarchySources

/// The JSON the page renders: one `HierarchyViewSnapshot` flattened into plain values.
///
/// Item positions are in content coordinates of their column (`y` from the column's top
/// when scrolled to the start), so the page can keep rows where they are while the
/// column scrolls natively and the next snapshot is on its way.
struct WebSnapshot: Encodable, Sendable {
    struct Header: Encodable, Sendable {
        var title: String?
        var height: Double
        var previousEnabled: Bool
        var nextEnabled: Bool
    }

    struct Item: Encodable, Sendable {
        var uuid: String
        var row: Int
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var title: String?
        /// The title's full length (UTF-16 units, as JavaScript counts) when `title` was cut.
        var titleLength: Int?
        var subtitle: String?
        var footnote: String?
        var status: String?
        /// The indicator's text (child count, "…"), or nil when the item has no children.
        var indicator: String?
        /// The accessory's glyph (disclosure, checkmark, detail button), or nil for none.
        var accessory: String?
        /// The accessory's kind (`checkmark`, `detailButton`, …, `custom` for an accessory
        /// view) for the page's styles, or nil.
        var accessoryType: String?
        /// A custom accessory view's tint (`#rrggbb` or `rgba(…)`), or nil.
        var accessoryTint: String?
        /// A custom accessory view's image (shown as an image when it is a `data:image/…`
        /// address, else as its glyph), or nil.
        var accessoryImage: DetailImage?
        /// What a screen reader says for a custom accessory view, or nil.
        var accessoryLabel: String?
        /// Whether the indicator stacks its count over its chevron (`isMultiline`).
        var multiline: Bool
        /// The detail image, or nil.
        var detailImage: DetailImage?
        /// The status image (`statusImage`, `statusImageView.image` unless hidden), or nil.
        var statusImage: DetailImage?
        /// The icons before the title (`iconImages`: text icons and images), or nil for none.
        var iconImages: [DetailImage]?
        /// A table cell's layout margins (`directionalLayoutMargins`: top, leading, bottom, in
        /// CSS pixels; the trailing edge has no effect), or nil for none.
        var margins: Margins?
        var expanded: Bool
        var selected: Bool
        var focused: Bool
        /// A row whose page is still loading.
        var placeholder: Bool
        /// Why the row could not be read (an error row), or nil.
        var error: String?
        var label: String
        var value: String?
        var hint: String?
    }

    /// A detail image: its name (an icon name, or a `data:image/…` address the page shows as an
    /// image), the glyph text faces draw for it, and its accessible name.
    struct DetailImage: Encodable, Sendable, Equatable {
        var name: String
        var glyph: String
        var label: String
    }

    /// The layout margins of a table cell's content.
    struct Margins: Encodable, Sendable, Equatable {
        var top: Double
        var leading: Double
        var bottom: Double
    }

    struct Column: Encodable, Sendable {
        var index: Int
        var parent: String?
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var itemCount: Int
        var offsetY: Double
        var contentHeight: Double
        var loadingSiblings: Bool
        var items: [Item]
    }

    var session: String
    var version: Int
    /// The status text every face shows ("3 of 1,024 · editing, 2 selected").
    var status = ""
    /// The source's name and the titles of the expanded items, for the path bar.
    var name = ""
    var path: [String] = []
    var width: Double
    var height: Double
    var compact: Bool
    var rtl: Bool
    var editing: Bool
    var selectedCount: Int
    var loading: Bool
    var levelCount: Int
    var leadingLevel: Int
    var focused: String?
    var header: Header?
    var columns: [Column]
    /// The most recent error the view or the source reported, if any since the last snapshot.
    var message: String?
    /// Whether `message` reports a failure.
    var messageIsError = false
    /// Whether the hierarchy is a store the page may add to and delete from (the page shows its
    /// Add and Delete buttons only then).
    var editable = false
    /// The text copied by a `copy` action.
    var copied: String?
}

extension WebSnapshot {
    /// The key of a card for a row without an item yet (still loading, or failed): the page
    /// keys cards by uuid, and such a row has none.
    static func pendingRowKey(column: Int, row: Int) -> String { "\u{1}row:\(column):\(row)" }

    /// The column and row a ``pendingRowKey(column:row:)`` names, or nil for an item's uuid.
    static func pendingRow(fromKey key: String) -> (column: Int, row: Int)? {
        guard key.hasPrefix("\u{1}row:") else { return nil }
        let parts = key.dropFirst(5).split(separator: ":")
        guard parts.count == 2, let column = Int(parts[0]), let row = Int(parts[1]) else { return nil }
        return (column, row)
    }

    /// Flattens the engine's snapshot.
    ///
    /// - Complexity: O(v) for v visible items.
    init(
        _ snapshot: HierarchyViewSnapshot, session: String, version: Int, selectedCount: Int, loading: Bool,
        message: String?
    ) {
        self.session = session
        self.version = version
        self.width = snapshot.size.width
        self.height = snapshot.size.height
        self.compact = snapshot.isCompact
        self.rtl = snapshot.layoutDirection == .rightToLeft
        self.editing = snapshot.isEditing
        self.selectedCount = selectedCount
        self.loading = loading
        self.levelCount = snapshot.levelCount
        self.leadingLevel = snapshot.leadingLevel
        self.focused = snapshot.focusedUUID.flatMap { uuid in
            // A row still loading or failed has no item to focus in the page.
            let state = snapshot.columns.lazy.flatMap(\.items).first { $0.uuid == uuid }?.state ?? .loaded
            return state == .loaded ? uuid : nil
        }
        self.header = snapshot.header.map {
            Header(
                title: Self.shown($0.title), height: $0.frame.height, previousEnabled: $0.isPreviousEnabled,
                nextEnabled: $0.isNextEnabled)
        }
        self.message = message
        self.copied = nil
        self.columns = snapshot.columns.map { column in
            let top = column.frame.minY - column.contentOffsetY
            return Column(
                index: column.index, parent: column.parentUUID,
                x: column.frame.minX, y: column.frame.minY, width: column.frame.width, height: column.frame.height,
                itemCount: column.itemCount, offsetY: column.contentOffsetY, contentHeight: column.contentHeight,
                loadingSiblings: column.isLoadingSiblings,
                items: column.items.map { item in
                    let cell = item.cell
                    let placeholder = item.state == .loading
                    var failure: String?
                    if case .failed(let reason) = item.state { failure = reason }
                    return Item(
                        // A row without an item yet has no uuid: the page keys its card by row.
                        uuid: item.uuid.isEmpty ? Self.pendingRowKey(column: column.index, row: item.row) : item.uuid,
                        row: item.row,
                        x: item.frame.minX - column.frame.minX, y: item.frame.minY - top,
                        width: item.frame.width, height: item.frame.height,
                        title: placeholder ? "Loading…" : Self.shown(cell.title.visibleText),
                        titleLength: placeholder ? nil : Self.cutLength(cell.title.visibleText),
                        subtitle: Self.shown(cell.subtitle.visibleText),
                        footnote: Self.shown(cell.footnote.visibleText),
                        status: cell.status.visibleText,
                        indicator: cell.isHierarchyButtonHidden ? nil : (cell.hierarchyAttributeText ?? ""),
                        accessory: Self.accessory(of: cell, editing: snapshot.isEditing),
                        accessoryType: Self.accessoryType(of: cell, editing: snapshot.isEditing),
                        accessoryTint: Self.accessoryTint(of: cell, editing: snapshot.isEditing),
                        accessoryImage: Self.accessoryImage(of: cell, editing: snapshot.isEditing),
                        accessoryLabel: Self.accessoryLabel(of: cell, editing: snapshot.isEditing),
                        multiline: cell.hierarchyIndicator.isMultiline,
                        detailImage: Self.detailImage(of: cell),
                        statusImage: Self.statusImage(of: cell), iconImages: Self.iconImages(of: cell),
                        margins: Self.margins(of: cell),
                        expanded: item.isExpanded, selected: item.isSelected, focused: item.isFocused,
                        placeholder: placeholder, error: failure,
                        label: placeholder ? "Loading" : Self.shown(cell.accessibilityLabel) ?? "",
                        value: Self.shown(cell.accessibilityValue), hint: Self.shown(cell.accessibilityHint))
                })
        }
    }

    /// The longest text a snapshot carries for display (characters); a longer title, label or
    /// path entry is cut there and ends in "…" (a 50 MB title is never sent whole).
    static let maximumTextLength = 1_000

    /// `text`, cut to `maximumTextLength` characters.
    ///
    /// - Complexity: O(min(n, maximumTextLength)).
    static func shown(_ text: String?) -> String? {
        guard let text, let end = text.index(text.startIndex, offsetBy: maximumTextLength, limitedBy: text.endIndex),
            end != text.endIndex
        else { return text }
        return String(text[..<end]) + "…"
    }

    /// The full length of a text `shown` cuts (UTF-16 units), nil for one it sends whole.
    static func cutLength(_ text: String?) -> Int? {
        guard let text, shown(text) != text else { return nil }
        return text.utf16.count
    }

    /// The kind of the accessory `accessory(of:editing:)` draws, by its Swift name.
    static func accessoryType(of cell: HierarchyCollectionItem, editing: Bool) -> String? {
        guard accessory(of: cell, editing: editing) != nil else { return nil }
        if cell.customAccessoryView(isEditing: editing) != nil { return "custom" }
        return switch editing ? cell.editingAccessoryType : cell.accessoryType {
        case .none: nil
        case .disclosureIndicator: "disclosureIndicator"
        case .detailDisclosureButton: "detailDisclosureButton"
        case .checkmark: "checkmark"
        case .detailButton: "detailButton"
        }
    }

    /// The tint of a cell's shown custom accessory view, as CSS, or nil.
    static func accessoryTint(of cell: HierarchyCollectionItem, editing: Bool) -> String? {
        guard let view = cell.customAccessoryView(isEditing: editing), !view.isHidden, let tint = view.tintColor else {
            return nil
        }
        return WebPageResources.css(tint)
    }

    /// The image of a cell's shown custom accessory view, cut like a detail image, or nil.
    static func accessoryImage(of cell: HierarchyCollectionItem, editing: Bool) -> DetailImage? {
        guard let view = cell.customAccessoryView(isEditing: editing), !view.isHidden, let image = view.image else {
            return nil
        }
        let name = image.name.utf8.count <= maximumImageLength ? image.name : ""
        let label = view.accessibilityLabel ?? (image.name.hasPrefix("data:") ? "Image" : image.name)
        return DetailImage(name: name, glyph: shown(image.glyph) ?? "", label: shown(label) ?? "")
    }

    /// What a screen reader says for a cell's shown custom accessory view, or nil.
    static func accessoryLabel(of cell: HierarchyCollectionItem, editing: Bool) -> String? {
        guard let view = cell.customAccessoryView(isEditing: editing), !view.isHidden else { return nil }
        return shown(view.accessibilityLabel)
    }

    /// A cell's detail image, unless hidden; names and glyphs are cut like titles.
    static func detailImage(of cell: HierarchyCollectionItem) -> DetailImage? {
        guard let image = cell.detailImage, !cell.detailImageView.isHidden else { return nil }
        // An image address may be long; one past the limit is sent as its glyph only.
        let name = image.name.utf8.count <= maximumImageLength ? image.name : ""
        let label = image.name.hasPrefix("data:") ? "Image" : (shown(image.name) ?? "")
        return DetailImage(name: name, glyph: shown(image.glyph) ?? "", label: label)
    }

    /// A cell's status image, unless its view is hidden; cut like a detail image.
    static func statusImage(of cell: HierarchyCollectionItem) -> DetailImage? {
        guard let image = cell.statusImage, !cell.statusImageView.isHidden else { return nil }
        return sent(image)
    }

    /// A cell's icons before the title, or nil for none (at most 8, as a row has room for).
    static func iconImages(of cell: HierarchyCollectionItem) -> [DetailImage]? {
        let icons = cell.iconImages.prefix(8).map(sent)
        return icons.isEmpty ? nil : icons
    }

    /// An image as the page gets it: its address or name (one past the length limit as its
    /// glyph only), glyph and accessible name.
    private static func sent(_ image: HierarchyImage) -> DetailImage {
        let name = image.name.utf8.count <= maximumImageLength ? image.name : ""
        let label = image.name.hasPrefix("data:") ? "Image" : (shown(image.name) ?? "")
        return DetailImage(name: name, glyph: shown(image.glyph) ?? "", label: label)
    }

    /// A table cell's layout margins, or nil when it has none (or is no table cell).
    static func margins(of cell: HierarchyCollectionItem) -> Margins? {
        guard let tableCell = cell as? HierarchyItemTableViewCell else { return nil }
        let insets = tableCell.directionalLayoutMargins
        let margins = Margins(top: max(0, insets.top), leading: max(0, insets.leading), bottom: max(0, insets.bottom))
        return margins == Margins(top: 0, leading: 0, bottom: 0) ? nil : margins
    }

    /// The longest image address (bytes) a snapshot carries.
    static let maximumImageLength = 64 * 1024

    /// The glyph of a cell's accessory (the editing accessory in editing mode): a custom
    /// accessory view's glyph, else the type's (the disclosure chevron beside the indicator too,
    /// as the documents show it).
    static func accessory(of cell: HierarchyCollectionItem, editing: Bool) -> String? {
        if let view = cell.customAccessoryView(isEditing: editing) {
            return view.isHidden ? nil : shown(view.drawnGlyph)
        }
        switch editing ? cell.editingAccessoryType : cell.accessoryType {
        case .none: return nil
        case .disclosureIndicator: return "›"
        case let accessory: return accessory.glyph
        }
    }
}
