import FioriCompat
import Foundation
import TerminalUI
import Testing

private struct Part: Hashable, Identifiable, Sendable {
    var id: Int
    var name: String
}

private enum PartSections: CaseIterable {
    case `default`
}

/// Answers at once from twelve parts, filtered by the search text.
private final class PartLoader: FUIDataLoader<Part> {
    override func query(forItemsIn range: Range<Int>?, with searchString: String?) {
        let all = (0..<12).map { Part(id: $0, name: $0.isMultiple(of: 3) ? "Pump \($0)" : "Valve \($0)") }
        let text = searchString ?? ""
        let matching = all.filter { part in text.isEmpty || part.name.contains(text) }
        let lower = min(range?.lowerBound ?? 0, matching.count)
        results = Array(matching[lower..<min(range?.upperBound ?? matching.count, matching.count)])
    }
}

@MainActor
private final class RecordingCoordinator: FUICoordinator {
    var chosen: [(String, IndexPath)] = []
    func didSelect(_ entity: Any, at indexPath: IndexPath) {
        chosen.append(((entity as? Part)?.name ?? "?", indexPath))
    }
}

@MainActor
private func makeFloorplan() -> FUIListFloorplan<Part, PartSections> {
    var queries: [PartSections: FUIDataLoader<Part>] = [:]
    queries[.default] = PartLoader()
    let model = FUIListViewModel<Part, PartSections>(queries: queries, isListPagingEnabled: true, isSearchEnabled: true)
    // No load timeout: its 30 s run on the real clock, which a loaded test run could lose.
    model.loadTimeout = nil
    let floorplan = FUIListFloorplan<Part, PartSections>(viewModel: model)
    floorplan.searchDebounceTiming = 0
    return floorplan
}

private func text(of buffer: ScreenBuffer) -> String {
    (0..<buffer.height).map { buffer.text(row: $0) }.joined(separator: "\n")
}

extension SeedConformance {
    @MainActor
    @Suite("List floorplan", .timeLimit(.minutes(5)))
    struct ListFloorplanDocument {
        @Test(
            "\"searchBar: Fiori style UISearchBar (set in viewDidLoad in case ListViewModel.isSearchEnabled is true)\": typing into it searches"
        )
        func searchBarSearches() async throws {
            let floorplan = makeFloorplan()
            #expect(floorplan.searchBar == nil)
            await floorplan.loadView().finish()
            let searchBar = try #require(floorplan.searchBar)
            #expect(searchBar.placeholderText == "Search")
            searchBar.text = "Pump"
            await searchBar.lastSearch?.finish()
            #expect(floorplan.viewModel.searchText == "Pump")
            #expect(floorplan.viewModel.results(in: .default).map(\.name) == ["Pump 0", "Pump 3", "Pump 6", "Pump 9"])
            #expect(searchBar.text == "Pump")
        }

        @Test("\"searchBar\" stays nil when the view model does not allow search")
        func noSearchBarWithoutSearch() async {
            var queries: [PartSections: FUIDataLoader<Part>] = [:]
            queries[.default] = PartLoader()
            let model = FUIListViewModel<Part, PartSections>(
                queries: queries, isListPagingEnabled: true, isSearchEnabled: false)
            model.loadTimeout = nil
            let floorplan = FUIListFloorplan<Part, PartSections>(viewModel: model)
            await floorplan.loadView().finish()
            #expect(floorplan.searchBar == nil)
        }

        @Test(
            "\"Implement emptyResultsView to display a custom empty state view when the search result is empty\": a view, drawn in the terminal"
        )
        func emptyResultsViewIsDrawn() async throws {
            let floorplan = makeFloorplan()
            let empty = UIView()
            empty.addSubview(UILabel(text: "Nothing matches."))
            empty.addSubview(UILabel(text: "Try a part number."))
            floorplan.emptyResultsView = empty
            let browser = ListBrowser(screen: floorplan.screen, columns: 60, rows: 12)
            await floorplan.loadView().finish()
            await floorplan.viewModel.updateSearchText("Gearbox").finish()
            #expect(floorplan.viewModel.results(in: .default).isEmpty)
            #expect(floorplan.screen.footerText == "Nothing matches. Try a part number.")
            #expect(text(of: browser.render()).contains("Nothing matches. Try a part number."))
            // The default view is a label saying what was searched.
            let plain = makeFloorplan()
            await plain.loadView().finish()
            await plain.viewModel.updateSearchText("Gearbox").finish()
            #expect(plain.emptyResultsView is UILabel)
            #expect(plain.screen.footerText == "No results found for “Gearbox”")
        }

        @Test(
            "\"coordinator: The FUICoordinator object that handles navigation when user performs certain actions\": choosing a row reaches it"
        )
        func coordinatorHearsChosenRow() async throws {
            let floorplan = makeFloorplan()
            let coordinator = RecordingCoordinator()
            floorplan.coordinator = coordinator
            let browser = ListBrowser(screen: floorplan.screen, columns: 60, rows: 12)
            await floorplan.loadView().finish()
            _ = browser.handle([.key(KeyEvent(.down)), .key(KeyEvent(.enter))])
            #expect(coordinator.chosen.map(\.0) == ["Valve 1"])
            #expect(coordinator.chosen.first?.1 == IndexPath(row: 1, section: 0))
        }

        @Test(
            "\"gridRowHeaderItems: The FUIGridRowHeaderItem list for used when display in grid table mode\": a header row above the list"
        )
        func gridHeaderAboveRows() async throws {
            let floorplan = makeFloorplan()
            floorplan.gridRowHeaderItems = [
                FUIGridRowHeaderItem(text: "Part", width: 2),
                FUIGridRowHeaderItem(text: "Stock", width: 1, alignment: .trailing),
            ]
            #expect(floorplan.gridHeader.line(width: 30) == "Part" + String(repeating: " ", count: 21) + "Stock")
            let browser = ListBrowser(screen: floorplan.screen, columns: 30, rows: 12)
            await floorplan.loadView().finish()
            let lines = text(of: browser.render()).split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
            #expect(lines[1].hasPrefix("Part") && lines[1].trimmingCharacters(in: .whitespaces).hasSuffix("Stock"))
            #expect(lines[2].contains("Pump 0"))
            floorplan.gridRowHeaderItems = []
            #expect(text(of: browser.render()).split(separator: "\n")[1].contains("Pump 0"))
        }

        @Test(
            "\"cellBinding = { tableView, indexPath, entity in ... }\": indexPath.row and indexPath.section compile and are the row's position"
        )
        func cellBindingIndexPath() async throws {
            let floorplan = makeFloorplan()
            floorplan.cellBinding = { tableView, indexPath, entity in
                let cell =
                    tableView.dequeueReusableCell(
                        withIdentifier: FUIObjectTableViewCell.reuseIdentifier, for: indexPath)
                    as! FUIObjectTableViewCell
                cell.headlineText = entity.name
                cell.footnoteText = "section \(indexPath.section), row \(indexPath.row)"
                return cell
            }
            await floorplan.loadView().finish()
            let cell = try #require(floorplan.cell(at: ListItemPath(section: 0, item: 4)) as? FUIObjectTableViewCell)
            #expect(cell.headlineText == "Valve 4" && cell.footnoteText == "section 0, row 4")
            var path = IndexPath(row: 7, section: 2)
            path.row += 1
            #expect(path.section == 2 && path.row == 8 && path.item == 8 && Array(path) == [2, 8])
        }
    }
}
