import Foundation
import Testing

@testable import HierarchyKit

/// A paging data source: root "R" with `count` children "R/i", of which only the rows in
/// `loaded` have their item; rows in `failed` could not be read.
@MainActor
final class PagingTestDataSource: @MainActor HierarchyViewPagingDataSource {
    var count: Int
    var loaded: Set<Int> = []
    var failed: Set<Int> = []
    /// Every `childAt` call, as "row".
    var asked: [Int] = []
    /// Calls of the seed method (a paging source must never get one from the view).
    var seedCalls = 0

    init(count: Int) { self.count = count }

    func rootUUID(in hierarchyView: HierarchyView) -> String? { "R" }
    func hierarchyView(_ hierarchyView: HierarchyView, numberOfChildrenForItemWith uuid: String) -> Int {
        uuid == "R" ? count : 0
    }
    func hierarchyView(_ hierarchyView: HierarchyView, uuidForChildItemAt index: Int, with parentUUID: String) -> String
    {
        seedCalls += 1
        return "R/\(index)"
    }
    func hierarchyView(_ hierarchyView: HierarchyView, childAt index: Int, with parentUUID: String) -> HierarchyChildRow
    {
        asked.append(index)
        if failed.contains(index) { return .failed("cannot read this row") }
        return loaded.contains(index) ? .item("R/\(index)") : .loading
    }
    func hierarchyView(_ hierarchyView: HierarchyView, titleForItemWith uuid: String) -> String? { uuid }
}

@MainActor
@Suite struct HierarchyViewPagingTests {
    func makePagingView(_ source: PagingTestDataSource) -> HierarchyView {
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 120, height: 20)))
        view.dataSource = source
        return view
    }

    func rows(_ view: HierarchyView) -> [String] {
        view.snapshot().columns[1].items.map { item in
            switch item.state {
            case .loaded: item.uuid
            case .loading: "loading(\(item.uuid))"
            case .failed(let reason): "failed(\(item.uuid)): \(reason)"
            }
        }
    }

    @Test func rowsWithoutAnItemAreLoadingSlotsThenTheirItems() {
        let source = PagingTestDataSource(count: 4)
        let view = makePagingView(source)
        #expect(rows(view) == ["loading()", "loading()", "loading()", "loading()"])
        #expect(
            view.snapshot().columns[1].items.map(\.cell.title.text) == ["Loading…", "Loading…", "Loading…", "Loading…"])
        #expect(view.focusedUUID == nil)
        #expect(source.seedCalls == 0)
        // The first two rows arrive: the slots become the items, the others stay loading.
        source.loaded = [0, 1]
        view.invalidateChildren(of: "R", at: IndexSet(integersIn: 0..<2))
        #expect(rows(view) == ["R/0", "R/1", "loading()", "loading()"])
        #expect(view.focusedUUID == "R/0")
        // One fails, one arrives.
        source.failed = [2]
        source.loaded.insert(3)
        view.invalidateChildren(of: "R", at: IndexSet(integersIn: 2..<4))
        #expect(rows(view) == ["R/0", "R/1", "failed(): cannot read this row", "R/3"])
        #expect(view.snapshot().columns[1].items[2].cell.title.text == "⚠ Cannot read this row")
        #expect(view.recentErrors.isEmpty)
        view._checkInvariants()
    }

    @Test func aClickOnALoadingRowFindsItsSlotAndFocusesIt() {
        let source = PagingTestDataSource(count: 6)
        source.loaded = [0]
        let view = makePagingView(source)
        let snapshot = view.snapshot()
        guard let slot = (snapshot.columns[1].items.first { $0.state == .loading }) else {
            Issue.record("no loading row")
            return
        }
        let point = Point(
            x: slot.frame.origin.x + slot.frame.size.width / 2, y: slot.frame.origin.y + slot.frame.size.height / 2)
        guard case .pendingRow(let column, let row) = view.hitTest(point) else {
            Issue.record("a loading row is hit as \(view.hitTest(point))")
            return
        }
        #expect(column == 1)
        #expect(snapshot.columns[1].items[row].state == .loading)
        view.send(.tap(at: point))
        #expect(view.focusedPosition?.column == 1)
        #expect(view.focusedPosition?.row == row)
    }

    @Test func aLoadedRowIsNotAskedAgainButALoadingOneIs() {
        let source = PagingTestDataSource(count: 3)
        source.loaded = [0, 1]
        let view = makePagingView(source)
        _ = view.snapshot()
        source.asked = []
        view.send(.scroll(column: 1, by: 0))
        _ = view.snapshot()
        view.invalidateItems(with: ["R/0"])
        _ = view.snapshot()
        #expect(!source.asked.contains(0))
        #expect(!source.asked.contains(1))
        #expect(source.asked.contains(2))
    }

    @Test func slotsMoveWithInsertedAndRemovedRows() {
        var column = ColumnState(parent: "R", count: 4, extent: 2)
        column.setUUID("R/0", at: 0)
        column.setPendingState(.loading, at: 1)
        column.setPendingState(.failed("no"), at: 3)
        column.insertRows(IndexSet([0]), extent: 2)
        #expect(column.uuid(at: 1) == "R/0")
        #expect(column.pendingState(at: 1) == nil)
        #expect(column.pendingState(at: 2) == .loading)
        #expect(column.pendingState(at: 4) == .failed("no"))
        column.removeRows(IndexSet([2]))
        #expect(column.pendingState(at: 2) == nil)
        #expect(column.pendingState(at: 3) == .failed("no"))
        // An item arriving replaces its slot.
        column.setUUID("R/9", at: 3)
        #expect(column.pendingState(at: 3) == nil)
        column._checkInvariants()
    }
}
