extension ListViewModel {
    /// The current loading state.
    public var state: ListLoadingState { listState.loadingState }
    /// The sections with a loader, in display order.
    public var sections: [Section] { listState.sections }
    /// What is shown: the list, or the results of the active search.
    public var mode: ListMode { listState.mode }
    /// Whether the search field is active.
    public var isSearchActive: Bool { listState.isSearchActive }
    /// The text in the search field.
    public var searchText: String { listState.searchText }
    /// What the footer shows.
    public var footer: ListFooter { listState.footer }
    /// The last failure, until the next request starts.
    public var failure: ListFailure<Section>? { listState.failure }
    /// The items shown, per section.
    public var snapshot: ListSnapshot<Entity, Section> { ListSnapshot(listState) }

    /// The items shown in a section.
    ///
    /// - Parameter section: A section.
    /// - Returns: Its loaded items (of the list or of the search), in display order.
    public func results(in section: Section) -> [Entity] {
        listState.displayed.items(in: section)
    }

    /// The number of loaded list items.
    public var loadedListItemsCount: Int { listState.list.itemCount }
    /// The number of loaded search result items.
    public var loadedSearchedItemsCount: Int { listState.search.itemCount }
    /// The number of loaded list pages.
    public var loadedListPagesCount: Int { listState.list.pageCount }
    /// The number of loaded search result pages.
    public var loadedSearchPagesCount: Int { listState.search.pageCount }
    /// The number of items the last list request brought.
    public var newListResultsCount: Int { listState.list.newResultsCount }
    /// The number of items the last search request brought.
    public var newSearchResultsCount: Int { listState.search.newResultsCount }

    /// Whether the unfiltered list loads page by page.
    public var isListPagingEnabled: Bool {
        get { listState.configuration.isListPagingEnabled }
        set { listState.configuration.isListPagingEnabled = newValue }
    }
    /// Whether search results load page by page.
    public var isSearchPagingEnabled: Bool {
        get { listState.configuration.isSearchPagingEnabled }
        set { listState.configuration.isSearchPagingEnabled = newValue }
    }
    /// Whether the list can be searched.
    public var isSearchEnabled: Bool {
        get { listState.configuration.isSearchEnabled }
        set { listState.configuration.isSearchEnabled = newValue }
    }
    /// Items asked for by the first list page.
    public var initListPageSize: Int {
        get { listState.configuration.initListPageSize }
        set { listState.configuration.initListPageSize = newValue }
    }
    /// Items asked for by each further list page.
    public var newListPageSize: Int {
        get { listState.configuration.newListPageSize }
        set { listState.configuration.newListPageSize = newValue }
    }
    /// Items asked for by the first page of search results.
    public var initSearchPageSize: Int {
        get { listState.configuration.initSearchPageSize }
        set { listState.configuration.initSearchPageSize = newValue }
    }
    /// Items asked for by each further page of search results.
    public var newSearchPageSize: Int {
        get { listState.configuration.newSearchPageSize }
        set { listState.configuration.newSearchPageSize = newValue }
    }
}
