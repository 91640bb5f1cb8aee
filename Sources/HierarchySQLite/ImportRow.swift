/// One item as the importers write it into the `item` table.
struct ImportRow: Equatable, Sendable {
    var key: Int64
    var parent: Int64?
    var sortKey: Int64
    var id: String
    var title: String
    var subtitle: String?
    var footnote: String?
    var status: String?
    var childCount: Int64
    /// A JSON object (see `AttributesJSON`), or `nil`.
    var attributes: String?
    /// The line of the input file the item starts on, when there is a file.
    var line: Int?
    /// The parent's identifier when it is not resolved yet (CSV rows in any order).
    var parentID: String?
}
