/// The options of a list: paging, search and page sizes.
///
/// Page sizes below 1 are treated as 1.
public struct ListConfiguration: Equatable, Sendable {
    /// Whether the unfiltered list loads page by page (default `true`).
    public var isListPagingEnabled: Bool
    /// Whether search results load page by page (default `true`).
    public var isSearchPagingEnabled: Bool
    /// Whether the list can be searched (default `false`).
    public var isSearchEnabled: Bool
    /// Items asked for by the first page of the list.
    public var initListPageSize: Int
    /// Items asked for by each further page of the list.
    public var newListPageSize: Int
    /// Items asked for by the first page of search results.
    public var initSearchPageSize: Int
    /// Items asked for by each further page of search results.
    public var newSearchPageSize: Int

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - isListPagingEnabled: Page the unfiltered list.
    ///   - isSearchPagingEnabled: Page search results.
    ///   - isSearchEnabled: Allow searching.
    ///   - initListPageSize: First list page size.
    ///   - newListPageSize: Further list page size.
    ///   - initSearchPageSize: First search page size.
    ///   - newSearchPageSize: Further search page size.
    public init(
        isListPagingEnabled: Bool = true,
        isSearchPagingEnabled: Bool = true,
        isSearchEnabled: Bool = false,
        initListPageSize: Int = 20,
        newListPageSize: Int = 20,
        initSearchPageSize: Int = 20,
        newSearchPageSize: Int = 20
    ) {
        self.isListPagingEnabled = isListPagingEnabled
        self.isSearchPagingEnabled = isSearchPagingEnabled
        self.isSearchEnabled = isSearchEnabled
        self.initListPageSize = initListPageSize
        self.newListPageSize = newListPageSize
        self.initSearchPageSize = initSearchPageSize
        self.newSearchPageSize = newSearchPageSize
    }

    /// Whether results in a mode load page by page.
    func isPagingEnabled(in mode: ListMode) -> Bool {
        switch mode {
        case .list: isListPagingEnabled
        case .search: isSearchPagingEnabled
        }
    }

    /// The size of the first page in a mode (at least 1).
    func initialPageSize(in mode: ListMode) -> Int {
        switch mode {
        case .list: max(initListPageSize, 1)
        case .search: max(initSearchPageSize, 1)
        }
    }

    /// The size of each further page in a mode (at least 1).
    func nextPageSize(in mode: ListMode) -> Int {
        switch mode {
        case .list: max(newListPageSize, 1)
        case .search: max(newSearchPageSize, 1)
        }
    }
}
