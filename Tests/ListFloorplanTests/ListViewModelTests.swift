import HierarchyTestSupport
import Testing

@testable import ListFloorplan

@Suite("ListViewModel", .timeLimit(.minutes(5)))
@MainActor
struct ListViewModelTests {
    func model(
        _ loader: DataLoader<Item>,
        search: Bool = false,
        clock: TestClock = TestClock()
    ) -> ListViewModel<Item, Only> {
        let model = ListViewModel<Item, Only>(queries: [.all: loader], isSearchEnabled: search, clock: clock)
        model.initListPageSize = 4
        model.newListPageSize = 3
        model.initSearchPageSize = 2
        model.newSearchPageSize = 2
        return model
    }

    @Test func defaults() {
        let model = ListViewModel<Item, Part>(queries: [.second: .inMemory([]) { _, _ in true }])
        #expect(model.sections == [.second])
        #expect(model.isListPagingEnabled && model.isSearchPagingEnabled && !model.isSearchEnabled)
        #expect(model.state == .finished)
        #expect(model.searchDebounceTiming == .milliseconds(500))
        #expect(model.results(in: .first).isEmpty)
    }

    @Test func pagesThroughAnInMemoryLoader() async {
        let log = CallLog()
        let model = model(log.loader(items(0..<9)))
        await model.fetchListData().finish()
        #expect(model.results(in: .all) == items(0..<4))
        #expect(model.state == .finished)
        #expect((model.loadedListItemsCount, model.loadedListPagesCount, model.newListResultsCount) == (4, 1, 4))
        await model.loadNextPage().finish()
        await model.loadNextPage().finish()
        #expect(model.results(in: .all) == items(0..<9))
        #expect((model.loadedListItemsCount, model.loadedListPagesCount, model.newListResultsCount) == (9, 3, 2))
        #expect(model.footer == .noMoreEntries)
        #expect(model.loadNextPage().isEmpty)
        #expect(log.entries == ["0..<4 -", "4..<7 -", "7..<10 -"])
    }

    @Test func searchWaitsForTheDebounceOnTheInjectedClock() async {
        let clock = TestClock()
        let log = CallLog()
        let model = model(
            log.loader(items(0..<5) + [Item(20, "pump"), Item(21, "pumpkin")]), search: true, clock: clock)
        await model.fetchListData().finish()
        let first = model.updateSearchText("pu")
        await clock.waitForSleepers(count: 1)
        let second = model.updateSearchText("pump")
        // The first debounce was cancelled; its task ends without searching.
        await first.finish()
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(499))
        #expect(clock.sleeperCount == 1)
        #expect(log.entries == ["0..<4 -"])
        #expect(model.isSearchActive && model.mode == .list)
        clock.advance(by: .milliseconds(1))
        await second.finish()
        #expect(log.entries == ["0..<4 -", "0..<2 pump"])
        #expect(model.mode == .search("pump"))
        #expect(model.results(in: .all) == [Item(20, "pump"), Item(21, "pumpkin")])
        #expect((model.loadedSearchedItemsCount, model.loadedSearchPagesCount) == (2, 1))
        #expect(model.loadedListItemsCount == 4)
        await model.loadNextPage().finish()
        #expect(model.footer == .noMoreEntries)
        model.cancelSearch()
        #expect(model.results(in: .all) == items(0..<4))
        #expect(!model.isSearchActive)
    }

    @Test func debounceTimingIsConfigurable() async {
        let clock = TestClock()
        let log = CallLog()
        let model = model(log.loader([Item(1, "valve")]), search: true, clock: clock)
        model.searchDebounceTiming = .seconds(2)
        let task = model.updateSearchText("valve")
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(1))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        await task.finish()
        #expect(log.entries == ["0..<2 valve"])
        #expect(model.footer == .noMoreEntries)
    }

    @Test func emptySearchResultsSayNoResults() async {
        let clock = TestClock()
        let model = model(CallLog().loader(items(0..<3)), search: true, clock: clock)
        let task = model.updateSearchText("zebra")
        clock.advance(by: .seconds(1))
        await task.finish()
        #expect(model.footer == .noResults("zebra"))
        #expect(model.snapshot.itemCount == 0)
    }

    @Test func olderAnswerAfterARefreshIsDropped() async throws {
        let controlled = ControlledLoader()
        var calls = controlled.calls.makeAsyncIterator()
        let model = model(controlled.loader)
        let fetch = model.fetchListData()
        let fetchCall = try #require(await calls.next())
        let refresh = model.refresh()
        let refreshCall = try #require(await calls.next())
        #expect(model.state == .refreshFullResults)
        refreshCall.answer(items(0..<4, prefix: "new"))
        await refresh.finish()
        #expect(model.results(in: .all) == items(0..<4, prefix: "new"))
        fetchCall.answer(items(0..<4, prefix: "old"))
        await fetch.finish()
        #expect(model.results(in: .all) == items(0..<4, prefix: "new"))
        #expect(model.state == .finished)
    }

    @Test func olderSearchAnswerAfterANewerSearchIsDropped() async throws {
        let clock = TestClock()
        let controlled = ControlledLoader()
        var calls = controlled.calls.makeAsyncIterator()
        let model = model(controlled.loader, search: true, clock: clock)
        let first = model.updateSearchText("a")
        clock.advance(by: .seconds(1))
        let callA = try #require(await calls.next())
        #expect(callA.searchString == "a")
        let second = model.updateSearchText("ab")
        clock.advance(by: .seconds(1))
        let callAB = try #require(await calls.next())
        #expect(callAB.searchString == "ab")
        callAB.answer([Item(2, "ab")])
        await second.finish()
        callA.answer([Item(1, "a"), Item(2, "ab")])
        await first.finish()
        #expect(model.results(in: .all) == [Item(2, "ab")])
        #expect(model.mode == .search("ab"))
    }

    @Test func loaderErrorIsShownAndRetryLoads() async throws {
        let controlled = ControlledLoader()
        var calls = controlled.calls.makeAsyncIterator()
        let model = model(controlled.loader)
        let fetch = model.fetchListData()
        try #require(await calls.next()).fail()
        await fetch.finish()
        #expect(model.footer == .error("server unavailable"))
        #expect(model.state == .finished)
        let retry = model.retry()
        let call = try #require(await calls.next())
        #expect(call.range == 0..<4)
        call.answer(items(0..<4))
        await retry.finish()
        #expect(model.failure == nil)
        #expect(model.results(in: .all) == items(0..<4))
    }

    @Test func silentLoaderTimesOutOnTheInjectedClock() async throws {
        let clock = TestClock()
        let controlled = ControlledLoader()
        var calls = controlled.calls.makeAsyncIterator()
        let model = model(controlled.loader, clock: clock)
        model.loadTimeout = .seconds(5)
        let fetch = model.fetchListData()
        let silent = try #require(await calls.next())
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(5))
        await fetch.finish()
        #expect(model.footer == .error("No answer within 5.0 seconds"))
        #expect(model.state == .finished)
        // The answer that comes after the timeout is dropped.
        silent.answer(items(0..<4))
        let retry = model.retry()
        let call = try #require(await calls.next())
        #expect(model.results(in: .all).isEmpty)
        call.answer(items(0..<2))
        await retry.finish()
        #expect(model.results(in: .all) == items(0..<2))
        #expect(clock.sleeperCount == 0)
    }

    @Test func noTimeoutWhenDisabled() async throws {
        let clock = TestClock()
        let controlled = ControlledLoader()
        var calls = controlled.calls.makeAsyncIterator()
        let model = model(controlled.loader, clock: clock)
        model.loadTimeout = nil
        let fetch = model.fetchListData()
        let call = try #require(await calls.next())
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(3600))
        #expect(model.state == .loadingInitialPage)
        call.answer(items(0..<1))
        await fetch.finish()
        #expect(model.results(in: .all) == items(0..<1))
    }

    @Test func observersSeeEveryChange() async {
        let model = model(CallLog().loader(items(0..<6)))
        var diffs: [ListDiff] = []
        let token = model.addObserver { old, new in
            diffs.append(ListSnapshot(old).diff(to: ListSnapshot(new)))
        }
        await model.fetchListData().finish()
        await model.loadNextPage().finish()
        model.removeObserver(token)
        await model.refresh().finish()
        let path = { ListItemPath(section: 0, item: $0) }
        // Start loading, first page, start next page, next page; nothing after removal.
        #expect(diffs.count == 4)
        #expect(diffs[1].inserted == (0..<4).map(path))
        #expect(diffs[3].inserted == (4..<6).map(path))
        #expect(diffs[0].isEmpty && diffs[2].isEmpty)
    }
}
