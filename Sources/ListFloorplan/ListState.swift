/// The whole state of a paginated, searchable list, as a value.
///
/// The state is driven by ``send(_:)`` (in `ListState+Reducer.swift`), which applies one
/// ``ListAction`` and returns the ``ListEffect``s its owner must perform: loader calls tagged with a
/// request ticket, and debounce timers. It does no I/O itself, so tests drive it with actions and
/// assert the whole state after each one.
///
/// Exactly one load request is in flight at a time (``request``). A new request (a refresh, a new
/// search, a first page) replaces it; answers carrying an older ticket are dropped. The list and the
/// search results are kept apart (``list`` and ``search``) so that closing a search shows the list
/// again without loading it.
public struct ListState<Entity: Identifiable & Equatable, Section: Hashable>: Equatable {
    /// Paging, search and page sizes.
    public var configuration: ListConfiguration
    /// The sections that have a loader, in display order.
    public let sections: [Section]
    /// What is loading now.
    public internal(set) var loadingState: ListLoadingState = .finished
    /// The pages of the unfiltered list.
    public internal(set) var list = ListPages<Entity, Section>()
    /// The pages of the current search's results.
    public internal(set) var search = ListPages<Entity, Section>()
    /// Whether the search field is active.
    public internal(set) var isSearchActive = false
    /// The text in the search field, as typed.
    public internal(set) var searchText = ""
    /// The (trimmed) text whose results ``search`` holds or loads; `nil` while the list shows.
    public internal(set) var searchQuery: String?
    /// The request in flight, if any.
    public internal(set) var request: ListRequest<Section>?
    /// The last request's failure, until the next request starts.
    public internal(set) var failure: ListFailure<Section>?
    /// The ticket of the pending debounce, if a search text change waits for it.
    public internal(set) var debounceTicket: Int?
    /// The next ticket to hand out (tickets tag requests and debounces).
    public internal(set) var nextTicket = 1

    /// Creates the state of a list that has loaded nothing yet.
    ///
    /// - Parameters:
    ///   - sections: The sections, in display order (duplicates are ignored).
    ///   - configuration: Paging, search and page sizes.
    public init(sections: [Section], configuration: ListConfiguration = ListConfiguration()) {
        var seen = Set<Section>()
        self.sections = sections.filter { seen.insert($0).inserted }
        self.configuration = configuration
    }

    /// Whose results are shown: the search results once a search ran, otherwise the list.
    public var mode: ListMode {
        if let searchQuery { .search(searchQuery) } else { .list }
    }

    /// The pages shown now.
    public var displayed: ListPages<Entity, Section> {
        pages(in: mode)
    }

    /// The pages of a mode.
    func pages(in mode: ListMode) -> ListPages<Entity, Section> {
        switch mode {
        case .list: list
        case .search: search
        }
    }

    /// What the footer shows.
    ///
    /// An error of the shown mode wins; then a loading indicator while a first or next page loads;
    /// then, once something loaded, "no results" / "no entries" for an empty result and
    /// "no more entries" when every section reached its end.
    public var footer: ListFooter {
        if let failure, failure.mode == mode {
            return .error(failure.message)
        }
        switch loadingState {
        case .loadingInitialPage, .loadingNextPage:
            return .loading
        case .refreshFullResults:
            return .none
        case .finished:
            break
        }
        let pages = displayed
        guard pages.pageCount > 0 else { return .none }
        if pages.itemCount == 0 {
            if let searchQuery { return .noResults(searchQuery) }
            return .noEntries
        }
        if sections.allSatisfy(pages.endReached.contains) {
            return .noMoreEntries
        }
        return .none
    }

    /// Checks the state's invariants (debug builds only); returns the first violation found.
    ///
    /// - Returns: `nil` if the state is consistent, otherwise a description of what is wrong.
    func _checkInvariants() -> String? {
        if let request {
            if request.ticket >= nextTicket { return "request ticket \(request.ticket) not issued yet" }
            if loadingState != request.kind.loadingState {
                return "loading state \(loadingState) but \(request.kind) request"
            }
            if !request.pending.isSubset(of: Set(sections)) { return "request waits for unknown sections" }
        } else if loadingState != .finished {
            return "loading state \(loadingState) without a request"
        }
        if let debounceTicket, debounceTicket >= nextTicket { return "debounce ticket not issued yet" }
        if searchQuery != nil && !isSearchActive { return "search results without an active search" }
        return nil
    }
}

extension ListState: Sendable where Entity: Sendable, Section: Sendable {}
