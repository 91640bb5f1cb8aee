import Testing

@testable import ListFloorplan

@Suite("ListState")
struct ListStateTests {
    typealias State = ListState<Item, Part>

    func driver(
        _ sections: [Part] = [.first],
        search: Bool = false,
        listPaging: Bool = true,
        searchPaging: Bool = true,
        sizes: (Int, Int, Int, Int) = (3, 2, 2, 1)
    ) -> StateDriver<Item, Part> {
        StateDriver(
            state: State(
                sections: sections,
                configuration: ListConfiguration(
                    isListPagingEnabled: listPaging, isSearchPagingEnabled: searchPaging, isSearchEnabled: search,
                    initListPageSize: sizes.0, newListPageSize: sizes.1, initSearchPageSize: sizes.2,
                    newSearchPageSize: sizes.3
                )))
    }

    func load(_ ticket: Int, _ section: Part, _ range: Range<Int>?, _ search: String? = nil) -> ListEffect<Part> {
        .load(ListLoadRequest(ticket: ticket, section: section, range: range, searchString: search))
    }

    func load(_ ticket: Int, _ range: Range<Int>?, _ search: String? = nil) -> ListEffect<Part> {
        load(ticket, .first, range, search)
    }

    func request(_ ticket: Int, _ kind: ListRequestKind, _ ranges: [Part: Range<Int>?]) -> ListRequest<Part> {
        request(ticket, kind, .list, ranges)
    }

    func request(
        _ ticket: Int, _ kind: ListRequestKind, _ mode: ListMode, _ ranges: [Part: Range<Int>?]
    ) -> ListRequest<Part> {
        ListRequest(
            ticket: ticket, kind: kind, mode: mode, ranges: ranges, pending: Set(ranges.keys),
            failed: [], failureMessage: nil, succeeded: false, newResultsCount: 0
        )
    }

    @Test func initialStateShowsNothing() {
        let state = State(sections: [.first, .second, .first])
        #expect(state.sections == [.first, .second])
        #expect(state.loadingState == .finished)
        #expect(state.mode == .list)
        #expect(state.footer == .none)
        #expect(state.configuration == ListConfiguration())
        #expect(state.configuration.isListPagingEnabled && state.configuration.isSearchPagingEnabled)
        #expect(!state.configuration.isSearchEnabled)
    }

    @Test func fetchLoadsTheFirstPage() {
        var store = driver()
        store.send(.fetch, effects: [load(1, 0..<3)]) {
            $0.nextTicket = 2
            $0.request = request(1, .initialPage, [.first: 0..<3])
            $0.loadingState = .loadingInitialPage
        }
        #expect(store.state.footer == .loading)
        store.send(.response(ticket: 1, section: .first, result: .success(items(0..<3)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.list = ListPages(items: [.first: items(0..<3)], pageCount: 1, newResultsCount: 3)
        }
        #expect(store.state.footer == .none)
    }

    @Test func pagingToTheEnd() {
        var store = driver()
        store.send(.fetch, effects: [load(1, 0..<3)]) {
            $0.nextTicket = 2
            $0.request = request(1, .initialPage, [.first: 0..<3])
            $0.loadingState = .loadingInitialPage
        }
        store.send(.response(ticket: 1, section: .first, result: .success(items(0..<3)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.list = ListPages(items: [.first: items(0..<3)], pageCount: 1, newResultsCount: 3)
        }
        store.send(.reachedEnd, effects: [load(2, 3..<5)]) {
            $0.nextTicket = 3
            $0.request = request(2, .nextPage, [.first: 3..<5])
            $0.loadingState = .loadingNextPage
        }
        #expect(store.state.footer == .loading)
        // Reaching the end again while the page loads asks for nothing more.
        store.send(.reachedEnd)
        store.send(.response(ticket: 2, section: .first, result: .success(items(3..<5)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.list = ListPages(items: [.first: items(0..<5)], pageCount: 2, newResultsCount: 2)
        }
        store.send(.reachedEnd, effects: [load(3, 5..<7)]) {
            $0.nextTicket = 4
            $0.request = request(3, .nextPage, [.first: 5..<7])
            $0.loadingState = .loadingNextPage
        }
        store.send(.response(ticket: 3, section: .first, result: .success(items(5..<6)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.list = ListPages(items: [.first: items(0..<6)], pageCount: 3, endReached: [.first], newResultsCount: 1)
        }
        #expect(store.state.footer == .noMoreEntries)
        store.send(.reachedEnd)
    }

    /// Pages through lists of many lengths and checks what ends up loaded.
    @Test(arguments: [0, 1, 2, 3, 4, 5, 7, 20])
    func pagingSweep(total: Int) {
        let all = items(0..<total)
        var state = State(sections: [.first], configuration: ListConfiguration(initListPageSize: 3, newListPageSize: 2))
        var effects = state.send(.fetch)
        var rounds = 0
        while case .load(let request)? = effects.first, rounds < 50 {
            rounds += 1
            let range = request.range ?? 0..<total
            let page = Array(all[min(range.lowerBound, total)..<min(range.upperBound, total)])
            #expect(state.send(.response(ticket: request.ticket, section: .first, result: .success(page))).isEmpty)
            #expect(state.loadingState == .finished)
            effects = state.send(.reachedEnd)
        }
        #expect(effects.isEmpty)
        #expect(state.list.items(in: .first) == all)
        // First page of 3, then pages of 2; an exactly full last page needs one more (empty) page.
        let expectedPages = total < 3 ? 1 : 2 + (total - 3) / 2
        #expect(state.list.pageCount == expectedPages)
        #expect(state.footer == (total == 0 ? .noEntries : .noMoreEntries))
    }

    @Test func reachedEndBeforeTheFirstPageDoesNothing() {
        var store = driver()
        store.send(.reachedEnd)
        var unpaged = driver(listPaging: false)
        unpaged.send(.fetch, effects: [load(1, nil)]) {
            $0.nextTicket = 2
            $0.request = request(1, .initialPage, [.first: nil])
            $0.loadingState = .loadingInitialPage
        }
        unpaged.send(.response(ticket: 1, section: .first, result: .success(items(0..<10)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.list = ListPages(items: [.first: items(0..<10)], pageCount: 1, endReached: [.first], newResultsCount: 10)
        }
        // Without paging everything is loaded at once.
        unpaged.send(.reachedEnd)
        #expect(unpaged.state.footer == .noMoreEntries)
    }

    @Test func refreshDuringAPageLoadDropsThePage() {
        var store = driver()
        store.state.list = ListPages(items: [.first: items(0..<5)], pageCount: 2, newResultsCount: 2)
        store.send(.reachedEnd, effects: [load(1, 5..<7)]) {
            $0.nextTicket = 2
            $0.request = request(1, .nextPage, [.first: 5..<7])
            $0.loadingState = .loadingNextPage
        }
        store.send(.refresh, effects: [.cancelLoads(ticket: 1), load(2, 0..<5)]) {
            $0.nextTicket = 3
            $0.request = request(2, .refresh, [.first: 0..<5])
            $0.loadingState = .refreshFullResults
        }
        #expect(store.state.footer == .none)
        // The page answer arrives late: dropped.
        store.send(.response(ticket: 1, section: .first, result: .success(items(5..<7))))
        let refreshed = [Item(0, "renamed")] + items(1..<5)
        store.send(.response(ticket: 2, section: .first, result: .success(refreshed))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.list = ListPages(items: [.first: refreshed], pageCount: 2, newResultsCount: 5)
        }
    }

    @Test func refreshThatComesBackShortMarksTheEnd() {
        var store = driver()
        store.state.list = ListPages(items: [.first: items(0..<5)], pageCount: 2, newResultsCount: 2)
        store.send(.refresh, effects: [load(1, 0..<5)]) {
            $0.nextTicket = 2
            $0.request = request(1, .refresh, [.first: 0..<5])
            $0.loadingState = .refreshFullResults
        }
        store.send(.response(ticket: 1, section: .first, result: .success(items(0..<2)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.list = ListPages(items: [.first: items(0..<2)], pageCount: 2, endReached: [.first], newResultsCount: 2)
        }
    }

    @Test func loaderAnsweringTooMuchIsCutToThePage() {
        var store = driver()
        store.send(.fetch, effects: [load(1, 0..<3)]) {
            $0.nextTicket = 2
            $0.request = request(1, .initialPage, [.first: 0..<3])
            $0.loadingState = .loadingInitialPage
        }
        store.send(.response(ticket: 1, section: .first, result: .success(items(0..<8)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.list = ListPages(items: [.first: items(0..<3)], pageCount: 1, newResultsCount: 3)
        }
    }

    @Test func pageSizesBelowOneAskForOneItem() {
        var store = driver(sizes: (0, -4, 0, 0))
        store.send(.fetch, effects: [load(1, 0..<1)]) {
            $0.nextTicket = 2
            $0.request = request(1, .initialPage, [.first: 0..<1])
            $0.loadingState = .loadingInitialPage
        }
        store.send(.response(ticket: 1, section: .first, result: .success(items(0..<1)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.list = ListPages(items: [.first: items(0..<1)], pageCount: 1, newResultsCount: 1)
        }
        store.send(.reachedEnd, effects: [load(2, 1..<2)]) {
            $0.nextTicket = 3
            $0.request = request(2, .nextPage, [.first: 1..<2])
            $0.loadingState = .loadingNextPage
        }
    }

    // MARK: - Search

    @Test func searchRunsOnlyAfterTheDebounce() {
        var store = driver(search: true)
        store.state.list = ListPages(items: [.first: items(0..<3)], pageCount: 1, newResultsCount: 3)
        store.send(.beginSearch) { $0.isSearchActive = true }
        store.send(.searchTextChanged("p"), effects: [.startDebounce(ticket: 1)]) {
            $0.searchText = "p"
            $0.debounceTicket = 1
            $0.nextTicket = 2
        }
        store.send(.searchTextChanged("pu "), effects: [.startDebounce(ticket: 2)]) {
            $0.searchText = "pu "
            $0.debounceTicket = 2
            $0.nextTicket = 3
        }
        // The first timer fires late: it was replaced, nothing happens.
        store.send(.searchDebounceElapsed(ticket: 1))
        #expect(store.state.mode == .list)
        store.send(.searchDebounceElapsed(ticket: 2), effects: [load(3, 0..<2, "pu")]) {
            $0.debounceTicket = nil
            $0.searchQuery = "pu"
            $0.nextTicket = 4
            $0.request = request(3, .initialPage, .search("pu"), [.first: 0..<2])
            $0.loadingState = .loadingInitialPage
        }
        #expect(store.state.displayed == ListPages())
        let found = [Item(7, "pump 7"), Item(9, "pump 9")]
        store.send(.response(ticket: 3, section: .first, result: .success(found))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.search = ListPages(items: [.first: found], pageCount: 1, newResultsCount: 2)
        }
        #expect(store.state.displayed.items(in: .first) == found)
        // Search paging uses the search page sizes.
        store.send(.reachedEnd, effects: [load(4, 2..<3, "pu")]) {
            $0.nextTicket = 5
            $0.request = request(4, .nextPage, .search("pu"), [.first: 2..<3])
            $0.loadingState = .loadingNextPage
        }
        store.send(.response(ticket: 4, section: .first, result: .success([]))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.search = ListPages(items: [.first: found], pageCount: 2, endReached: [.first], newResultsCount: 0)
        }
        #expect(store.state.footer == .noMoreEntries)
        // Closing the search shows the list again without loading it.
        store.send(.cancelSearch) {
            $0.isSearchActive = false
            $0.searchText = ""
            $0.searchQuery = nil
            $0.search = ListPages()
        }
        #expect(store.state.displayed.items(in: .first) == items(0..<3))
    }

    @Test func refreshDuringASearchRefreshesTheResults() {
        var store = driver(search: true)
        store.state.isSearchActive = true
        store.state.searchText = "pump"
        store.state.searchQuery = "pump"
        store.state.list = ListPages(items: [.first: items(0..<3)], pageCount: 1, newResultsCount: 3)
        store.state.search = ListPages(items: [.first: items(0..<3, prefix: "pump")], pageCount: 2, newResultsCount: 1)
        store.send(.refresh, effects: [load(1, 0..<3, "pump")]) {
            $0.nextTicket = 2
            $0.request = request(1, .refresh, .search("pump"), [.first: 0..<3])
            $0.loadingState = .refreshFullResults
        }
        store.send(.response(ticket: 1, section: .first, result: .success(items(0..<3, prefix: "pumps")))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.search = ListPages(items: [.first: items(0..<3, prefix: "pumps")], pageCount: 2, newResultsCount: 3)
        }
    }

    @Test func staleSearchAnswerIsDropped() {
        var store = driver(search: true)
        store.send(.searchTextChanged("a"), effects: [.startDebounce(ticket: 1)]) {
            $0.isSearchActive = true
            $0.searchText = "a"
            $0.debounceTicket = 1
            $0.nextTicket = 2
        }
        store.send(.searchDebounceElapsed(ticket: 1), effects: [load(2, 0..<2, "a")]) {
            $0.debounceTicket = nil
            $0.searchQuery = "a"
            $0.nextTicket = 3
            $0.request = request(2, .initialPage, .search("a"), [.first: 0..<2])
            $0.loadingState = .loadingInitialPage
        }
        store.send(.searchTextChanged("ab"), effects: [.cancelLoads(ticket: 2), .startDebounce(ticket: 3)]) {
            $0.searchText = "ab"
            $0.request = nil
            $0.loadingState = .finished
            $0.debounceTicket = 3
            $0.nextTicket = 4
        }
        // The answer for "a" arrives after "ab" was typed: dropped.
        store.send(.response(ticket: 2, section: .first, result: .success(items(0..<2))))
        store.send(.searchDebounceElapsed(ticket: 3), effects: [load(4, 0..<2, "ab")]) {
            $0.debounceTicket = nil
            $0.searchQuery = "ab"
            $0.nextTicket = 5
            $0.request = request(4, .initialPage, .search("ab"), [.first: 0..<2])
            $0.loadingState = .loadingInitialPage
        }
        store.send(.response(ticket: 4, section: .first, result: .success([]))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.search = ListPages(items: [.first: []], pageCount: 1, endReached: [.first], newResultsCount: 0)
        }
        #expect(store.state.footer == .noResults("ab"))
    }

    @Test func clearingTheSearchTextShowsTheList() {
        var store = driver(search: true)
        store.send(.searchTextChanged("a"), effects: [.startDebounce(ticket: 1)]) {
            $0.isSearchActive = true
            $0.searchText = "a"
            $0.debounceTicket = 1
            $0.nextTicket = 2
        }
        store.send(.searchDebounceElapsed(ticket: 1), effects: [load(2, 0..<2, "a")]) {
            $0.debounceTicket = nil
            $0.searchQuery = "a"
            $0.nextTicket = 3
            $0.request = request(2, .initialPage, .search("a"), [.first: 0..<2])
            $0.loadingState = .loadingInitialPage
        }
        store.send(.searchTextChanged("  "), effects: [.cancelLoads(ticket: 2)]) {
            $0.searchText = "  "
            $0.searchQuery = nil
            $0.request = nil
            $0.loadingState = .finished
        }
        #expect(store.state.mode == .list)
        store.send(.response(ticket: 2, section: .first, result: .success(items(0..<2))))
    }

    @Test func retypingTheShownSearchCancelsThePendingDebounce() {
        var store = driver(search: true)
        store.state.isSearchActive = true
        store.state.searchText = "a"
        store.state.searchQuery = "a"
        store.send(.searchTextChanged("ab"), effects: [.startDebounce(ticket: 1)]) {
            $0.searchText = "ab"
            $0.debounceTicket = 1
            $0.nextTicket = 2
        }
        store.send(.searchTextChanged("a"), effects: [.cancelDebounce]) {
            $0.searchText = "a"
            $0.debounceTicket = nil
        }
    }

    @Test func searchIsIgnoredWhenDisabled() {
        var store = driver(search: false)
        store.send(.beginSearch)
        store.send(.searchTextChanged("pump"))
        store.send(.searchDebounceElapsed(ticket: 1))
        #expect(store.state.mode == .list)
    }

    @Test func unpagedSearchAsksForEverything() {
        var store = driver(search: true, searchPaging: false)
        store.send(.searchTextChanged("x"), effects: [.startDebounce(ticket: 1)]) {
            $0.isSearchActive = true
            $0.searchText = "x"
            $0.debounceTicket = 1
            $0.nextTicket = 2
        }
        store.send(.searchDebounceElapsed(ticket: 1), effects: [load(2, nil, "x")]) {
            $0.debounceTicket = nil
            $0.searchQuery = "x"
            $0.nextTicket = 3
            $0.request = request(2, .initialPage, .search("x"), [.first: nil])
            $0.loadingState = .loadingInitialPage
        }
    }

    // MARK: - Errors

    @Test func loaderErrorIsShownAndRetryWorks() {
        var store = driver()
        store.send(.fetch, effects: [load(1, 0..<3)]) {
            $0.nextTicket = 2
            $0.request = request(1, .initialPage, [.first: 0..<3])
            $0.loadingState = .loadingInitialPage
        }
        store.send(.response(ticket: 1, section: .first, result: .failure(ListLoadError(message: "offline")))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.failure = ListFailure(kind: .initialPage, mode: .list, sections: [.first], message: "offline")
        }
        #expect(store.state.footer == .error("offline"))
        store.send(.retry, effects: [load(2, 0..<3)]) {
            $0.failure = nil
            $0.nextTicket = 3
            $0.request = request(2, .initialPage, [.first: 0..<3])
            $0.loadingState = .loadingInitialPage
        }
        store.send(.response(ticket: 2, section: .first, result: .success(items(0..<3)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.list = ListPages(items: [.first: items(0..<3)], pageCount: 1, newResultsCount: 3)
        }
        store.send(.retry)
    }

    @Test func failedNextPageKeepsTheListUsable() {
        var store = driver()
        store.state.list = ListPages(items: [.first: items(0..<3)], pageCount: 1, newResultsCount: 3)
        store.send(.reachedEnd, effects: [load(1, 3..<5)]) {
            $0.nextTicket = 2
            $0.request = request(1, .nextPage, [.first: 3..<5])
            $0.loadingState = .loadingNextPage
        }
        store.send(.response(ticket: 1, section: .first, result: .failure(ListLoadError(message: "timeout")))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.failure = ListFailure(kind: .nextPage, mode: .list, sections: [.first], message: "timeout")
        }
        #expect(store.state.list.items(in: .first) == items(0..<3))
        // Scrolling to the end again tries the same page again.
        store.send(.reachedEnd, effects: [load(2, 3..<5)]) {
            $0.failure = nil
            $0.nextTicket = 3
            $0.request = request(2, .nextPage, [.first: 3..<5])
            $0.loadingState = .loadingNextPage
        }
    }

    @Test func oneFailingSectionOfTwo() {
        var store = driver([.first, .second])
        store.send(.fetch, effects: [load(1, .first, 0..<3), load(1, .second, 0..<3)]) {
            $0.nextTicket = 2
            $0.request = request(1, .initialPage, [.first: 0..<3, .second: 0..<3])
            $0.loadingState = .loadingInitialPage
        }
        store.send(.response(ticket: 1, section: .second, result: .failure(ListLoadError(message: "denied")))) {
            $0.request?.pending = [.first]
            $0.request?.failed = [.second]
            $0.request?.failureMessage = "denied"
        }
        store.send(.response(ticket: 1, section: .second, result: .success(items(0..<1))))
        store.send(.response(ticket: 1, section: .first, result: .success(items(0..<3)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.list = ListPages(items: [.first: items(0..<3)], pageCount: 1, newResultsCount: 3)
            $0.failure = ListFailure(kind: .initialPage, mode: .list, sections: [.second], message: "denied")
        }
        store.send(.retry, effects: [load(2, .second, 0..<3)]) {
            $0.failure = nil
            $0.nextTicket = 3
            $0.request = request(2, .initialPage, [.second: 0..<3])
            $0.loadingState = .loadingInitialPage
        }
        store.send(.response(ticket: 2, section: .second, result: .success(items(10..<12)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.list = ListPages(
                items: [.first: items(0..<3), .second: items(10..<12)],
                pageCount: 1, endReached: [.second], newResultsCount: 2
            )
        }
        // Only the section that still has items is asked for the next page.
        store.send(.reachedEnd, effects: [load(3, .first, 3..<5)]) {
            $0.nextTicket = 4
            $0.request = request(3, .nextPage, [.first: 3..<5])
            $0.loadingState = .loadingNextPage
        }
    }

    @Test func searchFailureIsForgottenWhenTheSearchCloses() {
        var store = driver(search: true)
        store.state.isSearchActive = true
        store.state.searchText = "z"
        store.state.searchQuery = "z"
        store.state.failure = ListFailure(kind: .initialPage, mode: .search("z"), sections: [.first], message: "x")
        #expect(store.state.footer == .error("x"))
        store.send(.cancelSearch) {
            $0.isSearchActive = false
            $0.searchText = ""
            $0.searchQuery = nil
            $0.failure = nil
        }
        #expect(store.state.footer == .none)
    }

    @Test func trimming() {
        #expect(State.trimmed("  a b \n") == "a b")
        #expect(State.trimmed(" \t ") == "")
        #expect(State.trimmed("") == "")
        #expect(State.trimmed("x") == "x")
    }
}
