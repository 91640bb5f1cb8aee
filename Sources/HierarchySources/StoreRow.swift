/// One item as a bulk load writes it into a store (the generator makes them; the PostgreSQL
/// store copies them into `hierarchy_item`).
public struct StoreRow: Sendable, Equatable {
    public var key: Int64
    public var parent: Int64?
    /// The 0-based position among its siblings.
    public var position: Int64
    public var id: String
    public var title: String
    public var subtitle: String?
    public var footnote: String?
    public var status: String?
    public var childCount: Int64
    public var attributes: [String: String]

    public init(
        key: Int64, parent: Int64?, position: Int64, id: String, title: String, subtitle: String? = nil,
        footnote: String? = nil, status: String? = nil, childCount: Int64, attributes: [String: String] = [:]
    ) {
        self.key = key
        self.parent = parent
        self.position = position
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.footnote = footnote
        self.status = status
        self.childCount = childCount
        self.attributes = attributes
    }
}
