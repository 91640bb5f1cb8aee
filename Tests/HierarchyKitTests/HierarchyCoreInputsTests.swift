import Foundation
import Testing

@testable import HierarchyKit

/// The user's inputs as events of the core (`handle(.input(_:), _:)`), with what waits for an
/// answer fed back as steps: no view, no data source, no clock. Each test plays the owner's
/// part by hand, answering the actions in order.
@Suite struct HierarchyCoreInputsTests {
    typealias Ticket = HierarchyCore.Ticket

    let geometry = HierarchyCore.Geometry(visibleColumnCount: 2, columnWidth: 10, columnHeight: 3)

    func send(_ input: HierarchyCore.Input, to core: inout HierarchyCore) -> [HierarchyCore.Action] {
        core.handle(.input(input), geometry)
    }

    @Test func expandingAnItemAsksItsCountThenRevealsItsColumnAndFocusesIt() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        #expect(
            send(.expand("R/2"), to: &core) == [
                .askCount(parent: "R/2", ticket: Ticket(2)),
                .step(.expanded(column: 1, uuid: "R/2", then: .focusExpanded(column: 1, row: 2))),
            ])
        #expect(core.handle(.count(5, parent: "R/2", ticket: Ticket(2)), geometry) == [])
        #expect(
            core.handle(.step(.expanded(column: 1, uuid: "R/2", then: .focusExpanded(column: 1, row: 2))), geometry)
                == [.relayout, .step(.focusExpanded(column: 1, row: 2))])
        #expect(core.columns.count == 3 && core.leadingColumn == 1)
        #expect(core.handle(.step(.focusExpanded(column: 1, row: 2)), geometry) == [])
        #expect(core.focus?.column == 1 && core.focus?.row == 2)
        // An item the view does not show is reported, and nothing changes.
        #expect(
            send(.expand("nowhere"), to: &core) == [
                .report(
                    HierarchyError(
                        .unknownItem, "expandItem(with: nowhere), but the view does not show that item",
                        uuid: "nowhere"))
            ])
        // Collapsing closes its column; collapsing an item that is not expanded does nothing.
        #expect(send(.collapse("R/3"), to: &core) == [])
        #expect(send(.collapse("R/2"), to: &core) == [.relayout])
        #expect(core.columns.count == 2 && core.columns[1].expandedUUID == nil)
    }

    @Test func aCountThatNeverAddsTheColumnStopsTheExpansion() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        _ = send(.expand("R/2"), to: &core)
        // The answer came with a stale ticket (the column was read anew meanwhile).
        core.stampColumn(1)
        #expect(core.handle(.count(5, parent: "R/2", ticket: Ticket(2)), geometry) == [])
        #expect(
            core.handle(.step(.expanded(column: 1, uuid: "R/2", then: .focusExpanded(column: 1, row: 2))), geometry)
                == [])
        #expect(core.columns.count == 2 && core.focus == nil)
    }

    @Test func focusingTheNextLevelAsksTheRowExpandsItAndEntersTheChildren() {
        var core = HierarchyCore.rootAndChildren(6, known: 0)
        core.focus = (1, 1)
        #expect(
            send(.focusNextLevel(expands: false), to: &core) == [
                .askChildren(parent: "R", rows: [1], ticket: Ticket(2)),
                .step(.expandFocused(column: 1, row: 1, expands: false)),
            ])
        #expect(core.handle(.child(.item("R/1"), row: 1, ticket: Ticket(2)), geometry) == [])
        let enter = HierarchyCore.Step.enterNextLevel(from: 1, expands: false)
        #expect(
            core.handle(.step(.expandFocused(column: 1, row: 1, expands: false)), geometry) == [
                .askCount(parent: "R/1", ticket: Ticket(2)), .step(.expanded(column: 1, uuid: "R/1", then: enter)),
            ])
        _ = core.handle(.count(2, parent: "R/1", ticket: Ticket(2)), geometry)
        #expect(
            core.handle(.step(.expanded(column: 1, uuid: "R/1", then: enter)), geometry) == [.relayout, .step(enter)])
        #expect(core.handle(.step(enter), geometry) == [.relayout])
        #expect(core.focus?.column == 2 && core.focus?.row == 0)
        // An item still unknown after its row was asked (a paging source's loading row) is not expanded.
        core.focus = (2, 1)
        #expect(core.handle(.step(.expandFocused(column: 2, row: 1, expands: false)), geometry) == [])
    }

    @Test func aPreviewExpandsAnItemWithChildrenAndClosesTheColumnsOfOneWithout() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        #expect(
            send(.focusRow(3, column: 1, expands: true), to: &core) == [
                .step(.preview(column: 1, row: 3, evenIfExpanded: false)), .relayout,
            ])
        #expect(
            core.handle(.step(.preview(column: 1, row: 3, evenIfExpanded: false)), geometry) == [
                .askHasChildren(uuid: "R/3", column: 1, row: 3, ticket: Ticket(2))
            ])
        #expect(
            core.handle(.hasChildren(true, column: 1, row: 3, ticket: Ticket(2)), geometry) == [
                .askCount(parent: "R/3", ticket: Ticket(2)), .step(.expanded(column: 1, uuid: "R/3", then: nil)),
                .step(.reveal(1)),
            ])
        _ = core.handle(.count(1, parent: "R/3", ticket: Ticket(2)), geometry)
        _ = core.handle(.step(.expanded(column: 1, uuid: "R/3", then: nil)), geometry)
        #expect(core.columns.count == 3)
        // The expanded item is not previewed again; one without children closes the column.
        #expect(core.handle(.step(.preview(column: 1, row: 3, evenIfExpanded: false)), geometry) == [])
        core.focus = (1, 1)
        #expect(core.handle(.hasChildren(false, column: 1, row: 1, ticket: Ticket(2)), geometry) == [])
        #expect(core.columns.count == 2 && core.columns[1].expandedUUID == nil)
        // A stale answer is dropped.
        #expect(core.handle(.hasChildren(true, column: 1, row: 1, ticket: Ticket(9)), geometry) == [])
        #expect(core.columns[1].expandedUUID == nil)
    }

    @Test func goingBackFromTheFirstColumnAsksItsParentOnceThenShowsThatLevel() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        core.focus = (0, 0)
        let back = send(.focusPreviousLevel, to: &core)
        #expect(
            back == [
                .askParent(of: "R", ticket: Ticket(1)), .applyUpdates, .step(.showLevel(-1)),
                .step(.focusPreviousLevelAgain),
            ])
        #expect(core.columns[0].parentAsked)
        // The data source has no parent for the root: nothing to show before it.
        #expect(core.handle(.parent(nil, child: "R", ticket: Ticket(1)), geometry) == [])
        #expect(core.handle(.step(.showLevel(-1)), geometry) == [.relayout])
        #expect(core.handle(.step(.focusPreviousLevelAgain), geometry) == [])
        // Asked once: the next time only the level moves.
        #expect(send(.showLevel(-1), to: &core) == [.step(.showLevel(-1))])
    }

    @Test func goingBackAColumnLooksForTheParentRowWhenItIsNotKnown() {
        var core = HierarchyCore.rootAndChildren(6, known: 0)
        core.columns[1].expandedUUID = "R/4"
        _ = core.receiveCount(2, of: "R/4", ticket: Ticket(2), extent: 1)
        // The expanded row was forgotten (the column was read anew and its item not found yet).
        core.columns[1].expandedRow = nil
        core.focus = (2, 1)
        core.leadingColumn = 1
        let locate = HierarchyCore.Action.locateChild(
            child: "R/4", parent: "R", rows: 0..<6, scan: 0..<6, ticket: Ticket(2))
        let back = send(.focusPreviousLevel, to: &core)
        #expect(back == [locate, .step(.focusParentRow(column: 1, child: "R/4"))])
        #expect(core.handle(.located(locate, row: 4), geometry) == [])
        #expect(core.handle(.step(.focusParentRow(column: 1, child: "R/4")), geometry) == [.relayout])
        #expect(core.focus?.column == 1 && core.focus?.row == 4 && core.leadingColumn == 1)
    }

    @Test func aPanBackPastTheFirstColumnAsksItsParentThenShowsIt() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        core.beginPan()
        core.pan(translation: 20, geometry)
        // The columns stop at the first one; a quick release to the right goes one level back.
        #expect(
            send(.endPan(velocity: 1_000), to: &core) == [
                .askParent(of: "R", ticket: Ticket(1)), .applyUpdates, .step(.finishPanBack), .relayout,
            ])
        // The root has a parent: it becomes the first column, the root's column pinned after it.
        let attached = core.handle(.parent("P", child: "R", ticket: Ticket(1)), geometry)
        #expect(attached.contains(.relayout))
        #expect(core.columns.first?.uuid(at: 0) == "P" && core.leadingColumn == 1)
        #expect(core.handle(.step(.finishPanBack), geometry) == [])
        #expect(core.leadingColumn == 0)
        // A pan within the levels only snaps.
        core.beginPan()
        core.pan(translation: -3, geometry)
        #expect(send(.endPan(velocity: 0), to: &core) == [.relayout])
    }

    @Test func scrollingSelectingAndScrollingToAnItemAreOneStep() {
        var core = HierarchyCore.rootAndChildren(10, known: 10)
        #expect(send(.scroll(column: 1, by: 4), to: &core) == [.relayout])
        #expect(core.columns[1].contentOffsetY == 4)
        #expect(send(.select(true, "R/1", allowsMultiple: false), to: &core) == [.relayout])
        #expect(core.selection == ["R/1"])
        #expect(send(.scrollTo("R/9"), to: &core) == [.relayout])
        #expect(core.focus?.column == 1 && core.focus?.row == 9 && core.columns[1].contentOffsetY == 7)
        #expect(send(.scrollTo("unknown"), to: &core) == [])
        #expect(send(.moveFocus(.home, expands: false), to: &core) == [.relayout])
        #expect(core.focus?.row == 0 && core.columns[1].contentOffsetY == 0)
    }

    @Test func aLayoutChecksPutOffCountsFirstAndAsksTheParentAndPreviewAfter() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        core.pendingCountChecks = ["R"]
        #expect(
            send(.layOut(isEditing: false, expands: true), to: &core) == [
                .checkCount(parent: "R", countBefore: nil, ticket: Ticket(2)), .applyUpdates,
                .step(.layOutColumns(isEditing: false)), .applyUpdates, .step(.askParentOfTopColumn), .applyUpdates,
                .step(.previewFocus(expands: true)),
            ])
        core.focus = (1, 2)
        core.needsFocusPreview = true
        #expect(
            core.handle(.step(.previewFocus(expands: true)), geometry) == [
                .step(.preview(column: 1, row: 2, evenIfExpanded: false)), .applyUpdates,
            ])
        // Once taken, the preview is not planned again.
        #expect(core.handle(.step(.previewFocus(expands: true)), geometry) == [])
    }

    @Test func aTapFocusesTellsTheDelegateAndTapsTheButtonOfAnItemWithChildren() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        func tap(_ uuid: String, editing: Bool = false, allows: Bool = true, indicator: Bool = false)
            -> [HierarchyCore.Action]
        {
            send(
                .tap(
                    uuid, isEditing: editing, allowsSelection: allows, allowsMultiple: false, showsIndicator: indicator),
                to: &core)
        }
        #expect(tap("R/1") == [.didSelect("R/1"), .relayout])
        #expect(core.focus?.column == 1 && core.focus?.row == 1)
        #expect(tap("R/2", indicator: true) == [.didSelect("R/2"), .hierarchyButtonTapped("R/2"), .relayout])
        // In editing mode a tap selects (one item at a time here) and never expands.
        #expect(tap("R/3", editing: true, indicator: true) == [.didSelect("R/3"), .relayout])
        #expect(tap("R/0", editing: true) == [.didSelect("R/0"), .relayout])
        #expect(core.selection == ["R/0"])
        #expect(tap("R/1", editing: true, allows: false) == [])
        #expect(core.selection == ["R/0"] && core.focus?.row == 1)
        #expect(
            tap("gone") == [
                .report(HierarchyError(.unknownItem, "tap on gone, which the view does not show", uuid: "gone"))
            ])
    }

    @Test func aRootStartsEverythingAgainExpandedThenFocused() {
        var core = HierarchyCore.rootAndChildren(6, known: 4)
        core.selection = ["R/1"]
        #expect(
            core.handle(.root("T", expands: false), geometry) == [
                .askCount(parent: "T", ticket: Ticket(3)),
                .step(.expanded(column: 0, uuid: "T", then: nil)),
                .step(.focusFirstItem(expands: false)), .relayout,
            ])
        #expect(core.columns.count == 1 && core.selection.isEmpty && core.isInitialLoad)
        _ = core.handle(.count(2, parent: "T", ticket: Ticket(3)), geometry)
        _ = core.handle(.step(.expanded(column: 0, uuid: "T", then: nil)), geometry)
        #expect(core.handle(.step(.focusFirstItem(expands: false)), geometry) == [])
        #expect(core.focus?.column == 1 && core.focus?.row == 0)
        // No root: nothing is shown.
        #expect(core.handle(.root(nil, expands: false), geometry) == [.relayout])
        #expect(core.columns.isEmpty && core.focus == nil)
    }

    @Test func theViewsOwnChangesAreInputsToo() {
        var core = HierarchyCore.rootAndChildren(10, known: 10)
        core.columns[1].contentOffsetY = 9
        core.focus = (1, 9)
        core.leadingColumn = 0
        // A taller viewport: the column cannot scroll as far; a narrower one shows the focus.
        let taller = HierarchyCore.Geometry(visibleColumnCount: 1, columnWidth: 10, columnHeight: 8)
        #expect(core.handle(.input(.layoutChanged(revealsFocus: false)), taller) == [.relayout])
        #expect(core.columns[1].contentOffsetY == 2 && core.leadingColumn == 0)
        #expect(core.handle(.input(.layoutChanged(revealsFocus: true)), taller) == [.relayout])
        #expect(core.leadingColumn == 1)
        // A pan follows the finger; its end snaps.
        #expect(core.handle(.input(.beginPan), taller) == [])
        #expect(core.handle(.input(.pan(translation: 4)), taller) == [.relayout])
        #expect(core.pan?.offset == -4)
        // Selection rules of the editing properties.
        _ = send(.select(true, "R/1", allowsMultiple: true), to: &core)
        _ = send(.select(true, "R/2", allowsMultiple: true), to: &core)
        #expect(core.handle(.input(.limitSelectionToOne), geometry) == [])
        #expect(core.selection == ["R/2"])
        #expect(core.handle(.input(.endEditing), geometry) == [])
        #expect(core.selection.isEmpty)
        // A row needed now is asked once; a known one is not.
        var paged = HierarchyCore.rootAndChildren(10, known: 2)
        #expect(
            paged.handle(.input(.loadRow(5, column: 1)), geometry) == [
                .askChildren(parent: "R", rows: [5], ticket: Ticket(2))
            ])
        #expect(paged.handle(.input(.loadRow(1, column: 1)), geometry) == [])
    }

    @Test func aMeasuredCellMovesTheRowsOnlyWhenItsExtentChanged() {
        var core = HierarchyCore.rootAndChildren(4, known: 4)
        #expect(core.handle(.measured(1, column: 1, row: 2), geometry) == [])
        #expect(core.handle(.measured(3, column: 1, row: 2), geometry) == [.relayout])
        #expect(core.columns[1].heights.totalExtent == 6)
        // A row or a column that went meanwhile is ignored.
        #expect(core.handle(.measured(3, column: 1, row: 9), geometry) == [])
        #expect(core.handle(.measured(3, column: 7, row: 0), geometry) == [])
        // An item the data source gave no cell holds none, and is asked again when shown.
        core.cells = ["R/1"]
        #expect(core.handle(.noCell("R/1"), geometry) == [])
        #expect(core.cells.isEmpty)
    }
}
