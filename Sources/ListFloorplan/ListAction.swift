/// Everything that can happen to a list: user input and loader answers.
public enum ListAction<Entity, Section: Hashable> {
    /// Load the first page of what is shown (the list, or the active search).
    case fetch
    /// Pull to refresh: load every loaded item of what is shown again.
    case refresh
    /// The user reached the end of the list: load the next page.
    case reachedEnd
    /// The user activated the search field.
    case beginSearch
    /// The text in the search field changed.
    case searchTextChanged(String)
    /// The debounce started for a text change has elapsed.
    case searchDebounceElapsed(ticket: Int)
    /// The user closed the search: the unfiltered list shows again.
    case cancelSearch
    /// Run the failed request again for the sections that failed.
    case retry
    /// Search exhaustively: load every result of the search text (one request without paging,
    /// streamed in batches by a streaming loader), instead of a page at a time.
    case searchAll
    /// A streaming loader found more items for the request in flight (the items new since the
    /// last batch); the request stays in flight until its `.response`.
    case partial(ticket: Int, section: Section, items: [Entity])
    /// A loader answered a request.
    case response(ticket: Int, section: Section, result: Result<[Entity], ListLoadError>)
}

extension ListAction: Sendable where Entity: Sendable, Section: Sendable {}
