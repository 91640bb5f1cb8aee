import HierarchyTestSupport
import Testing

@testable import ListFloorplan

@Suite("ListScreen", .timeLimit(.minutes(5)))
@MainActor
struct ListScreenTests {
    func screen(_ all: [Item], search: Bool = true, clock: TestClock = TestClock()) -> ListScreen<Item, Only> {
        let model = ListViewModel<Item, Only>(
            queries: [.all: .inMemory(all) { $0.name.contains($1) }], isSearchEnabled: search, clock: clock
        )
        model.initListPageSize = 2
        model.newListPageSize = 2
        return ListScreen(viewModel: model)
    }

    @Test func footerTextsFollowTheList() async {
        let clock = TestClock()
        let screen = screen(items(0..<3), clock: clock)
        #expect(screen.footerText == nil)
        let load = screen.viewDidLoad()
        #expect(screen.footerText == "Loading…")
        await load.finish()
        #expect(screen.footerText == nil)
        await screen.viewModel.loadNextPage().finish()
        #expect(screen.footerText == "No more entries")
        let search = screen.viewModel.updateSearchText("nothing")
        clock.advance(by: .seconds(1))
        await search.finish()
        #expect(screen.footerText == "No results found for “nothing”")
        screen.emptyResultsText = { "Nichts für \($0)" }
        #expect(screen.footerText == "Nichts für nothing")
    }

    @Test func emptyListAndErrors() async {
        let empty = screen([])
        await empty.viewDidLoad().finish()
        #expect(empty.footerText == "No entries")
        let model = ListViewModel<Item, Only>(
            queries: [.all: DataLoader { _, _ in throw LoaderFailure() }],
            clock: TestClock())
        let failing = ListScreen(viewModel: model)
        await failing.viewDidLoad().finish()
        #expect(failing.footerText == "Could not load entries: server unavailable")
    }

    @Test func cellContentAndHandlers() async {
        let screen = screen(items(0..<2))
        await screen.viewDidLoad().finish()
        let first = ListItemPath(section: 0, item: 0)
        #expect(screen.content(at: first) == ListCellContent(headline: "item 0"))
        #expect(screen.content(at: ListItemPath(section: 0, item: 9)) == nil)
        screen.cellBinding = { path, item in ListCellContent(headline: item.name, subheadline: "#\(path.item)") }
        #expect(
            screen.content(at: ListItemPath(section: 0, item: 1))
                == ListCellContent(headline: "item 1", subheadline: "#1"))

        #expect(!screen.isAddButtonShown && !screen.tapAdd())
        var adds = 0
        screen.addButtonDidTapHandler = { adds += 1 }
        #expect(screen.isAddButtonShown && screen.tapAdd())
        #expect(adds == 1)

        var deleted: [(Only, Item)] = []
        #expect(!screen.tapDelete(at: first))
        screen.deleteButtonDidTapHandler = { deleted.append(($0, $1)) }
        #expect(screen.tapDelete(at: first))
        #expect(!screen.tapDelete(at: ListItemPath(section: 3, item: 0)))
        #expect(deleted.count == 1 && deleted[0].0 == .all && deleted[0].1 == Item(0))
    }

    @Test func debounceTimingInSeconds() {
        let screen = screen([])
        #expect(screen.searchDebounceTiming == 0.5)
        screen.searchDebounceTiming = 1.25
        #expect(screen.viewModel.searchDebounceTiming == .milliseconds(1250))
        screen.searchDebounceTiming = -1
        #expect(screen.viewModel.searchDebounceTiming == .zero)
        screen.searchDebounceTiming = .nan
        #expect(screen.searchDebounceTiming == 0)
        #expect(screen.isSearchBarShown)
        #expect(screen.searchPlaceholder == "Search")
    }
}
