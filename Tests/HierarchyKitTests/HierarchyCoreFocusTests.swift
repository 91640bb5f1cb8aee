import Foundation
import Testing

@testable import HierarchyKit

/// The core's rules for expanding, reloading and moving the focus and the levels, driven with
/// no view and no data source: events in, the exact actions and the next state out.
@Suite struct HierarchyCoreFocusTests {
    let geometry = HierarchyCore.Geometry(visibleColumnCount: 2, columnWidth: 10, columnHeight: 3)

    @Test func expandingAChildClosesDeeperColumnsAndAsksItsCount() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        let first = core.expand(column: 1, row: 2, uuid: "R/2", geometry)
        #expect(first == .asks(close: [], count: .askCount(parent: "R/2", ticket: HierarchyCore.Ticket(2))))
        #expect(core.columns[1].expandedUUID == "R/2" && core.columns[1].expandedRow == 2)
        let added = core.receiveCount(3, of: "R/2", ticket: HierarchyCore.Ticket(2), extent: 1)
        #expect(added)
        // The same item again: its column is there; it is brought into view, nothing is asked.
        core.leadingColumn = 0
        let again = core.expand(column: 1, row: 2, uuid: "R/2", geometry)
        #expect(again == .shown)
        #expect(core.leadingColumn == 1)
        // Another item: the third column closes first.
        guard case .asks(_, let count) = core.expand(column: 1, row: 3, uuid: "R/3", geometry) else {
            Issue.record("expected a count to ask")
            return
        }
        #expect(count == .askCount(parent: "R/3", ticket: HierarchyCore.Ticket(2)))
        #expect(core.columns.count == 2)
    }

    @Test func anItemThatIsItsOwnAncestorIsReportedAndNotExpanded() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        let expansion = core.expand(column: 1, row: 0, uuid: "R", geometry)
        let message = "the item R is its own ancestor; it is not expanded again"
        #expect(expansion == .refused([.report(HierarchyError(.cycle, message, uuid: "R"))]))
        #expect(core.columns[1].expandedUUID == nil)
        let outOfRange = core.expand(column: 5, row: 0, uuid: "x", geometry)
        #expect(outOfRange == .refused([]))
    }

    @Test func aReloadForgetsEverythingAndTheFirstFocusWaitsForTheRootsChildren() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        core.focus = (1, 3)
        core.selection = ["R/1"]
        core.reset(root: "T", extent: 1)
        #expect(core.columns.count == 1 && core.columns[0].uuid(at: 0) == "T")
        #expect(core.focus == nil && core.selection.isEmpty && core.isInitialLoad)
        core.focusFirstItem(expandsFocusedItem: true, geometry)
        #expect(core.focus?.column == 0 && core.pendingInitialFocus && !core.needsFocusPreview)
        // With the root's children there, the first child is focused and previews its own.
        var loaded = HierarchyCore.rootAndChildren(6, known: 4)
        loaded.focusFirstItem(expandsFocusedItem: true, geometry)
        #expect(loaded.focus?.column == 1 && loaded.focus?.row == 0 && !loaded.pendingInitialFocus)
        let previews = (loaded.takeFocusPreview(), loaded.takeFocusPreview())
        #expect(previews == (true, false))
        core.reset(root: nil, extent: 1)
        #expect(core.columns.isEmpty)
    }

    @Test func focusMovesStayInTheColumn() {
        let moves: [(HierarchyFocusMove, Int)] = [
            (.up, 4), (.down, 6), (.pageUp, 2), (.pageDown, 8), (.home, 0), (.end, 9),
        ]
        for (move, row) in moves {
            #expect(HierarchyCore.row(after: move, from: 5, count: 10, page: 3) == row)
        }
        #expect(HierarchyCore.row(after: .up, from: 0, count: 10, page: 3) == 0)
        #expect(HierarchyCore.row(after: .pageDown, from: 8, count: 10, page: 3) == 9)
    }

    @Test func aUserFocusGivesUpAPendingOne() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        _ = core.expand(column: 1, row: 0, uuid: "R/0", geometry)
        // R/0's children are not counted yet: the focus waits to enter them.
        let entered = core.enterNextColumn(from: 1, geometry)
        #expect(entered == nil)
        #expect(core.pendingInitialFocus)
        core.place(focusAt: 0, row: 0)
        #expect(core.pendingInitialFocus)
        let focused = (core.focus(row: 2, inColumn: 1, geometry), core.pendingInitialFocus)
        #expect(focused == (true, false) && core.focus?.row == 2)
        let pastTheEnd = core.focus(row: 6, inColumn: 1, geometry)
        #expect(!pastTheEnd)
        #expect(core.focus?.column == 1 && core.focus?.row == 2)
    }

    @Test func theFocusEntersTheNextColumnAtTheItemExpandedThere() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        _ = core.expand(column: 1, row: 3, uuid: "R/3", geometry)
        _ = core.receiveCount(5, of: "R/3", ticket: HierarchyCore.Ticket(2), extent: 1)
        core.columns[2].setUUID("R/3/1", at: 1)
        core.columns[2].expandedUUID = "R/3/1"
        core.columns[2].expandedRow = 1
        let row = core.enterNextColumn(from: 1, geometry)
        #expect(row == 1)
        #expect(core.focus?.column == 2 && core.focus?.row == 1 && core.leadingColumn == 1)
    }

    @Test func aFocusMoveLandsAPageOfEstimatedRowsAway() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        #expect(core.target(of: .down, extent: 1, geometry) == nil)
        core.focus = (1, 1)
        // Three rows fit the column: a page is two.
        #expect(core.target(of: .pageDown, extent: 1, geometry)?.row == 3)
        #expect(core.target(of: .pageDown, extent: 0.5, geometry)?.row == 5)
        #expect(core.target(of: .end, extent: 1, geometry)?.row == 5)
        #expect(core.target(of: .up, extent: 1, geometry)?.column == 1)
    }

    @Test func levelsMoveWithinTheColumnsThatCanLead() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        #expect(core.maxLeadingColumn(geometry) == 0)
        let movedBeforeExpanding = core.moveLeadingColumn(by: 1, geometry)
        #expect(!movedBeforeExpanding)
        _ = core.expand(column: 1, row: 0, uuid: "R/0", geometry)
        _ = core.receiveCount(2, of: "R/0", ticket: HierarchyCore.Ticket(2), extent: 1)
        core.focus = (0, 0)
        let moves = (core.showLevel(by: 1, geometry), core.showLevel(by: 1, geometry))
        #expect(moves == (true, false))
        #expect(core.leadingColumn == 1)
        #expect(core.focus?.column == 1)
        core.lead(withColumnAtMost: 0)
        #expect(core.leadingColumn == 0)
    }

    @Test func typeSelectLooksFromTheFocusWrappingAndHandsTheRestToASearch() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        core.focus = (1, 4)
        let all = core.planTypeSelect("p", limit: 100, canSearch: true)
        #expect(all == .init(column: 1, parent: "R", rows: [4, 5, 0, 1, 2, 3], searchFrom: nil))
        let limited = core.planTypeSelect("p", limit: 3, canSearch: true)
        #expect(limited == .init(column: 1, parent: "R", rows: [4, 5, 0], searchFrom: 1))
        let alone = core.planTypeSelect("p", limit: 3, canSearch: false)
        #expect(alone?.searchFrom == nil)
        #expect(core.planTypeSelect("", limit: 3, canSearch: true) == nil)
        #expect(HierarchyCore.typeSelectKey("Ångström") == HierarchyCore.typeSelectKey("angstrom"))
    }
}
