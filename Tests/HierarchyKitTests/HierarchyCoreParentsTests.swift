import Foundation
import Testing

@testable import HierarchyKit

/// The core's rules for parents (the first column's parent, `invalidateParent(of:)`) and for
/// pinned columns, driven with no view and no data source: events in, the exact actions and
/// the next state out.
@Suite struct HierarchyCoreParentsTests {
    let geometry = HierarchyCore.Geometry(visibleColumnCount: 3, columnWidth: 10, columnHeight: 3)

    /// R expanded, its 4 children known, rows 0 and 1 holding cells, the focus on row 1.
    func core() -> HierarchyCore {
        var core = HierarchyCore.rootAndChildren(4, known: 4)
        _ = core.planCells(ofColumn: 1, visible: 0..<2, isEditing: false)
        core.focus = (1, 1)
        return core
    }

    @Test func aParentOfTheFirstColumnComesBeforeItWithItsChildPinned() {
        var core = core()
        let actions = core.receiveParent("P", of: "R", ticket: HierarchyCore.Ticket(1), extent: 1, geometry)
        #expect(actions == [.recount(parent: "P", ticket: HierarchyCore.Ticket(4)), .relayout])
        #expect(core.columns.count == 3)
        #expect(core.columns[0].uuid(at: 0) == "P" && core.columns[0].parent == nil)
        #expect(core.columns[1].isPinned && core.columns[1].parent == "P" && core.columns[1].uuid(at: 0) == "R")
        #expect(core.columns[1].expandedUUID == "R" && core.columns[2].parent == "R")
        // The three columns fit: the first leads.
        #expect(core.leadingColumn == 0)
        #expect(core.focus?.column == 2 && core.focus?.row == 1)
        #expect(core.knownUUIDs.contains("P"))
        // The parent's 3 children: the pinned column lists them and finds R among them.
        let fill = core.receiveRecount(3, of: "P", ticket: HierarchyCore.Ticket(4), extent: 1, geometry)
        #expect(
            fill == [
                .locatePinnedChild(child: "R", parent: "P", rows: 0..<3, scan: 0..<3, ticket: HierarchyCore.Ticket(5))
            ])
        let found = core.receiveLocatedPinnedChild("R", at: 1, ticket: HierarchyCore.Ticket(5), geometry)
        #expect(found == [.relayout])
        #expect(core.columns[1].count == 3 && core.columns[1].expandedRow == 1 && !core.columns[1].isPinned)
    }

    @Test func aPinnedChildItsParentDoesNotListIsReported() {
        var core = core()
        _ = core.receiveParent("P", of: "R", ticket: HierarchyCore.Ticket(1), extent: 1, geometry)
        _ = core.receiveRecount(2, of: "P", ticket: HierarchyCore.Ticket(4), extent: 1, geometry)
        let actions = core.receiveLocatedPinnedChild("R", at: nil, ticket: HierarchyCore.Ticket(5), geometry)
        #expect(
            actions == [
                .report(HierarchyError(.inconsistentCount, "P does not list R among its 2 children", uuid: "R")),
                .relayout,
            ])
        // Pinned again as it was: R alone, expanded.
        #expect(core.columns[1].isPinned && core.columns[1].count == 1 && core.columns[1].expandedRow == 0)
    }

    @Test func aParentShownBelowItsChildIsACycle() {
        var core = core()
        let actions = core.receiveParent("R", of: "R", ticket: HierarchyCore.Ticket(1), extent: 1, geometry)
        #expect(
            actions == [.report(HierarchyError(.cycle, "the parent R of R is already shown below it", uuid: "R"))])
        #expect(core.columns.count == 2 && core.columns[0].uuid(at: 0) == "R")
    }

    @Test func aChildWithoutAParentAnyMoreBecomesTheFirstColumn() {
        var core = core()
        #expect(core.planInvalidateParent(of: "R/1") == [.askParent(of: "R/1", ticket: HierarchyCore.Ticket(2))])
        let actions = core.receiveParent(nil, of: "R/1", ticket: HierarchyCore.Ticket(2), extent: 1, geometry)
        #expect(actions == [.recycleCells(["R/0", "R/1"]), .relayout])
        #expect(core.columns.count == 1 && core.columns[0].uuid(at: 0) == "R/1" && core.columns[0].parentAsked)
        #expect(core.focus?.column == 0 && core.focus?.row == 0)
        #expect(core.cells.isEmpty)
    }

    @Test func theSameParentAgainChangesNothingAndUnknownItemsAreReported() {
        var core = core()
        let same = core.receiveParent("R", of: "R/2", ticket: HierarchyCore.Ticket(2), extent: 1, geometry)
        #expect(same.isEmpty)
        #expect(core.columns.count == 2)
        // A stale ticket: dropped.
        let stale = core.receiveParent("Q", of: "R/2", ticket: HierarchyCore.Ticket(9), extent: 1, geometry)
        #expect(stale.isEmpty)
        #expect(
            core.planInvalidateParent(of: "ghost") == [
                .report(
                    HierarchyError(
                        .unknownItem, "invalidateParent(of: ghost), but the view does not show that item", uuid: "ghost"
                    ))
            ])
        // An item shown before (known), no longer shown: a late call, ignored.
        core.remember("R/3")
        #expect(core.planInvalidateParent(of: "R/3").count == 1)
        core.columns[1].removeRows(IndexSet(integer: 3))
        #expect(core.planInvalidateParent(of: "R/3").isEmpty)
    }
}
