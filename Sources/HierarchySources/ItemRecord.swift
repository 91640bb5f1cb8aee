/// One item as it travels between readers, importers and stores: the one record type.
///
/// A document's reader hands each item to its sink (the in-memory tree, a printer, a store's
/// bulk inserter) as one; the generator and the PostgreSQL import write them into a store.
public struct ItemRecord: Sendable, Equatable {
    /// One extra field of an item: a name and its value as text.
    public struct Attribute: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The item's number in document (or load) order, preorder; 0 is the document itself.
    public var key: Int64
    /// The parent's key; `nil` for the document's own item.
    public var parent: Int64?
    /// The position among the parent's children (0-based).
    public var position: Int64
    /// The explicit `id`, or `#` and the key.
    public var id: String
    public var title: String
    public var subtitle: String?
    public var footnote: String?
    public var status: String?
    /// Fields not mapped to a column, in document order, each name once.
    public var attributes: [Attribute]
    /// Whether the host supplies the item's children (`type: dynamic`).
    public var isDynamic: Bool
    /// The number of children read.
    public var childCount: Int64
    /// Where the item starts in the input, when the format has lines.
    public var line: Int?
    public var column: Int?
    /// What the item is in a structure read (an object, an array, a scalar); `nil` in an
    /// items read.
    public var valueKind: DocumentValueKind?

    public init(
        key: Int64, parent: Int64?, position: Int64, id: String, title: String, subtitle: String? = nil,
        footnote: String? = nil, status: String? = nil, attributes: [Attribute] = [], isDynamic: Bool = false,
        childCount: Int64 = 0, line: Int? = nil, column: Int? = nil, valueKind: DocumentValueKind? = nil
    ) {
        self.key = key
        self.parent = parent
        self.position = position
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.footnote = footnote
        self.status = status
        self.attributes = attributes
        self.isDynamic = isDynamic
        self.childCount = childCount
        self.line = line
        self.column = column
        self.valueKind = valueKind
    }

    /// The identifier of an item without an explicit `id`.
    public static func generatedID(key: Int64) -> String { "#\(key)" }
}
