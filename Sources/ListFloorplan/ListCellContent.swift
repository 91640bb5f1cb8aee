/// The text a list row shows for an entity; renderers lay it out.
public struct ListCellContent: Equatable, Hashable, Sendable {
    /// The main line.
    public var headline: String
    /// The line below the headline.
    public var subheadline: String?
    /// A smaller third line.
    public var footnote: String?
    /// A short status shown at the trailing edge.
    public var status: String?

    /// Creates cell content.
    ///
    /// - Parameters:
    ///   - headline: The main line.
    ///   - subheadline: The second line.
    ///   - footnote: The third line.
    ///   - status: The trailing status.
    public init(headline: String, subheadline: String? = nil, footnote: String? = nil, status: String? = nil) {
        self.headline = headline
        self.subheadline = subheadline
        self.footnote = footnote
        self.status = status
    }
}
