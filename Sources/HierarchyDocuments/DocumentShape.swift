/// How a document becomes a hierarchy.
public enum DocumentShape: String, Sendable, CaseIterable {
    /// Items when the document follows the items schema, otherwise its structure.
    case automatic = "auto"
    /// The items schema: objects with `title`/`name` and `children`.
    case items
    /// The document's own structure: keys and indexes are items, scalars are leaves.
    case structure
}
