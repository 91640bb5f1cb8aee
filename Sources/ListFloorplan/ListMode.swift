/// Which results a list shows: the unfiltered list or the results of a search.
public enum ListMode: Equatable, Hashable, Sendable {
    /// The unfiltered list.
    case list
    /// The results of searching for a text.
    case search(String)

    /// The search text, or `nil` for the unfiltered list.
    public var searchString: String? {
        switch self {
        case .list: nil
        case .search(let text): text
        }
    }
}
