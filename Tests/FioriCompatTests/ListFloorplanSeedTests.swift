import FioriCompat
import HierarchyTestSupport
import Testing

// MARK: - A small model, as an app using the seed documentation would have it

struct Product: Hashable, Identifiable {
    var id: Int
    var name: String
    var category: String
}

enum ProductListReportSections: CaseIterable {
    case `default`
}

/// 45 products; every fifth is a pump.
let productCatalog: [Product] = (0..<45).map { index in
    Product(
        id: index, name: index % 5 == 0 ? "Pump \(index)" : "Valve \(index)",
        category: index.isMultiple(of: 2) ? "A" : "B")
}

extension Product {
    @MainActor
    func bind(to cell: FUIObjectTableViewCell) {
        cell.headlineText = name
        cell.subheadlineText = "Category \(category)"
    }
}

/// Answers every query at once from `productCatalog` and records what it was asked.
final class ProductDataLoader: FUIDataLoader<Product> {
    var asked: [String] = []

    override func query(forItemsIn range: Range<Int>?, with searchString: String?) {
        asked.append("\(range.map { "\($0.lowerBound)..<\($0.upperBound)" } ?? "all") \(searchString ?? "-")")
        let matching = productCatalog.filter { searchString == nil || $0.name.contains(searchString ?? "") }
        guard let range else {
            results = matching
            return
        }
        let lower = min(range.lowerBound, matching.count)
        results = Array(matching[lower..<min(range.upperBound, matching.count)])
    }
}

/// Holds its queries until the test publishes results or an error.
final class DeferredProductLoader: FUIDataLoader<Product> {
    var asked: [String?] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    override func query(forItemsIn range: Range<Int>?, with searchString: String?) {
        asked.append(searchString)
        let ready = waiters.filter { $0.count <= asked.count }
        waiters.removeAll { $0.count <= asked.count }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Waits until the loader has been asked `count` queries in all.
    func waitForQueries(_ count: Int) async {
        guard asked.count < count else { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }
}

struct CatalogUnavailable: Error, CustomStringConvertible {
    var description: String { "catalog unavailable" }
}

// MARK: - Tests

@Suite("List floorplan seed", .timeLimit(.minutes(5)))
@MainActor
struct ListFloorplanSeedTests {
    /// The setup code of the seed documentation, with only the import changed.
    func seedSetup() -> (
        floorplan: FUIListFloorplan<Product, ProductListReportSections>,
        model: FUIListViewModel<Product, ProductListReportSections>,
        loader: ProductDataLoader?
    ) {
        var queries: [ProductListReportSections: FUIDataLoader<Product>] = [:]
        queries[.default] = ProductDataLoader()
        let model = FUIListViewModel<Product, ProductListReportSections>(
            queries: queries, isListPagingEnabled: true, isSearchEnabled: true)
        let floorplan = FUIListFloorplan<Product, ProductListReportSections>(viewModel: model)
        // (Not from the seed: no load timeout, whose 30 s on the real clock a loaded run could lose.)
        model.loadTimeout = nil
        floorplan.cellBinding = { tableView, indexPath, entity in
            let cell =
                tableView.dequeueReusableCell(withIdentifier: FUIObjectTableViewCell.reuseIdentifier, for: indexPath)
                as! FUIObjectTableViewCell
            entity.bind(to: cell)
            return cell
        }
        return (floorplan, model, queries[.default] as? ProductDataLoader)
    }

    @Test func firstPageLoadsWithTheInitialPageSize() async throws {
        let (floorplan, model, loader) = seedSetup()
        let products = try #require(loader)
        #expect(model.isListPagingEnabled && model.isSearchEnabled && model.isSearchPagingEnabled)
        #expect(model.state == FUIListViewModelState.finished)
        await floorplan.loadView().finish()
        #expect(products.asked == ["0..<\(model.initListPageSize) -"])
        #expect(model.results(in: .default) == Array(productCatalog.prefix(model.initListPageSize)))
        #expect(model.loadedListItemsCount == 20 && model.loadedListPagesCount == 1)
        #expect(floorplan.screen.footerText == nil)
    }

    @Test func nextPagesUntilNoMoreEntries() async throws {
        let (floorplan, model, loader) = seedSetup()
        let products = try #require(loader)
        await floorplan.loadView().finish()
        await model.loadNextPage().finish()
        #expect(model.loadedListItemsCount == 40)
        await model.loadNextPage().finish()
        #expect(model.results(in: .default) == productCatalog)
        #expect(model.newListResultsCount == 5)
        #expect(products.asked == ["0..<20 -", "20..<40 -", "40..<60 -"])
        #expect(floorplan.screen.footerText == "No more entries")
        #expect(model.loadNextPage().isEmpty)
    }

    @Test func cellBindingFillsObjectCells() async throws {
        let (floorplan, _, _) = seedSetup()
        await floorplan.loadView().finish()
        let path = ListItemPath(section: 0, item: 5)
        let cell = try #require(floorplan.cell(at: path) as? FUIObjectTableViewCell)
        #expect(cell.headlineText == "Pump 5" && cell.reuseIdentifier == FUIObjectTableViewCell.reuseIdentifier)
        #expect(floorplan.screen.content(at: path) == ListCellContent(headline: "Pump 5", subheadline: "Category B"))
        #expect(floorplan.cell(at: ListItemPath(section: 0, item: 99)) == nil)
        floorplan.cellBinding = nil
        #expect(floorplan.screen.content(at: path)?.headline.contains("Pump 5") == true)
    }

    @Test func searchRunsAfterTheDebounceOnATestClock() async throws {
        let (floorplan, model, loader) = seedSetup()
        let products = try #require(loader)
        let clock = TestClock()
        model.clock = clock
        floorplan.searchDebounceTiming = 0.3
        await floorplan.loadView().finish()
        let search = model.updateSearchText("Pump")
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(299))
        #expect(products.asked == ["0..<20 -"])
        clock.advance(by: .milliseconds(1))
        await search.finish()
        #expect(products.asked == ["0..<20 -", "0..<20 Pump"])
        #expect(model.isSearchActive)
        #expect(model.results(in: .default) == productCatalog.filter { $0.name.hasPrefix("Pump") })
        #expect(model.loadedSearchedItemsCount == 9)
        #expect(floorplan.screen.footerText == "No more entries")

        let nothing = model.updateSearchText("Compressor")
        clock.advance(by: .seconds(1))
        await nothing.finish()
        #expect(floorplan.screen.footerText == "No results found for “Compressor”")
        model.cancelSearch()
        #expect(model.results(in: .default).count == 20)
    }

    @Test func addAndDeleteHandlersAreCalled() async {
        let (floorplan, _, _) = seedSetup()
        await floorplan.loadView().finish()
        var added = 0
        var deleted: [Product] = []
        floorplan.addButtonDidTapHandler = { added += 1 }
        floorplan.deleteButtonDidTapHandler = { section, product in
            if section == .default { deleted.append(product) }
        }
        #expect(floorplan.screen.isAddButtonShown)
        #expect(floorplan.screen.tapAdd())
        #expect(floorplan.screen.tapDelete(at: ListItemPath(section: 0, item: 3)))
        #expect(!floorplan.screen.tapDelete(at: ListItemPath(section: 0, item: 300)))
        #expect(added == 1)
        #expect(deleted == [productCatalog[3]])
    }

    @Test func loaderPublishingLaterAndErrors() async throws {
        let loader = DeferredProductLoader()
        let model = FUIListViewModel<Product, ProductListReportSections>(queries: [.default: loader])
        model.loadTimeout = nil
        let floorplan = FUIListFloorplan(viewModel: model)
        let first = floorplan.loadView()
        await loader.waitForQueries(1)
        loader.error = CatalogUnavailable()
        await first.finish()
        #expect(floorplan.screen.footerText == "Could not load entries: catalog unavailable")
        let retry = model.retry()
        await loader.waitForQueries(2)
        loader.error = nil
        loader.results = Array(productCatalog.prefix(3))
        await retry.finish()
        #expect(model.results(in: .default) == Array(productCatalog.prefix(3)))
        #expect(model.failure == nil)
        #expect(floorplan.screen.footerText == "No more entries")
    }
}
