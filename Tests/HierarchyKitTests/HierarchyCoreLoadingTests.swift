import Foundation
import Testing

@testable import HierarchyKit

/// The core's loading decisions, driven with no view and no data source: literal actions in,
/// literal states out.
@Suite struct HierarchyCoreLoadingTests {
    /// A root and its 6 children, of which rows 0 and 1 are known; tickets stamped.
    func twoColumns() -> HierarchyCore { .rootAndChildren(6, known: 2) }

    func uuids(_ core: HierarchyCore, column c: Int) -> [String?] {
        (0..<core.columns[c].count).map { core.columns[c].uuid(at: $0) }
    }

    @Test func everyColumnGetsItsOwnTicket() {
        let core = twoColumns()
        #expect(core.columns[0].ticket == HierarchyCore.Ticket(1))
        #expect(core.columns[1].ticket == HierarchyCore.Ticket(2))
        #expect(core.column(of: HierarchyCore.Ticket(2)) == 1)
        #expect(core.column(of: HierarchyCore.Ticket(3)) == nil)
    }

    @Test func aLayoutPassAsksOnlyTheRowsWithoutAnItem() {
        var core = twoColumns()
        #expect(
            core.planRows(ofColumn: 1, window: 0..<4) == [
                .askChildren(parent: "R", rows: [2, 3], ticket: HierarchyCore.Ticket(2))
            ])
        // The first column has no parent to ask; a window past the end is clamped.
        #expect(core.planRows(ofColumn: 0, window: 0..<1) == [])
        #expect(
            core.planRows(ofColumn: 1, window: 4..<99) == [
                .askChildren(parent: "R", rows: [4, 5], ticket: HierarchyCore.Ticket(2))
            ])
        // A row still loading is asked again.
        _ = core.receiveChild(.loading, at: 2, ticket: HierarchyCore.Ticket(2))
        #expect(
            core.planRows(ofColumn: 1, window: 2..<3) == [
                .askChildren(parent: "R", rows: [2], ticket: HierarchyCore.Ticket(2))
            ])
    }

    @Test func answersFillTheRowsAndSlots() {
        var core = twoColumns()
        let ticket = core.columns[1].ticket
        #expect(core.receiveChild(.item("R/2"), at: 2, ticket: ticket).uuid == "R/2")
        #expect(core.receiveChild(.loading, at: 3, ticket: ticket).uuid == nil)
        #expect(core.receiveChild(.failed("disk gone"), at: 4, ticket: ticket).uuid == nil)
        #expect(uuids(core, column: 1) == ["R/0", "R/1", "R/2", nil, nil, nil])
        #expect(core.columns[1].pendingState(at: 3) == .loading)
        #expect(core.columns[1].pendingState(at: 4) == .failed("disk gone"))
        #expect(core.knownUUIDs.contains("R/2"))
        // The page arrives: the slot becomes the item.
        #expect(core.receiveChild(.item("R/3"), at: 3, ticket: ticket).uuid == "R/3")
        #expect(core.columns[1].pendingState(at: 3) == nil)
    }

    @Test func anAnswerWithAStaleTicketIsDropped() {
        var core = twoColumns()
        let asked = core.columns[1].ticket
        // The parent's children were reset meanwhile: the column has a new ticket.
        core.columns[1].reset(count: 6, extent: 1)
        core.stampColumn(1)
        #expect(core.receiveChild(.item("R/2"), at: 2, ticket: asked) == (nil, []))
        #expect(uuids(core, column: 1) == [nil, nil, nil, nil, nil, nil])
        // The column closed: its ticket is gone with it.
        let current = core.columns[1].ticket
        core.columns.removeLast()
        #expect(core.receiveChild(.item("R/2"), at: 2, ticket: current) == (nil, []))
        #expect(core.columns.count == 1)
        // A row that no longer exists.
        var other = twoColumns()
        #expect(other.receiveChild(.item("R/9"), at: 9, ticket: other.columns[1].ticket) == (nil, []))
    }

    @Test func duplicatesAndCyclesAreReportedByTheCore() {
        var core = twoColumns()
        let ticket = core.columns[1].ticket
        let duplicate = core.receiveChild(.item("R/0"), at: 2, ticket: ticket)
        #expect(duplicate.uuid == "R/0")
        #expect(duplicate.errors.map(\.code) == [.duplicateItem])
        let cycle = core.receiveChild(.item("R"), at: 3, ticket: ticket)
        #expect(cycle.errors.map(\.code) == [.cycle])
    }

    @Test func prefetchHandsEachItemOnceAndNotTheVisibleOnes() {
        var core = twoColumns()
        let ticket = core.columns[1].ticket
        _ = core.receiveChild(.item("R/2"), at: 2, ticket: ticket)
        _ = core.receiveChild(.loading, at: 3, ticket: ticket)
        #expect(
            core.planPrefetch(ofColumn: 1, visible: 0..<1, window: 0..<4) == [
                .prefetch(parent: "R", uuids: ["R/1", "R/2"], ticket: ticket)
            ])
        #expect(core.columns[1].prefetched == ["R/1", "R/2"])
        #expect(core.planPrefetch(ofColumn: 1, visible: 0..<1, window: 0..<4) == [])
    }

    @Test func rowWindowsAreToldOnlyWhenTheyChange() {
        var core = twoColumns()
        #expect(core.updateRowWindows(["R": 0..<4]) == [.rowWindowsChanged(["R": 0..<4])])
        #expect(core.updateRowWindows(["R": 0..<4]) == [])
        #expect(core.rowWindows == ["R": 0..<4])
        #expect(core.updateRowWindows([:]) == [.rowWindowsChanged([:])])
    }

    @Test func expandingAsksTheCountAndItsAnswerAddsTheColumn() {
        var core = twoColumns()
        let ticket = core.columns[1].ticket
        #expect(core.beginExpanding(column: 1, row: 1, uuid: "R/1") == [.askCount(parent: "R/1", ticket: ticket)])
        #expect(core.columns[1].expandedUUID == "R/1")
        #expect(core.columns[1].expandedRow == 1)
        let added1 = core.receiveCount(7, of: "R/1", ticket: ticket, extent: 1)
        #expect(added1)
        #expect(core.columns.count == 3)
        #expect(core.columns[2].parent == "R/1")
        #expect(core.columns[2].count == 7)
        #expect(core.columns[2].ticket == HierarchyCore.Ticket(3))
        // The same answer again finds a column after it: dropped.
        let added2 = core.receiveCount(7, of: "R/1", ticket: ticket, extent: 1)
        #expect(!added2)
        #expect(core.columns.count == 3)
    }

    @Test func aCountForAnItemNoLongerExpandedOrAStaleColumnIsDropped() {
        var core = twoColumns()
        let ticket = core.columns[1].ticket
        _ = core.beginExpanding(column: 1, row: 1, uuid: "R/1")
        // Another item was expanded meanwhile.
        _ = core.beginExpanding(column: 1, row: 0, uuid: "R/0")
        let added3 = core.receiveCount(7, of: "R/1", ticket: ticket, extent: 1)
        #expect(!added3)
        // The column's children were reset meanwhile.
        core.stampColumn(1)
        let added4 = core.receiveCount(7, of: "R/0", ticket: ticket, extent: 1)
        #expect(!added4)
        #expect(core.columns.count == 2)
    }

    @Test func anUpdateChecksTheCountAndPutsOffASourceThatLagsOneUpdate() {
        var core = twoColumns()
        let ticket = core.columns[1].ticket
        #expect(
            core.planCountCheck(ofColumn: 1, countBefore: 5) == [
                .checkCount(parent: "R", countBefore: 5, ticket: ticket)
            ])
        #expect(core.planCountCheck(ofColumn: 0, countBefore: 1) == [])
        #expect(core.receiveCheckedCount(6, of: "R", countBefore: 5, ticket: ticket) == .agrees)
        // The data source still counts as before the update: a second look at the next pass.
        #expect(core.receiveCheckedCount(5, of: "R", countBefore: 5, ticket: ticket) == .askAgainLater)
        #expect(core.pendingCountChecks == ["R"])
        #expect(core.planPendingCountChecks() == [.checkCount(parent: "R", countBefore: nil, ticket: ticket)])
        #expect(core.pendingCountChecks.isEmpty)
        #expect(core.planPendingCountChecks() == [])
        // A mismatch at the second look is reported, and the column is to be read again.
        #expect(
            core.receiveCheckedCount(5, of: "R", countBefore: nil, ticket: ticket)
                == .disagrees(
                    HierarchyError(
                        .inconsistentCount,
                        "R reports 5 children, but the view counted 6 after the update; reloading its children",
                        uuid: "R")))
    }

    @Test func aCountCheckForAColumnResetMeanwhileIsDropped() {
        var core = twoColumns()
        let ticket = core.columns[1].ticket
        core.stampColumn(1)
        #expect(core.receiveCheckedCount(2, of: "R", countBefore: nil, ticket: ticket) == .agrees)
        #expect(core.pendingCountChecks.isEmpty)
        // A pinned column shows one item until its parent's children are known: not checked.
        core.columns[1].isPinned = true
        #expect(core.planCountCheck(ofColumn: 1, countBefore: nil) == [])
    }

    @Test func theFirstColumnsParentIsAskedOnceWithItsTicket() {
        var core = twoColumns()
        core.leadingColumn = 1
        // Neither at the first column nor in the initial load: not yet.
        #expect(core.planParentOfTopColumn() == [])
        core.isInitialLoad = true
        #expect(core.planParentOfTopColumn() == [.askParent(of: "R", ticket: HierarchyCore.Ticket(1))])
        #expect(core.columns[0].parentAsked)
        #expect(!core.isInitialLoad)
        core.leadingColumn = 0
        #expect(core.planParentOfTopColumn() == [])
        #expect(core.receiveParent(of: "R", ticket: HierarchyCore.Ticket(1)) == 0)
        // The first column was made again meanwhile: the answer is dropped.
        core.stampColumn(0)
        #expect(core.receiveParent(of: "R", ticket: HierarchyCore.Ticket(1)) == nil)
    }

    @Test func invalidateParentAsksInTheColumnThatShowsTheChild() {
        var core = twoColumns()
        #expect(core.planParentCheck(of: "R/1") == [.askParent(of: "R/1", ticket: HierarchyCore.Ticket(2))])
        #expect(core.planParentCheck(of: "elsewhere") == [])
        #expect(core.receiveParent(of: "R/1", ticket: HierarchyCore.Ticket(2)) == 1)
        // The child left the column before the answer came.
        core.columns[1].removeRows(IndexSet(integer: 1))
        #expect(core.receiveParent(of: "R/1", ticket: HierarchyCore.Ticket(2)) == nil)
    }

    @Test func aChildsRowIsKnownOrAskedWithTheColumnsTicket() {
        var core = twoColumns()
        #expect(core.planLocate("R/1", inColumn: 1, searchLimit: 100) == .known(1))
        #expect(core.planLocate("R", inColumn: 0, searchLimit: 100) == .known(0))
        #expect(core.planLocate("X", inColumn: 0, searchLimit: 100) == .unknown)
        let ticket = core.columns[1].ticket
        #expect(
            core.planLocate("R/4", inColumn: 1, searchLimit: 3)
                == .ask(.locateChild(child: "R/4", parent: "R", rows: 0..<6, scan: 0..<3, ticket: ticket)))
        // The answer is cached at its row.
        #expect(core.receiveLocatedChild("R/4", at: 4, ticket: ticket) == 4)
        #expect(core.columns[1].uuid(at: 4) == "R/4")
        #expect(core.planLocate("R/4", inColumn: 1, searchLimit: 3) == .known(4))
        // Not found, a row that does not exist, a column reset meanwhile: nothing is cached.
        #expect(core.receiveLocatedChild("R/5", at: nil, ticket: ticket) == nil)
        #expect(core.receiveLocatedChild("R/5", at: 9, ticket: ticket) == nil)
        core.stampColumn(1)
        #expect(core.receiveLocatedChild("R/5", at: 5, ticket: ticket) == nil)
        #expect(core.columns[1].uuid(at: 5) == nil)
    }
}
