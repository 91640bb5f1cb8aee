/// The one section of a flat list of a hierarchy's items.
public enum HierarchyListSection: Hashable, CaseIterable, Sendable {
    /// All items (or all search results).
    case items
}
