import Foundation
import HierarchyKit
import HierarchySources
import HierarchyTestSupport
import ListFloorplan
import Testing

@testable import TerminalUI

@MainActor
@Suite struct GlobalSearchScreenTests {
    func makeScreen(start: String? = nil) async throws -> (GlobalSearchScreen, TableBrowser, TestClock) {
        let table = TableBrowser.make(
            source: try SharedSample.source(), sourceName: "Sample plant", presentation: .whenNarrow,
            palette: .monochrome, columns: 100, rows: 30)
        try await table.dataSource!.load(startingAt: start)
        await table.dataSource!.settle()
        let clock = TestClock()
        let screen = GlobalSearchScreen(
            base: table, dataSource: table.dataSource!, title: "Sample plant",
            palette: .monochrome, clock: clock)
        screen.resize(columns: 100, rows: 30)
        return (screen, table, clock)
    }

    func search(_ text: String, in screen: GlobalSearchScreen, clock: TestClock) async throws -> ListBrowser<
        HierarchyListItem, HierarchyListSection
    > {
        #expect(screen.handle([.key(KeyEvent(.character("/")))]) == [.search])
        screen.presentSearch()
        let list = try #require(screen.list)
        await list.finishPendingWork()
        for c in text { _ = screen.handle([.key(KeyEvent(.character(c)))]) }
        clock.advance(by: .milliseconds(250))
        await list.finishPendingWork()
        return list
    }

    @Test func choosingAResultRevealsItsPathInTheColumns() async throws {
        let (screen, table, clock) = try await makeScreen()
        let list = try await search("Compressed air", in: screen, clock: clock)
        #expect(screen.render().plainText.contains("Hamburg Plant › Utilities"))
        #expect(list.selectedItem?.node.title == "Compressed air")
        #expect(screen.handle([.key(KeyEvent(.enter))]) == [])
        #expect(screen.list == nil)
        await screen.reveal?.value
        await table.dataSource!.settle()
        let top = screen.render().plainText.split(separator: "\n").first.map(String.init) ?? ""
        #expect(top.contains("Hamburg Plant › Utilities › Compressed air"))
        #expect(table.dataSource!.node(for: table.view.focusedUUID ?? "")?.title == "Compressed air")
    }

    @Test func escapeClosesTheListAndLeavesTheColumns() async throws {
        let (screen, table, clock) = try await makeScreen()
        let before = (table.view.expandedPath, table.view.focusedUUID)
        _ = try await search("Pump", in: screen, clock: clock)
        #expect(screen.handle([.key(KeyEvent(.escape))]) == [])
        #expect(screen.list == nil)
        #expect(screen.reveal == nil)
        #expect(table.view.expandedPath == before.0)
        #expect(table.view.focusedUUID == before.1)
        // Keys go to the columns again.
        #expect(screen.handle([.key(KeyEvent(.character("q")))]) == [.quit])
    }

    @Test func revealsOutsideADeepStart() async throws {
        let source = try SharedSample.source()
        let root = try #require(try await source.root())
        let areas = try await source.children(ofID: root.id, in: 0..<100)
        let first = try #require(areas.first)
        let deep = try #require(try await source.children(ofID: first.id, in: 0..<1).first)
        let (screen, table, clock) = try await makeScreen(start: deep.id)
        _ = try await search("Compressed air", in: screen, clock: clock)
        _ = screen.handle([.key(KeyEvent(.enter))])
        await screen.reveal?.value
        await table.dataSource!.settle()
        #expect(
            table.view.expandedPath.prefix(2).map { table.dataSource!.node(for: $0)?.title } == [
                "Hamburg Plant", "Utilities",
            ])
        #expect(table.dataSource!.node(for: table.view.focusedUUID ?? "")?.title == "Compressed air")
    }
}
