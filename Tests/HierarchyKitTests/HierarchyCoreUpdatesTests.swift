import Foundation
import Testing

@testable import HierarchyKit

/// The core's rules for the data source's updates (`insertChildren`, `removeChildren`,
/// `invalidateChildren(of:at:)`, closing columns), driven with no view and no data source:
/// events in, the exact actions and the next state out.
@Suite struct HierarchyCoreUpdatesTests {
    let geometry = HierarchyCore.Geometry(visibleColumnCount: 3, columnWidth: 10, columnHeight: 3)
    let ticket2 = HierarchyCore.Ticket(2)

    /// R expanded, its 6 children with rows 0…3 known, rows 0 and 1 holding cells, the focus on `row`.
    func core(focusRow row: Int = 1) -> HierarchyCore {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        _ = core.planCells(ofColumn: 1, visible: 0..<2, isEditing: false)
        core.focus = (1, row)
        return core
    }

    /// Expands the item "R/`row`" of the children's column: its `children` fill a third column.
    func expand(_ core: inout HierarchyCore, row: Int, children: Int) {
        _ = core.beginExpanding(column: 1, row: row, uuid: "R/\(row)")
        let added = core.receiveCount(children, of: "R/\(row)", ticket: ticket2, extent: 1)
        #expect(added)
    }

    func uuids(_ core: HierarchyCore, column c: Int) -> [String?] {
        (0..<core.columns[c].count).map { core.columns[c].uuid(at: $0) }
    }

    @Test func removedRowsLetGoOfTheirCellsAndSelectionAndTheFocusKeepsItsItem() {
        var core = core(focusRow: 3)
        core.selection = ["R/1", "elsewhere"]
        let actions = core.removeChildren(of: "R", at: IndexSet([0, 1]), geometry)
        #expect(
            actions == [
                .recycleCells(["R/0", "R/1"]), .checkCount(parent: "R", countBefore: 6, ticket: ticket2), .relayout,
            ])
        #expect(uuids(core, column: 1) == ["R/2", "R/3", nil, nil])
        #expect(core.selection == ["elsewhere"])
        #expect(core.focus?.column == 1 && core.focus?.row == 1)
        #expect(core.cells.isEmpty)
    }

    @Test func aRemovalOutOfRangeIsReportedAndChangesNothing() {
        var core = core()
        let actions = core.removeChildren(of: "R", at: IndexSet([5, 6]), geometry)
        #expect(
            actions == [
                .report(
                    HierarchyError(
                        .indexOutOfRange, "removeChildren(of: R) at index 6, but it has 6 children", uuid: "R"))
            ])
        #expect(core.columns[1].count == 6)
        #expect(core.cells == ["R/0", "R/1"])
    }

    @Test func callsAboutParentsNotShownAreLateOrWrong() {
        var core = core()
        core.formerParents = ["gone"]
        // A late call about a parent expanded before: ignored.
        let result1 = core.removeChildren(of: "gone", at: IndexSet([0]), geometry)
        #expect(result1.isEmpty)
        let result2 = core.insertChildren(of: "gone", at: IndexSet([0]), extent: 1, geometry)
        #expect(result2.isEmpty)
        // A child shown but not expanded.
        let result3 = core.insertChildren(of: "R/2", at: IndexSet([0]), extent: 1, geometry)
        #expect(
            result3 == [
                .report(
                    HierarchyError(
                        .parentNotExpanded, "insertChildren(of:at:) for the children of R/2, which is not expanded",
                        uuid: "R/2"))
            ])
        // An item the view never heard of.
        let result4 = core.invalidateRows(of: "ghost", at: IndexSet([0]))
        #expect(
            result4 == [
                .report(
                    HierarchyError(
                        .unknownItem,
                        "invalidateChildren(of:at:) for the children of ghost, which the view does not know",
                        uuid: "ghost"))
            ])
        #expect(core.columns[1].count == 6)
    }

    @Test func removingTheExpandedRowClosesTheColumnsItOpened() {
        var core = core()
        expand(&core, row: 1, children: 2)
        core.columns[2].setUUID("R/1/0", at: 0)
        _ = core.planCells(ofColumn: 2, visible: 0..<1, isEditing: false)
        core.focus = (2, 0)
        let actions = core.removeChildren(of: "R", at: IndexSet([1]), geometry)
        #expect(
            actions == [
                .recycleCells(["R/1", "R/1/0"]), .checkCount(parent: "R", countBefore: 6, ticket: ticket2), .relayout,
            ])
        #expect(core.columns.count == 2)
        #expect(core.columns[1].expandedUUID == nil)
        #expect(core.formerParents == ["R/1"])
        // The focus came back to the column, onto the row that took the removed one's place.
        #expect(core.focus?.column == 1 && core.focus?.row == 0)
        // A late insert about the closed column is ignored.
        let result5 = core.insertChildren(of: "R/1", at: IndexSet([0]), extent: 1, geometry)
        #expect(result5.isEmpty)
    }

    @Test func insertedRowsShiftTheFocusAndAreChecked() {
        var core = core(focusRow: 2)
        let actions = core.insertChildren(of: "R", at: IndexSet([0, 4]), extent: 1, geometry)
        #expect(actions == [.checkCount(parent: "R", countBefore: 6, ticket: ticket2), .relayout])
        #expect(uuids(core, column: 1) == [nil, "R/0", "R/1", "R/2", nil, "R/3", nil, nil])
        #expect(core.focus?.column == 1 && core.focus?.row == 3)
    }

    @Test func anInsertPastTheNewCountIsReported() {
        var core = core()
        let result6 = core.insertChildren(of: "R", at: IndexSet([8]), extent: 1, geometry)
        #expect(
            result6 == [
                .report(
                    HierarchyError(
                        .indexOutOfRange,
                        "insertChildren(of: R) at indexes up to 8, but only 7 children exist after the insert",
                        uuid: "R"))
            ])
        #expect(core.columns[1].count == 6)
    }

    @Test func theFirstChildrenOfAnOpenedLevelTakeTheFocusThatWaitedForThem() {
        var core = core()
        expand(&core, row: 1, children: 0)
        core.pendingInitialFocus = true
        let actions = core.insertChildren(of: "R/1", at: IndexSet([0, 1]), extent: 1, geometry)
        #expect(
            actions == [.checkCount(parent: "R/1", countBefore: 0, ticket: HierarchyCore.Ticket(3)), .relayout])
        #expect(core.focus?.column == 2 && core.focus?.row == 0)
        #expect(!core.pendingInitialFocus && core.needsFocusPreview)
    }

    @Test func anInsertIntoAPinnedColumnAsksTheOwnerToFillIt() {
        var core = HierarchyCore()
        core.columns = [
            ColumnState(parent: nil, single: "P", extent: 1, expanded: true),
            ColumnState(parent: "P", single: "C", extent: 1, expanded: false),
        ]
        core.columns[1].isPinned = true
        core.stampColumn(0)
        core.stampColumn(1)
        let actions = core.insertChildren(of: "P", at: IndexSet([0, 1, 2]), extent: 1, geometry)
        #expect(
            actions == [
                .locatePinnedChild(child: "C", parent: "P", rows: 0..<3, scan: 0..<3, ticket: HierarchyCore.Ticket(3))
            ])
        // The column shows the 3 children while the child is looked for.
        #expect(!core.columns[1].isPinned && core.columns[1].count == 3)
        // Not among them yet (more may come): pinned again, remembering the count, no error.
        let notYet = core.receiveLocatedPinnedChild("C", at: nil, ticket: HierarchyCore.Ticket(3), geometry)
        #expect(notYet == [.relayout])
        #expect(core.columns[1].isPinned && core.columns[1].pinnedInsertedCount == 3)
        #expect(core.columns[1].ticket == ticket2)
    }

    @Test func anInsertAboveTheFirstVisibleRowKeepsItStillOnScreen() {
        var core = HierarchyCore.rootAndChildren(20, known: 20)
        core.columns[1].contentOffsetY = 5.5
        _ = core.insertChildren(of: "R", at: IndexSet([0, 1, 2]), extent: 1, geometry)
        #expect(core.columns[1].contentOffsetY == 8.5)
        #expect(core.columns[1].uuid(at: 8) == "R/5")
        _ = core.removeChildren(of: "R", at: IndexSet([0]), geometry)
        #expect(core.columns[1].contentOffsetY == 7.5)
    }

    @Test func invalidatedRowsForgetTheirItemsButNotTheExpandedOne() {
        var core = core()
        expand(&core, row: 0, children: 1)
        let actions = core.invalidateRows(of: "R", at: IndexSet(integersIn: 0..<3))
        #expect(actions == [.recycleCells(["R/1"]), .relayout])
        #expect(uuids(core, column: 1) == ["R/0", nil, nil, "R/3", nil, nil])
        #expect(core.needsFocusPreview)
    }

    @Test func closingColumnsLetsGoOfTheirCellsAndRemembersTheirParents() {
        var core = core()
        expand(&core, row: 0, children: 3)
        core.columns[2].setUUID("R/0/0", at: 0)
        _ = core.planCells(ofColumn: 2, visible: 0..<1, isEditing: false)
        core.focus = (2, 2)
        let result7 = core.closeColumns(after: 1, geometry)
        #expect(result7 == [.recycleCells(["R/0/0"])])
        #expect(core.columns.count == 2 && core.columns[1].expandedUUID == nil)
        #expect(core.formerParents == ["R/0"])
        #expect(core.focus?.column == 1 && core.focus?.row == 2)
        // The last column: only its expanded item is forgotten.
        let result8 = core.closeColumns(after: 1, geometry)
        #expect(result8.isEmpty)
    }

    @Test func aColumnReadAnewKeepsItsExpandedItemWhereItIsFound() {
        var core = core()
        expand(&core, row: 3, children: 2)
        core.pendingCountChecks = ["R"]
        #expect(core.planInvalidateChildren(of: "R") == [.recount(parent: "R", ticket: ticket2)])
        // The new count: every cached row and cell is let go, the column has a new ticket,
        // and the expanded item is to be found.
        let ticket4 = HierarchyCore.Ticket(4)
        let actions = core.receiveRecount(9, of: "R", ticket: ticket2, extent: 1, geometry)
        #expect(
            actions == [
                .recycleCells(["R/0", "R/1"]),
                .locateExpandedChild(child: "R/3", parent: "R", rows: 0..<9, scan: 0..<9, ticket: ticket4),
            ])
        #expect(core.columns[1].count == 9 && core.columns[1].ticket == ticket4)
        #expect(core.pendingCountChecks.isEmpty)
        // An answer for the old ticket is stale.
        #expect(core.receiveLocatedExpandedChild("R/3", at: 7, ticket: ticket2, geometry).isEmpty)
        let located = core.receiveLocatedExpandedChild("R/3", at: 7, ticket: ticket4, geometry)
        #expect(located == [.relayout])
        #expect(core.columns[1].expandedRow == 7 && core.columns[1].uuid(at: 7) == "R/3")
        #expect(core.columns.count == 3)
    }

    @Test func aColumnReadAnewWithoutItsExpandedItemClosesTheLevelsItOpened() {
        var core = core()
        expand(&core, row: 3, children: 2)
        let actions = core.receiveRecount(2, of: "R", ticket: ticket2, extent: 1, geometry)
        guard case .locateExpandedChild(_, _, _, _, let ticket)? = actions.last else {
            Issue.record("expected the expanded item to be looked for, got \(actions)")
            return
        }
        #expect(core.receiveLocatedExpandedChild("R/3", at: nil, ticket: ticket, geometry) == [.relayout])
        #expect(core.columns.count == 2 && core.columns[1].expandedUUID == nil)
        #expect(core.formerParents == ["R/3"])
    }

    @Test func aPinnedColumnReadAnewIsFilledByTheOwnerOnceItHasChildren() {
        var core = HierarchyCore()
        core.columns = [
            ColumnState(parent: nil, single: "P", extent: 1, expanded: true),
            ColumnState(parent: "P", single: "C", extent: 1, expanded: false),
        ]
        core.columns[1].isPinned = true
        core.stampColumn(0)
        core.stampColumn(1)
        #expect(core.receiveRecount(0, of: "P", ticket: ticket2, extent: 1, geometry).isEmpty)
        #expect(
            core.receiveRecount(4, of: "P", ticket: ticket2, extent: 1, geometry) == [
                .locatePinnedChild(child: "C", parent: "P", rows: 0..<4, scan: 0..<4, ticket: HierarchyCore.Ticket(3))
            ])
        // Found at row 2: the column lists the 4 children, the child at its row.
        let found = core.receiveLocatedPinnedChild("C", at: 2, ticket: HierarchyCore.Ticket(3), geometry)
        #expect(found == [.relayout])
        #expect(!core.columns[1].isPinned && core.columns[1].count == 4 && core.columns[1].uuid(at: 2) == "C")
    }
}
