import HierarchyTestSupport
import Synchronization
import Testing

@testable import ListFloorplan

/// Streamed answers: batches shown while the request is in flight, the exhaustive search.
@Suite("ListState streaming")
struct ListStreamingTests {
    typealias State = ListState<Item, Part>

    func driver(sections: [Part] = [.first]) -> StateDriver<Item, Part> {
        StateDriver(
            state: State(
                sections: sections,
                configuration: ListConfiguration(
                    isSearchEnabled: true, initListPageSize: 3, newListPageSize: 2, initSearchPageSize: 4,
                    newSearchPageSize: 2
                )))
    }

    func request(_ ticket: Int, _ kind: ListRequestKind, _ mode: ListMode, _ range: Range<Int>?) -> ListRequest<Part> {
        ListRequest(
            ticket: ticket, kind: kind, mode: mode, ranges: [.first: range], pending: [.first],
            failed: [], failureMessage: nil, succeeded: false, newResultsCount: 0)
    }

    /// A driver whose search for "p" is in flight (ticket 2).
    func searching() -> StateDriver<Item, Part> {
        var store = driver()
        store.send(.searchTextChanged("p"), effects: [.startDebounce(ticket: 1)]) {
            $0.isSearchActive = true
            $0.searchText = "p"
            $0.debounceTicket = 1
            $0.nextTicket = 2
        }
        store.send(
            .searchDebounceElapsed(ticket: 1),
            effects: [.load(ListLoadRequest(ticket: 2, section: .first, range: 0..<4, searchString: "p"))]
        ) {
            $0.debounceTicket = nil
            $0.searchQuery = "p"
            $0.nextTicket = 3
            $0.request = request(2, .initialPage, .search("p"), 0..<4)
            $0.loadingState = .loadingInitialPage
        }
        return store
    }

    @Test func batchesShowWhileTheSearchRuns() {
        var store = searching()
        store.send(.partial(ticket: 2, section: .first, items: items(0..<1))) {
            $0.search = ListPages(items: [.first: items(0..<1)])
            $0.request?.streamed = [.first: 1]
        }
        #expect(store.state.footer == .loading)
        // A batch of a replaced request is dropped.
        store.send(.partial(ticket: 1, section: .first, items: items(5..<6)))
        // A batch past the range is cut to it.
        store.send(.partial(ticket: 2, section: .first, items: items(1..<9))) {
            $0.search = ListPages(items: [.first: items(0..<4)])
            $0.request?.streamed = [.first: 4]
        }
        store.send(.partial(ticket: 2, section: .first, items: items(9..<10)))
        // The answer holds every item; it replaces the batches.
        store.send(.response(ticket: 2, section: .first, result: .success(items(0..<4)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.search = ListPages(items: [.first: items(0..<4)], pageCount: 1, newResultsCount: 4)
        }
        #expect(store.state.footer == .none)
    }

    @Test func batchesOfANextPageFollowTheLoadedItems() {
        var store = searching()
        store.send(.response(ticket: 2, section: .first, result: .success(items(0..<4)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.search = ListPages(items: [.first: items(0..<4)], pageCount: 1, newResultsCount: 4)
        }
        store.send(
            .reachedEnd,
            effects: [.load(ListLoadRequest(ticket: 3, section: .first, range: 4..<6, searchString: "p"))]
        ) {
            $0.nextTicket = 4
            $0.request = request(3, .nextPage, .search("p"), 4..<6)
            $0.loadingState = .loadingNextPage
        }
        store.send(.partial(ticket: 3, section: .first, items: items(4..<5))) {
            $0.search.items = [.first: items(0..<5)]
            $0.request?.streamed = [.first: 1]
        }
        store.send(.response(ticket: 3, section: .first, result: .success(items(4..<6)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.search = ListPages(items: [.first: items(0..<6)], pageCount: 2, newResultsCount: 2)
        }
    }

    @Test func aRefreshKeepsItsRowsUntilItsAnswer() {
        var store = searching()
        store.send(.response(ticket: 2, section: .first, result: .success(items(0..<4)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.search = ListPages(items: [.first: items(0..<4)], pageCount: 1, newResultsCount: 4)
        }
        store.send(
            .refresh,
            effects: [.load(ListLoadRequest(ticket: 3, section: .first, range: 0..<4, searchString: "p"))]
        ) {
            $0.nextTicket = 4
            $0.request = request(3, .refresh, .search("p"), 0..<4)
            $0.loadingState = .refreshFullResults
        }
        store.send(.partial(ticket: 3, section: .first, items: items(7..<8)))
        #expect(store.state.search.items(in: .first) == items(0..<4))
    }

    @Test func searchAllAsksForEveryResultAtOnce() {
        var store = driver()
        store.send(.searchTextChanged("pu"), effects: [.startDebounce(ticket: 1)]) {
            $0.isSearchActive = true
            $0.searchText = "pu"
            $0.debounceTicket = 1
            $0.nextTicket = 2
        }
        // Before the debounce: the search runs now, without a range, and the debounce is dropped.
        store.send(
            .searchAll,
            effects: [
                .cancelDebounce, .load(ListLoadRequest(ticket: 2, section: .first, range: nil, searchString: "pu")),
            ]
        ) {
            $0.debounceTicket = nil
            $0.searchQuery = "pu"
            $0.nextTicket = 3
            $0.request = request(2, .initialPage, .search("pu"), nil)
            $0.loadingState = .loadingInitialPage
        }
        store.send(.partial(ticket: 2, section: .first, items: items(0..<7))) {
            $0.search = ListPages(items: [.first: items(0..<7)])
            $0.request?.streamed = [.first: 7]
        }
        store.send(.response(ticket: 2, section: .first, result: .success(items(0..<9)))) {
            $0.request = nil
            $0.loadingState = .finished
            $0.search = ListPages(items: [.first: items(0..<9)], pageCount: 1, endReached: [.first], newResultsCount: 9)
        }
        #expect(store.state.footer == .noMoreEntries)
        // Everything is shown: asking again starts nothing.
        store.send(.searchAll)
        // Without search text there is nothing to search.
        var empty = driver()
        empty.send(.searchAll)
    }
}

@MainActor
@Suite("ListViewModel streaming")
struct ListViewModelStreamingTests {
    @Test func aStreamingLoaderShowsBatchesBeforeItEnds() async throws {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let ended = Mutex(false)
        let loader = DataLoader<Item>(streaming: { _, _ in
            let (stream, continuation) = AsyncThrowingStream<[Item], Error>.makeStream()
            let task = Task {
                continuation.yield(items(0..<2))
                for await _ in gate { break }
                continuation.yield(items(2..<3))
                continuation.finish()
            }
            continuation.onTermination = { _ in
                ended.withLock { $0 = true }
                task.cancel()
            }
            return stream
        })
        let model = ListViewModel<Item, Only>(queries: [.all: loader])
        // No load timeout: it sleeps on the real clock, and a pool held by the rest of the suite
        // could let it fire before the loader's first batch (this test is not about timeouts).
        model.loadTimeout = nil
        let task = model.fetchListData()
        // The first batch shows while the loader still runs.
        await change(of: model) { model.results(in: .all).count >= 2 }
        #expect(model.results(in: .all) == items(0..<2))
        #expect(model.state == .loadingInitialPage)
        open.yield()
        await task.finish()
        #expect(model.results(in: .all) == items(0..<3))
        #expect(model.state == .finished)
        #expect(ended.withLock { $0 })
    }

    @Test func aPlainLoaderAnswersInOneBatch() async throws {
        let loader = DataLoader<Item> { range, _ in items(range ?? 0..<5) }
        #expect(!loader.isStreaming)
        var batches: [[Item]] = []
        for try await batch in loader.batches(forItemsIn: 0..<2) { batches.append(batch) }
        #expect(batches == [items(0..<2)])
        let streaming = DataLoader<Item>(streaming: { range, _ in
            AsyncThrowingStream { continuation in
                for i in range ?? 0..<3 { continuation.yield([Item(i)]) }
                continuation.finish()
            }
        })
        #expect(streaming.isStreaming)
        #expect(try await streaming.query(forItemsIn: 0..<3) == items(0..<3))
    }
}

/// Waits until `condition` holds, looking again after each change of the model (its
/// observers are told); the bound only guards against a hang.
@MainActor
func change<Entity, Section>(of model: ListViewModel<Entity, Section>, until condition: () -> Bool) async {
    await untilChanged(
        observe: { changed in
            let token = model.addObserver { _, _ in changed() }
            return { model.removeObserver(token) }
        }, until: condition)
}
