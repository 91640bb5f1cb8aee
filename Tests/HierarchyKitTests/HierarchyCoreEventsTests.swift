import Foundation
import Testing

@testable import HierarchyKit

/// The core's one entry for answers, updates and layout passes (`handle(_:_:)`), driven with
/// no view, no data source and no clock: literal events in, literal actions and states out.
@Suite struct HierarchyCoreEventsTests {
    typealias Ticket = HierarchyCore.Ticket

    /// Two columns of width 10 side by side, three rows of extent 1 tall, a screen of prefetch.
    let geometry = HierarchyCore.Geometry(visibleColumnCount: 2, columnWidth: 10, columnHeight: 3)

    @Test func aLayoutPassAsksTheWindowThenPlansEachColumnsCellsThenRecycles() {
        var core = HierarchyCore.rootAndChildren(8, known: 1)
        core.cells = ["gone"]
        let first = core.handle(.step(.layOutColumns(isEditing: false)), geometry)
        #expect(
            first == [
                .step(.layOutColumn(0, ticket: Ticket(1), visible: 0..<1, window: 0..<1, isEditing: false)),
                // Rows 0..<3 show, 3..<6 are the screen of prefetch below; row 0 is known.
                .askChildren(parent: "R", rows: [1, 2, 3, 4, 5], ticket: Ticket(2)),
                .step(.layOutColumn(1, ticket: Ticket(2), visible: 0..<3, window: 0..<6, isEditing: false)),
                .step(.finishLayout),
            ])
        #expect(core.layoutPass.windows == ["R": 0..<6])

        // The first column: the root's cell, drawn selected (it is expanded).
        #expect(
            core.handle(
                .step(.layOutColumn(0, ticket: Ticket(1), visible: 0..<1, window: 0..<1, isEditing: false)), geometry)
                == [
                    .configureCells(
                        [.init(uuid: "R", row: 0, ask: true, isSelected: true, showsCheckmark: false)],
                        ticket: Ticket(1))
                ])
        // The answers: row 2 is still loading.
        for row in [1, 3, 4, 5] {
            #expect(core.handle(.child(.item("R/\(row)"), row: row, ticket: Ticket(2)), geometry) == [])
        }
        #expect(core.handle(.child(.loading, row: 2, ticket: Ticket(2)), geometry) == [])
        // The second column: the rows below the screen are prefetched, the known visible rows get cells.
        #expect(
            core.handle(
                .step(.layOutColumn(1, ticket: Ticket(2), visible: 0..<3, window: 0..<6, isEditing: false)), geometry)
                == [
                    .prefetch(parent: "R", uuids: ["R/3", "R/4", "R/5"], ticket: Ticket(2)),
                    .configureCells(
                        [
                            .init(uuid: "R/0", row: 0, ask: true, isSelected: false, showsCheckmark: false),
                            .init(uuid: "R/1", row: 1, ask: true, isSelected: false, showsCheckmark: false),
                        ], ticket: Ticket(2)),
                ])
        // The last step: the cell no request kept is recycled, the windows are told once.
        #expect(
            core.handle(.step(.finishLayout), geometry) == [
                .recycleCells(["gone"]), .rowWindowsChanged(["R": 0..<6]),
            ])
        #expect(core.cells == ["R", "R/0", "R/1"])
        #expect(core.layoutPass == HierarchyCore.LayoutPass())
        // A second pass with nothing new asks nothing but the loading row, and tells no window.
        let second = core.handle(.step(.layOutColumns(isEditing: false)), geometry)
        #expect(second.contains(.askChildren(parent: "R", rows: [2], ticket: Ticket(2))))
        #expect(!core.handle(.step(.finishLayout), geometry).contains(.rowWindowsChanged(["R": 0..<6])))
    }

    @Test func aColumnStepWhoseColumnClosedMeanwhilePlansNothing() {
        var core = HierarchyCore.rootAndChildren(8, known: 8)
        let step = HierarchyCore.Step.layOutColumn(
            1, ticket: Ticket(2), visible: 0..<3, window: 0..<6, isEditing: false)
        _ = core.closeColumns(after: 0, geometry)
        #expect(core.handle(.step(step), geometry) == [])
    }

    @Test func answersGoToTheirRules() {
        var core = HierarchyCore.rootAndChildren(4, known: 4)
        core.columns[1].expandedUUID = "R/1"
        core.columns[1].expandedRow = 1
        // The count of an expanded item's children adds its column.
        #expect(core.handle(.count(3, parent: "R/1", ticket: Ticket(2)), geometry) == [])
        #expect(core.columns.count == 3 && core.columns[2].count == 3 && core.columns[2].parent == "R/1")
        // A stale count is dropped.
        #expect(core.handle(.count(9, parent: "R/1", ticket: Ticket(2)), geometry) == [])
        #expect(core.columns.count == 3)
        // An item that is its own ancestor is reported.
        #expect(
            core.handle(.child(.item("R"), row: 0, ticket: core.columns[2].ticket), geometry) == [
                .report(HierarchyError(.cycle, "the item R is listed as a child of its own descendant R/1", uuid: "R"))
            ])
        // A checked count that disagrees is reported and the children are read again.
        let third = core.columns[2].ticket
        let checked = core.handle(.checkedCount(5, parent: "R/1", countBefore: 2, ticket: third), geometry)
        #expect(checked.count == 2)
        #expect(checked.last == .recount(parent: "R/1", ticket: third))
        // One that still gives the count from before the update is asked again at the next pass.
        #expect(core.handle(.checkedCount(2, parent: "R/1", countBefore: 2, ticket: third), geometry) == [.relayout])
        #expect(core.pendingCountChecks == ["R/1"])
        // The row found for a child is cached.
        let locate = HierarchyCore.Action.locateChild(
            child: "X", parent: "R/1", rows: 0..<3, scan: 0..<3, ticket: third)
        #expect(core.handle(.located(locate, row: 2), geometry) == [])
        #expect(core.columns[2].row(of: "X") == 2)
    }

    @Test func updatesGoToTheirRules() {
        var core = HierarchyCore.rootAndChildren(4, known: 4)
        core.cells = ["R/2"]
        #expect(core.handle(.update(.invalidateItems(["R/2", "R/9"])), geometry) == [.relayout])
        #expect(core.staleCells == ["R/2"])
        #expect(core.handle(.update(.invalidateItems(["R/9"])), geometry) == [])
        #expect(core.handle(.update(.invalidateChildren("R")), geometry) == [.recount(parent: "R", ticket: Ticket(2))])
        #expect(
            core.handle(.update(.insert("Q", IndexSet(integer: 0))), geometry) == [
                .report(
                    HierarchyError(
                        .unknownItem, "insertChildren(of:at:) for the children of Q, which the view does not know",
                        uuid: "Q"))
            ])
    }
}
