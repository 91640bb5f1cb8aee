/// What a list is loading right now.
public enum ListLoadingState: Equatable, Hashable, Sendable {
    /// Nothing is loading.
    case finished
    /// The first page (of the list or of a new search) is loading.
    case loadingInitialPage
    /// The next page is loading; a loading indicator shows in the footer.
    case loadingNextPage
    /// Pull to refresh: every loaded item is loading again.
    case refreshFullResults
}
