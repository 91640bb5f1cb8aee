import Foundation
import HierarchyKit
import HierarchySources
import HierarchyTestSupport
import Testing

@testable import TerminalUI

/// Keys, mouse, loading and errors of the linear layouts.
@MainActor
@Suite struct LinearBrowserTests {
    func names(_ browser: LinearCollectionScreen) -> [String] { browser.hierarchy.currentItems.map(\.name) }
    func path(_ browser: LinearCollectionScreen) -> [String] {
        browser.hierarchy.activeItemIDs.compactMap { browser.adapter?.node(for: $0)?.title }
    }

    @Test(arguments: [LinearCollectionScreen.Axis.horizontal, .vertical])
    func loadExpandsTheRoot(axis: LinearCollectionScreen.Axis) async throws {
        let browser = try await sampleLinearBrowser(axis: axis, columns: 80, rows: 24)
        #expect(path(browser) == ["Hamburg Plant"])
        #expect(names(browser).first == "Production")
        #expect(names(browser).count == 8)
        #expect(browser.focusIndex == 0)
    }

    @Test(arguments: [LinearCollectionScreen.Axis.horizontal, .vertical])
    func enterExpandsAndLeftCollapsesToTheParent(axis: LinearCollectionScreen.Axis) async throws {
        let browser = try await sampleLinearBrowser(axis: axis, columns: 80, rows: 24)
        await browser.press(KeyEvent(.down), KeyEvent(.down), KeyEvent(.enter))
        #expect(path(browser) == ["Hamburg Plant", "Steam distribution"])
        #expect(browser.hierarchy.level == 2)
        #expect(browser.focusIndex == 0)
        await browser.press(KeyEvent(.left))
        #expect(path(browser) == ["Hamburg Plant"])
        // Siblings are back in their order, the focus on the item collapsed to.
        #expect(names(browser).count == 8)
        #expect(names(browser)[2] == "Steam distribution")
        #expect(browser.focusIndex == 2)
        await browser.press(KeyEvent(.right), KeyEvent(.backspace))
        #expect(browser.hierarchy.level == 1)
        await browser.press(key("l"), key("h"))
        #expect(browser.hierarchy.level == 1)
        #expect(browser.focusIndex == 2)
    }

    @Test func arrowsFollowTheScreenInRightToLeft() async throws {
        let browser = try await sampleLinearBrowser(axis: .horizontal, columns: 80, rows: 24, rightToLeft: true)
        await browser.press(KeyEvent(.left))
        #expect(path(browser) == ["Hamburg Plant", "Production"])
        await browser.press(KeyEvent(.right))
        #expect(path(browser) == ["Hamburg Plant"])
    }

    @Test func collapsingAtTheTopShowsTheRootAlone() async throws {
        let browser = try await sampleLinearBrowser(axis: .vertical, columns: 80, rows: 24)
        await browser.press(KeyEvent(.left))
        #expect(browser.hierarchy.level == 0)
        #expect(names(browser) == ["Hamburg Plant"])
        await browser.press(KeyEvent(.left))
        #expect(browser.hierarchy.level == 0)
        await browser.press(KeyEvent(.enter))
        #expect(browser.hierarchy.level == 1)
    }

    @Test func clickingAChipOrAnItemTapsIt() async throws {
        let browser = try await sampleLinearBrowser(axis: .horizontal, columns: 80, rows: 24)
        // Screen row 1: " Hamburg Plant ›  [Production 8] [Utilities 5] ..."; "[Utilities 5]" starts at x 33.
        await browser.click(x: 35, y: 1)
        #expect(path(browser) == ["Hamburg Plant", "Utilities"])
        // Row 1 now: " Hamburg Plant ›   Utilities ›  [Compressed air 5] ...": the active chip
        // "Utilities" collapses to it, its siblings back and the focus on it.
        await browser.click(x: 21, y: 1)
        #expect(path(browser) == ["Hamburg Plant"])
        #expect(browser.focusIndex == 1)
        // Empty space does nothing.
        await browser.click(x: 70, y: 10)
        #expect(path(browser) == ["Hamburg Plant"])
    }

    @Test func clickingARowInTheVerticalLayoutTapsIt() async throws {
        let browser = try await sampleLinearBrowser(axis: .vertical, columns: 80, rows: 24)
        // Screen rows: 1 Hamburg Plant, 2 Production, 3 Utilities.
        await browser.click(x: 10, y: 3)
        #expect(path(browser) == ["Hamburg Plant", "Utilities"])
        // The active root collapses to the top level: the root alone.
        await browser.click(x: 10, y: 1)
        #expect(path(browser) == [])
        #expect(names(browser) == ["Hamburg Plant"])
    }

    @Test func aClickOrTheWheelWorkOnAHostsCellsToo() {
        let (screen, controller) = ScreenChromeTests.collectionScreen(columns: 40, rows: 6)
        // Row 1: " Planets   Stars": cells 10 wide, 5 apart.
        _ = screen.handle([
            .mouse(MouseEvent(kind: .press, button: .left, x: 17, y: 1)),
            .mouse(MouseEvent(kind: .release, button: .left, x: 17, y: 1)),
        ])
        #expect(controller.selectedItem?.name == "Stars")
        #expect(screen.message?.text == "Selected “Stars”")
        _ = screen.handle([.mouse(MouseEvent(kind: .release, button: .left, x: 2, y: 1))])
        #expect(controller.hierarchyLevel == 1)
        #expect(screen.changeNote == "Opened Planets: 1 level added, 1 item hidden")
        #expect(screen.focus == IndexPath(indexes: [1, 0]))
        // Empty space does nothing; the wheel stays within the content.
        _ = screen.handle([.mouse(MouseEvent(kind: .release, button: .left, x: 35, y: 4))])
        _ = screen.handle([.mouse(MouseEvent(kind: .wheelDown, button: .none, x: 5, y: 1))])
        #expect(controller.hierarchyLevel == 1)
        #expect(screen.scrollOffset == 0)
    }

    @Test func aLeafIsSelectedNotExpanded() async throws {
        let browser = LinearCollectionScreen(
            source: TestTreeSource.flat(3), sourceName: "t", axis: .vertical, palette: .monochrome)
        try await browser.load()
        await browser.press(KeyEvent(.down), KeyEvent(.enter))
        #expect(browser.hierarchy.level == 1)
        #expect(browser.hierarchy.selectedItemID == browser.hierarchy.currentItems[1].id)
        #expect(browser.message?.text == "Selected “Item 1”")
    }

    @Test func duplicateNamesAreToldApartByIdentity() async throws {
        var source = TestTreeSource.flat(3, name: "Pump")
        source.childrenByID["r"] = (0..<3).map {
            HierarchyNode(id: "p\($0)", title: "Pump", childCount: 1, isContainer: true)
        }
        for i in 0..<3 { source.childrenByID["p\(i)"] = [HierarchyNode(id: "leaf\(i)", title: "Part \(i)")] }
        let browser = LinearCollectionScreen(source: source, sourceName: "t", axis: .horizontal, palette: .monochrome)
        try await browser.load()
        await browser.press(KeyEvent(.down), KeyEvent(.down), KeyEvent(.enter))
        #expect(names(browser) == ["Part 2"])
        #expect(browser.hierarchy.currentItems.first?.payload == "leaf2")
        await browser.press(KeyEvent(.left))
        #expect(browser.hierarchy.currentItems.map(\.payload) == ["p0", "p1", "p2"])
        #expect(browser.focusIndex == 2)
    }

    @Test func aLoadingChipShowsWhileChildrenLoad() async throws {
        let browser = try await sampleLinearBrowser(axis: .horizontal, columns: 80, rows: 24)
        _ = browser.handle([.key(KeyEvent(.enter))])
        #expect(browser.hierarchy.isLoading)
        #expect(browser.frame.contains("(Loading…)"))
        #expect(browser.frame.contains(" loading… · level 2"))
        await browser.settle()
        #expect(!browser.hierarchy.isLoading)
        #expect(!browser.frame.contains("Loading…"))
        #expect(names(browser).first == "Reactor line 1")
    }

    @Test func aFailedLoadCollapsesBackAndSaysWhy() async throws {
        var source = TestTreeSource.flat(0)
        source.childrenByID["r"] = [HierarchyNode(id: "bad", title: "Broken", isContainer: true)]
        source.failingIDs = ["bad"]
        let browser = LinearCollectionScreen(source: source, sourceName: "t", axis: .vertical, palette: .monochrome)
        try await browser.load()
        await browser.press(KeyEvent(.enter))
        #expect(browser.hierarchy.level == 1)
        #expect(!browser.hierarchy.isLoading)
        #expect(browser.message?.isError == true)
        #expect(browser.message?.text.contains("cannot read bad") == true)
    }

    @Test func anEmptyContainerShowsNoItems() async throws {
        var source = TestTreeSource.flat(0)
        source.childrenByID["r"] = [HierarchyNode(id: "e", title: "Empty", isContainer: true)]
        let browser = LinearCollectionScreen(
            source: source, sourceName: "t", axis: .vertical, palette: .monochrome, columns: 40, rows: 8)
        try await browser.load()
        await browser.press(KeyEvent(.enter))
        #expect(browser.hierarchy.level == 2)
        #expect(browser.frame.contains("No items"))
        #expect(browser.frame.contains(" empty · level 2"))
    }

    @Test func anEmptySourceShowsNothingAndDoesNotCrash() async throws {
        let source = TestTreeSource(rootNode: nil, childrenByID: [:])
        let browser = LinearCollectionScreen(
            source: source, sourceName: "t", axis: .horizontal, palette: .monochrome, columns: 40, rows: 8)
        try await browser.load()
        await browser.press(KeyEvent(.enter), KeyEvent(.left), KeyEvent(.down), key("y"))
        #expect(browser.hierarchy.currentItems.isEmpty)
        #expect(browser.frame.contains(" empty · level 0"))
    }

    @Test(arguments: [LinearCollectionScreen.Axis.horizontal, .vertical])
    func longListsScrollToKeepTheFocusVisible(axis: LinearCollectionScreen.Axis) async throws {
        let browser = LinearCollectionScreen(
            source: TestTreeSource.flat(200), sourceName: "t", axis: axis, palette: .monochrome, columns: 40, rows: 12)
        try await browser.load()
        #expect(browser.scrollOffset == 0)
        await browser.press(KeyEvent(.end))
        #expect(browser.focusIndex == 199)
        #expect(browser.scrollOffset > 0)
        #expect(browser.frame.contains("Item 199"))
        #expect(!browser.frame.contains("Item 0]") && !browser.frame.contains("Item 0\n"))
        await browser.press(KeyEvent(.home))
        #expect(browser.scrollOffset == 0)
        #expect(browser.frame.contains("Item 0"))
        // The wheel scrolls within the content.
        _ = browser.handle([.mouse(MouseEvent(kind: .wheelDown, button: .none, x: 5, y: 5))])
        #expect(browser.scrollOffset == 3)
        _ = browser.handle(Array(repeating: .mouse(MouseEvent(kind: .wheelUp, button: .none, x: 5, y: 5)), count: 5))
        #expect(browser.scrollOffset == 0)
    }

    @Test func childLimitBoundsWhatIsRead() async throws {
        let browser = LinearCollectionScreen(
            source: TestTreeSource.flat(50), sourceName: "t", axis: .vertical, palette: .monochrome, childLimit: 10)
        try await browser.load()
        #expect(names(browser).count == 10)
        #expect(browser.message?.text == "Showing the first 10 of 50 items")
    }

    @Test func quitHelpAndCopy() async throws {
        let browser = try await sampleLinearBrowser(axis: .vertical, columns: 80, rows: 24)
        let copied = await browser.press(key("y"))
        #expect(copied == [.write(OSC52.copy("Production\nArea\nBuilding 3, Building 4"))])
        await browser.press(key("?"))
        #expect(browser.showsHelp)
        #expect(browser.frame.contains("back to the parent"))
        // Any key closes the help; q there quits.
        await browser.press(KeyEvent(.down))
        #expect(!browser.showsHelp)
        #expect(browser.focusIndex == 0)
        #expect(await browser.press(key("q")) == [.quit])
        #expect(await browser.press(key("c", .control)) == [.quit])
    }

    @Test func lettersJumpToTheNextItemThatStartsSo() async throws {
        let clock = ManualClock()
        let browser = LinearCollectionScreen(
            source: try SharedSample.source(), sourceName: "Sample plant", axis: .vertical, palette: .monochrome,
            now: { clock.now })
        try await browser.load()
        await browser.press(key("t"))
        #expect(browser.focusedItem?.name == "Tank farm")
        #expect(browser.message?.text == "Find: t")
        // Letters typed within the timeout extend the search, case and accents aside; q among them.
        await browser.press(key("A"), key("n"))
        #expect(browser.focusedItem?.name == "Tank farm")
        await browser.press(key("q"))
        #expect(browser.message?.text == "No item starts with “tAnq”")
        #expect(browser.focusedItem?.name == "Tank farm")
        // After a pause a letter starts again, from the focused item on and around.
        clock.advance(by: .seconds(2))
        await browser.press(key("p"))
        #expect(browser.focusedItem?.name == "Packaging")
        clock.advance(by: .seconds(2))
        await browser.press(key("u"))
        #expect(browser.focusedItem?.name == "Utilities")
        // Escape ends the search: q quits again.
        clock.advance(by: .seconds(2))
        await browser.press(key("w"), KeyEvent(.escape))
        #expect(browser.focusedItem?.name == "Wastewater treatment")
        #expect(await browser.press(key("q")) == [.quit])
    }

    @Test(arguments: [(0, 0), (19, 4), (20, 5), (1, 200)])
    func tinyAndOddSizesDoNotCrash(columns: Int, rows: Int) async throws {
        let browser = try await sampleLinearBrowser(axis: .horizontal, columns: columns, rows: rows)
        let buffer = browser.render()
        #expect(buffer.width == columns && buffer.height == rows)
        browser.resize(columns: 80, rows: 24)
        #expect(browser.frame.contains("[Production 8]"))
    }

    @Test func redrawHandlerIsToldWhenChildrenArrive() async throws {
        let browser = try await sampleLinearBrowser(axis: .horizontal, columns: 80, rows: 24)
        var redraws = 0
        browser.setRedrawHandler { redraws += 1 }
        _ = browser.handle([.key(KeyEvent(.enter))])
        await browser.settle()
        #expect(redraws >= 2)
        browser.setRedrawHandler(nil)
        let before = redraws
        await browser.press(KeyEvent(.left), KeyEvent(.down), KeyEvent(.enter))
        #expect(redraws == before)
    }

    @Test(arguments: [LinearCollectionScreen.Axis.horizontal, .vertical])
    func aThemePaintsEveryCell(axis: LinearCollectionScreen.Axis) async throws {
        let browser = try await sampleLinearBrowser(axis: axis, columns: 40, rows: 12)
        browser.palette = .forTheme(.light)
        let buffer = browser.render()
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                #expect(buffer[x, y].style.background != .default, "cell \(x),\(y)")
            }
        }
        #expect(buffer[5, 5].style.background == .rgb(0xFF, 0xFF, 0xFF))
    }
}
