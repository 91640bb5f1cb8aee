import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyKit

@MainActor
@Suite struct HierarchyViewLoadingTests {
    @Test func initialLoadAsksRootThenChildrenThenParent() {
        let source = plantSource()
        let view = makeView(source)
        #expect(
            source.loadCalls == [
                "root", "count(Plant)", "cell(Plant)",
                "child(0 of Plant)", "child(1 of Plant)", "child(2 of Plant)",
                "cell(A1)", "cell(A2)", "cell(A3)",
                "parent(Plant)",
            ])
        #expect(view.visibleItemUUIDs == [["Plant"], ["A1", "A2", "A3"]])
        view._checkInvariants()
    }

    @Test func nilRootIsAnEmptyViewAndLoadingEnds() {
        let source = TestTreeDataSource(root: nil)
        let view = makeView(source)
        #expect(source.loadCalls == ["root"])
        #expect(view.numberOfColumns == 0)
        #expect(view.snapshot().columns.isEmpty)
        #expect(!view.canShowPreviousLevel && !view.canShowNextLevel)
    }

    @Test(arguments: [0, 1, 2, 57])
    func rootWithChildCountsOpensAColumnOfThatSize(count: Int) {
        let source = TestTreeDataSource(root: "R")
        source.virtualCounts["R"] = count
        let view = makeView(source, height: 12)
        let snapshot = view.snapshot()
        #expect(snapshot.columns.count == 2)
        #expect(snapshot.columns[1].itemCount == count)
        #expect(snapshot.columns[1].items.map(\.uuid) == (0..<min(count, 4)).map { "R/\($0)" })
        view._checkInvariants()
    }

    @Test func parentBecomesAPreviewColumnBeforeTheRoot() {
        let source = plantSource()
        source.rootID = "A1"
        let view = makeView(source, width: 90)  // three columns
        // A1's parent Plant leads; Plant's children replace the lone A1; Plant has no parent.
        #expect(view.visibleItemUUIDs == [["Plant"], ["A1", "A2", "A3"], ["P1", "P2", "P3"]])
        let calls = source.loadCalls
        let parentAsk = try! #require(calls.firstIndex(of: "parent(A1)"))
        #expect(calls.firstIndex(of: "count(A1)")! < parentAsk)
        #expect(calls.firstIndex(of: "cell(P1)")! < parentAsk)
        #expect(calls.contains("count(Plant)"))
        #expect(calls.last == "parent(Plant)")
        #expect(view.snapshot().columns[1].items[0].isExpanded)
        view._checkInvariants()
    }

    @Test func twoColumnsKeepThePreviewOffScreenUntilTheUserGoesBack() {
        let source = plantSource()
        source.rootID = "A1"
        let view = makeView(source, width: 60)
        #expect(view.visibleItemUUIDs == [["A1", "A2", "A3"], ["P1", "P2", "P3"]])
        #expect(!source.loadCalls.contains("parent(Plant)"))
        #expect(view.canShowPreviousLevel)
        view.send(.showPreviousLevel)
        #expect(view.visibleItemUUIDs == [["Plant"], ["A1", "A2", "A3"]])
        #expect(source.loadCalls.last == "parent(Plant)")
        #expect(!view.canShowPreviousLevel)
        view._checkInvariants()
    }

    @Test func asynchronousParentArrivesThroughInvalidateParent() {
        let source = plantSource()
        source.rootID = "A1"
        source.unloadedParents = ["A1"]
        source.unloadedChildren = ["Plant"]
        let view = makeView(source, width: 90)
        #expect(view.visibleItemUUIDs == [["A1"], ["P1", "P2", "P3"]])
        source.completePendingLoads()
        #expect(view.visibleItemUUIDs == [["Plant"], ["A1", "A2", "A3"], ["P1", "P2", "P3"]])
        view._checkInvariants()
    }

    @Test func invalidateParentRemovesTheSiblingsUntilTheParentsChildrenArrive() {
        let source = plantSource()
        source.rootID = "A1"
        source.unloadedParents = ["A1"]
        source.unloadedChildren = ["Plant"]
        let view = makeView(source, width: 90)
        // Complete only the parent load: Plant arrives, its children are still loading.
        let parentLoad = source.pendingLoads.removeFirst()
        parentLoad()
        let snapshot = view.snapshot()
        #expect(snapshot.columns.map { $0.items.map(\.uuid) } == [["Plant"], ["A1"], ["P1", "P2", "P3"]])
        #expect(snapshot.columns[1].isLoadingSiblings)
        source.completePendingLoads()
        #expect(view.visibleItemUUIDs == [["Plant"], ["A1", "A2", "A3"], ["P1", "P2", "P3"]])
        #expect(!view.snapshot().columns[1].isLoadingSiblings)
    }

    @Test func lazyChildrenArriveThroughInsertChildren() {
        let source = plantSource()
        source.unloadedChildren = ["Plant"]
        let view = makeView(source)
        #expect(view.visibleItemUUIDs == [["Plant"], []])
        source.completePendingLoads()
        #expect(view.visibleItemUUIDs == [["Plant"], ["A1", "A2", "A3"]])
        view._checkInvariants()
    }

    @Test func tenMillionChildrenAskForFewerThan200UUIDsAndCells() {
        let source = TestTreeDataSource(root: "R")
        source.virtualCounts["R"] = 10_000_000
        let view = makeView(source, width: 120, height: 40)
        #expect(source.childCallCount < 200)
        #expect(source.cellCallCount < 200)
        #expect(view.snapshot().columns[1].itemCount == 10_000_000)
        // Scrolling to the end asks only for the rows around it.
        source.calls = []
        view.send(.focusRow(9_999_999, inColumn: 1))
        #expect(view.visibleItemUUIDs[1].last == "R/9999999")
        #expect(source.childCallCount < 200)
        view._checkInvariants()
    }

    @Test func prefetchWindowIsAskedOnceAndOnlyBeyondTheVisibleRows() {
        let source = TestTreeDataSource(root: "R")
        source.virtualCounts["R"] = 100
        let view = makeView(source, width: 120, height: 12)
        let prefetched = source.calls.compactMap { call -> [String]? in
            if case .prefetch(let uuids) = call { return uuids } else { return nil }
        }
        // 4 rows visible (12 lines of 3), one screen of window below: rows 4…7.
        #expect(prefetched == [["R/4", "R/5", "R/6", "R/7"]])
        source.calls = []
        view.layoutIfNeeded()
        #expect(source.calls.isEmpty)
    }

    @Test func lateInsertForACollapsedParentLeavesTheScreenAlone() {
        let source = plantSource()
        source.unloadedChildren = ["A1"]
        let view = makeView(source)
        view.send(.expandItem(with: "A1"))
        view.send(.expandItem(with: "A3"))  // closes A1's column before its children arrive
        let before = view.visibleItemUUIDs
        source.completePendingLoads()
        #expect(view.visibleItemUUIDs == before)
        #expect(view.recentErrors.isEmpty)
        view._checkInvariants()
    }

    @Test func insertAboveTheVisibleRowsKeepsThemStill() {
        let source = TestTreeDataSource(root: "R")
        source.virtualCounts["R"] = 100
        let view = makeView(source, height: 12)
        view.send(.scroll(column: 1, by: 30))
        let before = view.snapshot().columns[1].items.map(\.frame)
        source.virtualCounts["R"] = 102
        view.insertChildren(of: "R", at: IndexSet([0, 1]))
        let after = view.snapshot().columns[1]
        #expect(after.items.map(\.frame) == before)
        #expect(after.contentOffsetY == 36)
        view._checkInvariants()
    }

    @Test func removeTheExpandedChildClosesDeeperColumns() {
        let source = plantSource()
        let view = makeView(source)
        view.send(.expandItem(with: "A1"))
        #expect(view.numberOfColumns == 3)
        source.children["Plant"] = ["A2", "A3"]
        view.removeChildren(of: "Plant", at: IndexSet([0]))
        #expect(view.visibleItemUUIDs == [["Plant"], ["A2", "A3"]])
        #expect(view.recentErrors.isEmpty)
        view._checkInvariants()
    }

    @Test func invalidateChildrenAsksAgainAndKeepsTheExpandedChild() {
        let source = plantSource()
        let view = makeView(source)
        view.send(.expandItem(with: "A3"))
        source.children["Plant"] = ["A0", "A3"]
        source.parents["A0"] = "Plant"
        view.invalidateChildren(of: "Plant")
        let snapshot = view.snapshot()
        #expect(snapshot.columns.map { $0.items.map(\.uuid) } == [["Plant"], ["A0", "A3"], ["M1", "M2"]])
        #expect(snapshot.columns[1].items[1].isExpanded)
    }

    @Test func invalidateItemsAsksForThoseCellsOnly() {
        let source = plantSource()
        let view = makeView(source)
        source.calls = []
        view.invalidateItems(with: ["A2", "nowhere"])
        view.layoutIfNeeded()
        #expect(source.loadCalls == ["cell(A2)"])
    }

    @Test func reloadDataStartsOver() {
        let source = plantSource()
        let view = makeView(source)
        view.send(.expandItem(with: "A1"))
        source.rootID = "A3"
        source.calls = []
        view.reloadData()
        view.layoutIfNeeded()
        #expect(source.loadCalls.first == "root")
        #expect(view.visibleItemUUIDs == [["Plant"], ["A1", "A2", "A3"], ["M1", "M2"]])
    }

    @Test func cellsAreReusedWhenScrolling() {
        let source = TestTreeDataSource(root: "R")
        source.virtualCounts["R"] = 1000
        let view = makeView(source, height: 12)
        let created = view.createdCellCount
        for _ in 0..<50 { view.send(.scroll(column: 1, by: 12)) }
        #expect(view.createdCellCount <= created + 5)
        #expect(view.cellForItem(with: "R/0") == nil)
        #expect(view.cellForItem(with: view.visibleItemUUIDs[1][0])?.title.text == view.visibleItemUUIDs[1][0])
    }
}
