import HierarchySources
import ListFloorplan

extension ListBrowser where Entity == HierarchyListItem, Section == HierarchyListSection {
    /// A searchable, paginated list of a hierarchy's items: every item in breadth-first order, or
    /// the items matching the search text (FTS in SQLite, a scan elsewhere), each row showing the
    /// item's title, its ancestors' path, its subtitle and its status.
    ///
    /// - Parameters:
    ///   - query: The pages of the hierarchy (keep one per source to reuse its walk).
    ///   - title: The name at the trailing end of the search line.
    ///   - palette: The styles.
    ///   - columns: The width.
    ///   - rows: The height.
    ///   - clock: The clock of the search debounce and the load timeout.
    ///   - debounce: The delay between the last key and the search.
    /// - Returns: The browser; call ``ListBrowser/start(loading:)`` before the first frame.
    public static func hierarchy(
        _ query: HierarchyListQuery, title: String, palette: BrowserPalette = .horizon, columns: Int = 80,
        rows: Int = 24, clock: any Clock<Duration> = ContinuousClock(), debounce: Duration = .milliseconds(50)
    ) -> ListBrowser {
        hierarchy(
            loader: hierarchyLoader(query), title: title, palette: palette, columns: columns, rows: rows,
            clock: clock, debounce: debounce)
    }

    /// A searchable, paginated list of hierarchy items from any loader, with the rows of
    /// ``hierarchy(_:title:palette:columns:rows:clock:debounce:)``.
    ///
    /// - Parameters:
    ///   - loader: The pages of items (and of search results).
    ///   - title: The name at the trailing end of the search line.
    ///   - palette: The styles.
    ///   - columns: The width.
    ///   - rows: The height.
    ///   - clock: The clock of the search debounce and the load timeout.
    ///   - debounce: The delay between the last key and the search.
    ///   - pageSize: The size of every page.
    /// - Returns: The browser; call ``ListBrowser/start(loading:)`` before the first frame.
    public static func hierarchy(
        loader: DataLoader<HierarchyListItem>, title: String, palette: BrowserPalette = .horizon, columns: Int = 80,
        rows: Int = 24, clock: any Clock<Duration> = ContinuousClock(), debounce: Duration = .milliseconds(50),
        pageSize: Int = 50
    ) -> ListBrowser {
        let screen = ListScreen.hierarchy(
            loader: loader, title: title, clock: clock, debounce: debounce, pageSize: pageSize)
        return ListBrowser(screen: screen, title: title, palette: palette, columns: columns, rows: rows)
    }

    /// The loader of a hierarchy list: pages of the breadth-first walk, or search results in
    /// batches as they are found (`HierarchyListQuery.batches(_:in:)`).
    ///
    /// - Parameter query: The pages of the hierarchy.
    /// - Returns: A streaming loader; a `nil` range (paging off, or the exhaustive search) reads
    ///   at most `HierarchyListQuery.exhaustiveLimit` items.
    public static func hierarchyLoader(_ query: HierarchyListQuery) -> DataLoader<HierarchyListItem> {
        DataLoader(streaming: { range, searchString in query.batches(searchString, in: range) })
    }
}

/// The list floorplan of a hierarchy's items.
extension ListScreen where Entity == HierarchyListItem, Section == HierarchyListSection {
    /// The list floorplan of a hierarchy's items (``ListBrowser/hierarchy(loader:title:palette:columns:rows:clock:debounce:pageSize:)``
    /// in the terminal, `hierarchy list --web` in the page): searchable, paginated, each row
    /// showing the item's title, its ancestors' path, its subtitle and its status.
    ///
    /// - Parameters:
    ///   - loader: The pages of items (and of search results).
    ///   - title: The source's name, in the search placeholder.
    ///   - clock: The clock of the search debounce and the load timeout.
    ///   - debounce: The delay between the last key and the search.
    ///   - pageSize: The size of every page.
    /// - Returns: The screen.
    public static func hierarchy(
        loader: DataLoader<HierarchyListItem>, title: String, clock: any Clock<Duration> = ContinuousClock(),
        debounce: Duration = .milliseconds(50), pageSize: Int = 50
    ) -> ListScreen {
        let model = ListViewModel<HierarchyListItem, HierarchyListSection>(
            queries: [.items: loader], isSearchEnabled: true, clock: clock)
        model.searchDebounceTiming = debounce
        model.initListPageSize = max(1, pageSize)
        model.newListPageSize = max(1, pageSize)
        model.initSearchPageSize = max(1, pageSize)
        model.newSearchPageSize = max(1, pageSize)
        let screen = ListScreen(viewModel: model)
        screen.searchPlaceholder = "Search \(title)"
        screen.cellBinding = { _, item in
            ListCellContent(
                headline: item.node.title,
                subheadline: item.ancestors.isEmpty ? "Top level" : item.ancestorPath,
                footnote: item.node.subtitle ?? item.node.preview, status: item.node.status)
        }
        return screen
    }
}
