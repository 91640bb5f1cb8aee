/// Whether a row shows a real item, a row still loading, or a row that could not be read.
///
/// Faces draw the three differently ("Loading…", an error row) from this state in the
/// snapshot, never by looking at the uuid.
public enum HierarchyItemState: Hashable, Sendable {
    /// A real item.
    case loaded
    /// A row whose item is still being read.
    case loading
    /// A row whose item could not be read, with a one-line reason.
    case failed(String)
}
