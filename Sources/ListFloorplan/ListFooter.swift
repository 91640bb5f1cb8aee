/// What the footer of a list shows.
public enum ListFooter: Equatable, Hashable, Sendable {
    /// Nothing.
    case none
    /// A loading indicator: a page is loading.
    case loading
    /// The finished search found nothing for this text.
    case noResults(String)
    /// The unfiltered list is empty.
    case noEntries
    /// Every section has been loaded to its end.
    case noMoreEntries
    /// The last request failed with this message; retry is possible.
    case error(String)
}
