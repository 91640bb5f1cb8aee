import ListFloorplan

/// The list view model under its Fiori name: any `Identifiable & Equatable` entity (a public
/// struct, a generated proxy class) and any `CaseIterable & Hashable` section.
public typealias FUIListViewModel<
    Entity: Identifiable & Equatable,
    Section: Hashable & CaseIterable
> = ListViewModel<Entity, Section>

/// The loading states of a list under their Fiori name.
public typealias FUIListViewModelState = ListLoadingState

/// Fiori's way of making a list view model.
extension ListViewModel {
    /// Creates a view model over Fiori-style data loaders, one per section.
    ///
    /// - Parameters:
    ///   - queries: The loader of each section.
    ///   - isListPagingEnabled: Page the unfiltered list (default `true`).
    ///   - isSearchPagingEnabled: Page search results (default `true`).
    ///   - isSearchEnabled: Allow searching (default `false`).
    ///   - clock: The clock of the search debounce and the load timeout.
    public convenience init(
        queries: [Section: FUIDataLoader<Entity>],
        isListPagingEnabled: Bool = true,
        isSearchPagingEnabled: Bool = true,
        isSearchEnabled: Bool = false,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(
            queries: queries.mapValues(\.dataLoader),
            isListPagingEnabled: isListPagingEnabled,
            isSearchPagingEnabled: isSearchPagingEnabled,
            isSearchEnabled: isSearchEnabled,
            clock: clock
        )
    }
}
