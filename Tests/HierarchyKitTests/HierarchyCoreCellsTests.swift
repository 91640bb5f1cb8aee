import Foundation
import Testing

@testable import HierarchyKit

/// The core's decisions about cells, driven with no view and no data source: which visible
/// rows get a cell asked, in which selection state each is drawn, which cells are recycled.
@Suite struct HierarchyCoreCellsTests {
    typealias Request = HierarchyCore.CellRequest

    /// A root (expanded) and its 4 children, rows 0 to 2 known; tickets 1 and 2.
    func twoColumns() -> HierarchyCore { .rootAndChildren(4, known: 3) }

    @Test func theFirstPassAsksEveryVisibleItemOnceAndDrawsTheExpandedOneSelected() {
        var core = twoColumns()
        let plan1 = core.planCells(ofColumn: 0, visible: 0..<1, isEditing: false)
        #expect(
            plan1 == [
                .configureCells(
                    [Request(uuid: "R", row: 0, ask: true, isSelected: true, showsCheckmark: false)],
                    ticket: HierarchyCore.Ticket(1))
            ])
        // Row 3 has no item yet: no request; rows past the end are clamped away.
        let plan2 = core.planCells(ofColumn: 1, visible: 1..<9, isEditing: false)
        #expect(
            plan2 == [
                .configureCells(
                    [
                        Request(uuid: "R/1", row: 1, ask: true, isSelected: false, showsCheckmark: false),
                        Request(uuid: "R/2", row: 2, ask: true, isSelected: false, showsCheckmark: false),
                    ], ticket: HierarchyCore.Ticket(2))
            ])
        #expect(core.cells == ["R", "R/1", "R/2"])
        // The next pass draws the held cells again without asking.
        let plan3 = core.planCells(ofColumn: 1, visible: 1..<3, isEditing: false)
        #expect(
            plan3 == [
                .configureCells(
                    [
                        Request(uuid: "R/1", row: 1, ask: false, isSelected: false, showsCheckmark: false),
                        Request(uuid: "R/2", row: 2, ask: false, isSelected: false, showsCheckmark: false),
                    ], ticket: HierarchyCore.Ticket(2))
            ])
        let plan4 = core.planCells(ofColumn: 1, visible: 3..<4, isEditing: false)
        #expect(plan4 == [])
        let plan5 = core.planCells(ofColumn: 2, visible: 0..<1, isEditing: false)
        #expect(plan5 == [])
    }

    @Test func theLastColumnsExpandedItemIsNotDrawnSelected() {
        // An expanded item with no column after it (its children not counted yet) is normal.
        var core = twoColumns()
        core.columns[1].expandedRow = 1
        core.columns[1].expandedUUID = "R/1"
        let plan6 = core.planCells(ofColumn: 1, visible: 1..<2, isEditing: false)
        #expect(
            plan6 == [
                .configureCells(
                    [Request(uuid: "R/1", row: 1, ask: true, isSelected: false, showsCheckmark: false)],
                    ticket: HierarchyCore.Ticket(2))
            ])
    }

    @Test func editingSelectionDrawsSelectedWithACheckmarkOnlyWhileEditing() {
        var core = twoColumns()
        core.selection = ["R/2"]
        let plan7 = core.planCells(ofColumn: 1, visible: 2..<3, isEditing: true)
        #expect(
            plan7 == [
                .configureCells(
                    [Request(uuid: "R/2", row: 2, ask: true, isSelected: true, showsCheckmark: true)],
                    ticket: HierarchyCore.Ticket(2))
            ])
        let plan8 = core.planCells(ofColumn: 1, visible: 2..<3, isEditing: false)
        #expect(
            plan8 == [
                .configureCells(
                    [Request(uuid: "R/2", row: 2, ask: false, isSelected: false, showsCheckmark: false)],
                    ticket: HierarchyCore.Ticket(2))
            ])
    }

    @Test func anInvalidatedItemIsAskedAgainOnceAndOnlyIfItHoldsACell() {
        var core = twoColumns()
        _ = core.planCells(ofColumn: 1, visible: 0..<2, isEditing: false)
        let held = core.invalidateCells(["R/1", "R/2"])
        #expect(held)
        #expect(core.staleCells == ["R/1"])
        let noneHeld = core.invalidateCells(["R/2", "nowhere"])
        #expect(!noneHeld)
        let plan9 = core.planCells(ofColumn: 1, visible: 0..<2, isEditing: false)
        #expect(
            plan9 == [
                .configureCells(
                    [
                        Request(uuid: "R/0", row: 0, ask: false, isSelected: false, showsCheckmark: false),
                        Request(uuid: "R/1", row: 1, ask: true, isSelected: false, showsCheckmark: false),
                    ], ticket: HierarchyCore.Ticket(2))
            ])
        #expect(core.staleCells.isEmpty)
    }

    @Test func cellsOffScreenAreRecycledAndAskedAgainWhenTheyComeBack() {
        var core = twoColumns()
        _ = core.planCells(ofColumn: 1, visible: 0..<3, isEditing: false)
        _ = core.invalidateCells(["R/0"])
        let plan10 = core.planRecycling(keeping: ["R/1", "R/2"])
        #expect(plan10 == [.recycleCells(["R/0"])])
        #expect(core.cells == ["R/1", "R/2"])
        #expect(core.staleCells.isEmpty)
        let plan11 = core.planRecycling(keeping: ["R/1", "R/2"])
        #expect(plan11 == [])
        core.forgetCell("R/1")
        #expect(core.cells == ["R/2"])
        let plan12 = core.planCells(ofColumn: 1, visible: 0..<2, isEditing: false)
        #expect(
            plan12 == [
                .configureCells(
                    [
                        Request(uuid: "R/0", row: 0, ask: true, isSelected: false, showsCheckmark: false),
                        Request(uuid: "R/1", row: 1, ask: true, isSelected: false, showsCheckmark: false),
                    ], ticket: HierarchyCore.Ticket(2))
            ])
    }
}
