/// One item of a hierarchy as a source delivers it.
///
/// Identity (`id`) is kept apart from the payload: two nodes with the same `id`
/// are the same item, even when their titles differ (the payload changed and
/// the item must be redrawn, not re-inserted).
public struct HierarchyNode: Sendable, Hashable, Identifiable {
    /// The stable identifier of the item inside its source. Used as the engine's uuid.
    public var id: String
    /// The title shown first in a cell.
    public var title: String
    /// The second line (the item's type in the bundled sample).
    public var subtitle: String?
    /// The third line (the item's location in the bundled sample).
    public var footnote: String?
    /// A short status text shown on the trailing side ("Operational", "Error").
    public var status: String?
    /// The number of children, when the source knows it without listing them.
    /// `nil` means unknown (for example a directory not yet read).
    public var childCount: Int?
    /// Whether the item can have children at all (a directory, a dynamic item).
    public var isContainer: Bool
    /// Further attributes, as shown in detail views and exported again.
    public var attributes: [String: String]
    /// A one-line view of a document container's first values (`{alpha_2: AW, name: Aruba, …}`),
    /// shown where there is no subtitle, as jless shows a collapsed value. Presentation only:
    /// never searched, printed, imported or exported (see ``StructurePreview``).
    public var preview: String?

    public init(
        id: String,
        title: String,
        subtitle: String? = nil,
        footnote: String? = nil,
        status: String? = nil,
        childCount: Int? = nil,
        isContainer: Bool? = nil,
        attributes: [String: String] = [:],
        preview: String? = nil
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.footnote = footnote
        self.status = status
        self.childCount = childCount
        self.isContainer = isContainer ?? ((childCount ?? 0) > 0)
        self.attributes = attributes
        self.preview = preview
    }
}
