import FioriCompat
import Foundation
import HierarchySources
import HierarchyTestSupport
import TerminalUI
import Testing

/// The plist of the documentation's demo: "Spacecraft" is left empty (dynamic) and filled at
/// runtime by the host.
private var demoPlist: [[String: Any]] {
    [
        [
            "name": "Planets",
            "children": [
                ["name": "Mercury"], ["name": "Venus"], ["name": "Earth", "children": [["name": "Moon"]]],
            ],
        ],
        ["name": "Spacecraft", "type": "dynamic"],
        ["name": "Stars", "children": [["name": "Sun"], ["name": "Sirius"]]],
    ]
}

/// A custom cell class, as `registerClassForCBLinearHierarchyCell()` hands out.
@MainActor
private final class SpaceCell: CBLinearHierarchyCell {
    override var displayText: String { "✦" + (title ?? "") }
}

/// The usage sample of the document, written in Swift: the host is the cell manager, data
/// source and delegate, and fills "Spacecraft" at runtime.
@MainActor
private final class SpaceViewController: CBLinearHierarchyCellManagerProtocol, UICollectionViewDataSource,
    UICollectionViewDelegateFlowLayout
{
    var lhLayout: CBLinearHierarchyFlowLayout!
    var lhVC: CBLinearHierarchyViewController!
    var selectedItemName: String?
    let dataAtRuntime = ["Voyager 1", "Voyager 2", "Cassini"]

    init(scrollDirection: LinearHierarchyLayout.ScrollDirection, plist: Any) {
        lhLayout = CBLinearHierarchyFlowLayout()
        lhLayout.scrollDirection = scrollDirection
        lhLayout.minimumInteritemSpacing = 1
        lhLayout.itemSize = Size(width: 14, height: 1)
        lhVC = CBLinearHierarchyViewController(collectionViewLayout: lhLayout)
        lhVC.lhCellManagerDelegate = self
        lhVC.normalLHCellColor = UIColor.darkGray
        lhVC.activeLHCellColor = UIColor.purple
        lhVC.hierarchyItems = plist
        lhVC.collectionView.dataSource = self
        lhVC.collectionView.delegate = self
    }

    func cellReuseIdentifierForHierarchyNavigator() -> String { "SpaceCell" }
    func registerClassForCBLinearHierarchyCell() -> CBLinearHierarchyCell.Type { SpaceCell.self }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        if selectedItemName == "Spacecraft" && section == 1 {
            return dataAtRuntime.count
        } else {
            return lhVC.collectionView(collectionView, numberOfItemsInSection: section)
        }
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        if selectedItemName == "Spacecraft" && indexPath.section == 1 {
            let cell = collectionView.dequeueReusableCell(
                withReuseIdentifier: cellReuseIdentifierForHierarchyNavigator(), for: indexPath)
            cell.title = dataAtRuntime[indexPath.item]
            cell.backgroundColor = lhVC.normalLHCellColor
            return cell
        }
        return lhVC.collectionView(collectionView, cellForItemAt: indexPath)
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard selectedItemName != "Spacecraft" || indexPath.section != 1 else { return }
        let name = lhVC.item(at: indexPath)?.name
        lhVC.collectionView(collectionView, didSelectItemAt: indexPath)
        selectedItemName = lhVC.hierarchyLevel > 0 ? name : nil
    }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> LinearSize {
        // Variable sizes: the top-level "Stars" cell is wider.
        if lhVC.item(at: indexPath)?.name == "Stars" { return Size(width: 16, height: 1) }
        return collectionViewLayout.itemSize
    }
}

private func text(_ line: String, at x: Int) -> String {
    String(line.dropFirst(x))
}

private func lines(_ buffer: ScreenBuffer) -> [String] {
    (0..<buffer.height).map { buffer.text(row: $0) }
}

extension SeedConformance {
    @MainActor
    @Suite("CBLinearHierarchy in Swift")
    struct LinearHierarchyDocument {
        @Test(
            "\"Horizontal Implementation\": the sample written in Swift compiles and runs in the terminal as one scrolling row"
        )
        func horizontalSampleRunsInTerminal() throws {
            let host = SpaceViewController(scrollDirection: .horizontal, plist: demoPlist)
            #expect(host.lhVC.hierarchyItemsError == nil)
            #expect(host.lhVC.currentItems.map(\.name) == ["Planets", "Spacecraft", "Stars"])
            #expect(host.lhVC.hierarchyLevel == 0)
            let screen = LinearCollectionScreen(controller: host.lhVC, title: "Space", columns: 40, rows: 5)
            var shown = lines(screen.render())
            // One row: itemSize 14 wide, 1 apart; "Stars" 16 wide from sizeForItemAt.
            #expect(shown[1].hasPrefix(" ✦Planets"))
            #expect(text(shown[1], at: 15).hasPrefix(" ✦Spacecraft"))
            #expect(text(shown[1], at: 30).hasPrefix(" ✦Stars"))
            #expect(shown[2].trimmingCharacters(in: .whitespaces).isEmpty)
            // Drill into Planets, then Earth: the path and the children stay on one row.
            _ = screen.handle([.key(KeyEvent(.enter))])
            #expect(host.lhVC.hierarchyLevel == 1)
            #expect(host.lhVC.currentItems.map(\.name) == ["Mercury", "Venus", "Earth"])
            let update = try #require(host.lhVC.lastUpdate)
            #expect(update.insertedSections == IndexSet(integer: 1))
            #expect(update.removedItems.map(\.item) == [1, 2])
            // The terminal shows the change the update list describes, until the next key.
            #expect(screen.changeNote == "Opened Planets: 1 level added, 2 items hidden")
            #expect(
                screen.insertedPaths == [
                    IndexPath(item: 0, section: 1), IndexPath(item: 1, section: 1), IndexPath(item: 2, section: 1),
                ])
            #expect(lines(screen.render()).last?.hasPrefix(" Opened Planets") == true)
            _ = screen.handle([.key(KeyEvent(.right)), .key(KeyEvent(.right)), .key(KeyEvent(.enter))])
            #expect(host.lhVC.hierarchyLevel == 2)
            _ = screen.handle([.key(KeyEvent(.right)), .key(KeyEvent(.right)), .key(KeyEvent(.right))])
            shown = lines(screen.render())
            #expect(shown[1].contains("✦Moon"))
            #expect(shown[2].trimmingCharacters(in: .whitespaces).isEmpty)
            // The active path uses the active colour, the rest the normal one.
            let cell = host.collectionView(host.lhVC.collectionView, cellForItemAt: IndexPath(item: 0, section: 0))
            #expect(cell is SpaceCell && cell.isActive && cell.backgroundColor == UIColor.purple)
            // Collapse back to the top level by choosing the active "Planets".
            _ = screen.handle([.key(KeyEvent(.home)), .key(KeyEvent(.enter))])
            #expect(host.lhVC.hierarchyLevel == 0)
            #expect(screen.changeNote == "Back to Planets: 2 levels closed, 2 items restored")
        }

        @Test(
            "\"the Spacecraft area is left empty in the plist file, and is only populated at runtime\" by overriding the data source"
        )
        func runtimeContentThroughOverriddenDataSource() throws {
            let host = SpaceViewController(scrollDirection: .vertical, plist: demoPlist)
            let screen = LinearCollectionScreen(controller: host.lhVC, title: "Space", columns: 30, rows: 10)
            _ = screen.handle([.key(KeyEvent(.down)), .key(KeyEvent(.enter))])
            #expect(host.selectedItemName == "Spacecraft")
            let shown = lines(screen.render())
            // Vertical: the path stacked, the runtime children below it.
            #expect(shown[1].hasPrefix(" ✦Spacecraft"))
            #expect(shown[3].hasPrefix(" ✦Voyager 1"))
            #expect(shown[5].hasPrefix(" ✦Voyager 2"))
            #expect(shown[7].hasPrefix(" ✦Cassini"))
        }

        @Test("\"hierarchyItems\" from a JSON file ({\"root\": [...]}) and from a plist")
        func hierarchyItemsFromJSONAndPlist() throws {
            let json = Data(#"{"root": [{"name": "Fruit", "children": [{"name": "Apple"}]}, {"name": "Tea"}]}"#.utf8)
            let host = SpaceViewController(
                scrollDirection: .horizontal, plist: try JSONSerialization.jsonObject(with: json))
            #expect(host.lhVC.currentItems.map(\.name) == ["Fruit", "Tea"])
            let plist = try PropertyListSerialization.data(fromPropertyList: demoPlist, format: .xml, options: 0)
            let fromPlist = try PropertyListSerialization.propertyList(from: plist, format: nil)
            host.lhVC.hierarchyItems = fromPlist
            #expect(host.lhVC.currentItems.map(\.name) == ["Planets", "Spacecraft", "Stars"])
            host.lhVC.hierarchyItems = ["root": 3]
            #expect(host.lhVC.hierarchyItemsError != nil && host.lhVC.currentItems.isEmpty)
        }

        @Test(
            "\"Horizontal Implementation\" in `hierarchy browse --layout linear-horizontal`: the path and the level are one row that scrolls sideways, never wrapped"
        )
        func linearBrowserHorizontalIsOneRow() async throws {
            let browser = LinearCollectionScreen(
                source: try SharedSample.source(), sourceName: "Sample plant", axis: .horizontal,
                palette: .monochrome, columns: 40, rows: 12)
            try await browser.load()
            var body = lines(browser.render()).dropFirst().dropLast()
            #expect(body.first?.contains("[") == true)
            #expect(body.dropFirst().allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty })
            // End focuses the last item of the level: the row scrolls to it, still one row.
            _ = browser.handle([.key(KeyEvent(.end))])
            await browser.settle()
            #expect(browser.scrollOffset > 0)
            body = lines(browser.render()).dropFirst().dropLast()
            let last = try #require(browser.focusedItem?.name)
            #expect(body.first?.contains(String(last.prefix(8))) == true)
            #expect(body.dropFirst().allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty })
        }

        @Test("\"If you have no need for more than one size, simply set the itemSize property on the layout object\"")
        func itemSizeForEveryCell() {
            let layout = CBLinearHierarchyFlowLayout()
            layout.scrollDirection = .horizontal
            layout.minimumInteritemSpacing = 2
            layout.itemSize = Size(width: 6, height: 1)
            let controller = CBLinearHierarchyViewController(collectionViewLayout: layout)
            controller.hierarchyItems = [["name": "A"], ["name": "B"], ["name": "C"]]
            let screen = LinearCollectionScreen(controller: controller, columns: 30, rows: 4)
            let row = lines(screen.render())[1]
            #expect(row.hasPrefix(" A       B       C"))
        }
    }
}
