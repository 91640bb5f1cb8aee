import Foundation
import HierarchyKit
import HierarchySources
import Testing

@testable import HierarchyAdapters

/// The adapter's state machine on its own: questions, answers and changes go in; the exact
/// reads, cancels and view updates come out. No source, task, clock or view.
@Suite struct SourceAdapterStateTests {
    typealias State = SourceAdapterState
    typealias Key = SourceAdapterState.PageKey

    static func children(_ range: Range<Int>, of parent: String = "R") -> [HierarchyNode] {
        range.map { HierarchyNode(id: "\(parent)\($0)", title: "item \($0)") }
    }

    static func read(_ load: State.Load, _ number: Int, rows: Range<Int>? = nil, checksCount: Bool = false)
        -> State.Action
    {
        .start(State.Read(load: load, number: number, rows: rows, checksCount: checksCount))
    }

    /// A state whose root `R` has `count` children, counted and with its first page read.
    static func counted(_ count: Int, pageSize: Int = 10) -> State {
        var state = State(pageSize: pageSize, maximumCachedPages: 16, sourceName: "S")
        _ = state.childCount(of: "R")
        let first = children(0..<min(count, pageSize))
        _ = state.receive(.count(.success(.init(count: count, first: first))), number: 0, expanded: ["R"])
        return state
    }

    @Test func aCountIsReadOnceAndItsAnswerInsertsTheRows() {
        var state = State(pageSize: 10, maximumCachedPages: 16, sourceName: "S")
        let (first, actions) = state.childCount(of: "R")
        #expect(first == 0)
        #expect(actions == [Self.read(.count("R"), 0)])
        #expect(state.childCount(of: "R").1.isEmpty)
        #expect(state.activeLoads == 1)
        #expect(state.childrenNote(of: "R") == "Loading…")

        let answer = State.Answer.count(.success(.init(count: 25, first: Self.children(0..<10))))
        let applied = state.receive(answer, number: 0, expanded: ["R"])
        #expect(applied == [.insertChildren("R", IndexSet(integersIn: 0..<25)), .invalidateItems(["R"])])
        #expect(state.activeLoads == 0)
        #expect(state.childCount(of: "R") == (25, []))
        #expect(state.child(at: 9, of: "R").0 == .item("R9"))
        #expect(state.childrenNote(of: "R") == nil)
    }

    @Test func aPageIsReadOnceAndAFailureMakesItsRowsFailed() {
        var state = Self.counted(25)
        let (row, actions) = state.child(at: 15, of: "R")
        #expect(row == .loading)
        #expect(actions == [Self.read(.page(Key(parent: "R", page: 1)), 1, rows: 10..<20)])
        #expect(state.child(at: 12, of: "R") == (.loading, []))

        let failed = state.receive(
            .page(.failure(HierarchySourceError(.io, "disk gone"))), number: 1, expanded: ["R"])
        #expect(
            failed == [
                .report(.init(error: HierarchySourceError(.io, "disk gone"))),
                .invalidateChildren("R", IndexSet(integersIn: 10..<20)),
            ])
        #expect(state.child(at: 15, of: "R") == (.failed("cannot read this row"), []))
        // The last page is clamped to the count; a parent not expanded is not told.
        _ = state.child(at: 21, of: "R")
        #expect(
            state.receive(.page(.failure(HierarchySourceError(.io, "x"))), number: 2, expanded: [])
                == [.report(.init(error: HierarchySourceError(.io, "x")))])
    }

    @Test func aReadWhoseRowsLeftEveryWindowIsCancelledAndItsAnswerDropped() {
        var state = Self.counted(100)
        _ = state.child(at: 50, of: "R")
        #expect(state.activeLoads == 1)
        let actions = state.windowsChanged(["R": 0..<20], expanded: ["R"])
        #expect(actions == [.cancel(1), .invalidateChildren("R", IndexSet(integersIn: 50..<60))])
        #expect(state.activeLoads == 0)
        #expect(state.cancelledPageLoads == 1)
        let late = state.receive(.page(.success(.init(children: Self.children(50..<60)))), number: 1, expanded: ["R"])
        #expect(late.isEmpty)
        #expect(state.nodes["R50"] == nil)
        // Asked again, the page is read again under a new number.
        #expect(state.child(at: 50, of: "R").1 == [Self.read(.page(Key(parent: "R", page: 5)), 2, rows: 50..<60)])
    }

    @Test func anInsertUnderAnExpandedParentMovesItsRowsAndReadsTheWindowAgain() {
        var state = Self.counted(25)
        _ = state.child(at: 12, of: "R")  // read 1 in flight: stale after the change
        let actions = state.apply(.inserted(id: "new", parentID: "R", index: 3), expanded: ["R"])
        #expect(
            actions == [
                .cancel(1), .insertChildren("R", IndexSet(integer: 3)), .rereadShownRows("R"), .invalidateItems(["R"]),
            ])
        #expect(state.childCount(of: "R").0 == 26)
        // The window of rows 0..<5 is kept (widened by one) and read again, counting the children.
        let again = state.rereadShownRows(of: "R", windows: ["R": 0..<5])
        #expect(
            again == [
                .invalidateChildren("R", IndexSet(integersIn: 6..<26)),
                Self.read(.page(Key(parent: "R", page: 0)), 2, rows: 0..<10, checksCount: true),
            ])
    }

    @Test func aPageReadAheadOfTheChangesWaitsThenIsReadAgain() {
        var state = Self.counted(25)
        _ = state.apply(.inserted(id: "new", parentID: "R", index: 0), expanded: ["R"])
        _ = state.rereadShownRows(of: "R", windows: ["R": 0..<5])
        // The source already holds a second, unannounced child: 27, where 26 are known.
        let ahead = State.Answer.page(.success(.init(children: Self.children(0..<10), count: 27)))
        let waiting = state.receive(ahead, number: 1, expanded: ["R"])
        #expect(
            waiting == [
                .invalidateChildren("R", IndexSet(integersIn: 0..<10)),
                Self.read(.pageRetry(Key(parent: "R", page: 0)), 2, rows: 0..<10),
            ])
        #expect(state.activeLoads == 0)  // the grace period is not a load
        #expect(state.child(at: 3, of: "R") == (.loading, []))
        // Still ahead after the grace: the changes are not coming; the children are read afresh.
        let given = state.receive(ahead, number: 2, expanded: ["R"])
        #expect(given == [.invalidateAllChildren("R")])
        #expect(state.childCount(of: "R").1 == [Self.read(.count("R"), 3)])
    }

    @Test func aCountReadBeforeAChangeIsReadAgainAndTheOldAnswerDropped() {
        var state = State(pageSize: 10, maximumCachedPages: 16, sourceName: "S")
        _ = state.childCount(of: "R")
        let actions = state.apply(.inserted(id: "x", parentID: "R", index: 0), expanded: ["R"])
        #expect(actions == [.cancel(0), Self.read(.count("R"), 1), .invalidateItems(["R"])])
        let stale = State.Answer.count(.success(.init(count: 30, first: [])))
        #expect(state.receive(stale, number: 0, expanded: ["R"]).isEmpty)
        let fresh = State.Answer.count(.success(.init(count: 31, first: Self.children(0..<10))))
        #expect(
            state.receive(fresh, number: 1, expanded: ["R"]) == [
                .insertChildren("R", IndexSet(integersIn: 0..<31)), .invalidateItems(["R"]),
            ])
    }

    @Test func theCacheKeepsItsBoundAndTheExpandedPath() {
        var state = State(pageSize: 1, maximumCachedPages: 16, sourceName: "S")
        for page in 0..<40 {
            state.store(Self.children(page..<(page + 1)), page: page, of: "R", expanded: ["R", "R2"])
        }
        #expect(state.cachedPageCount == 16)
        #expect(state.nodes["R2"] != nil)
        #expect(state.nodes["R3"] == nil)
        #expect(state.nodes["R39"] != nil)
    }

    @Test func aParentIsReadOnceAndTellsTheView() {
        var state = State(pageSize: 10, maximumCachedPages: 16, sourceName: "S")
        #expect(state.parent(of: "c") == (nil, [Self.read(.parent("c"), 0)]))
        #expect(state.parent(of: "c").1.isEmpty)
        let answer = State.ParentAnswer(
            parent: HierarchyNode(id: "P", title: "P", childCount: 3), count: 3, page: 0,
            children: Self.children(0..<3, of: "c"))
        #expect(state.receive(.parent(.success(answer)), number: 0, expanded: []) == [.invalidateParent("c")])
        #expect(state.parent(of: "c") == (.some("P"), []))
        #expect(state.index(of: "c1", in: "P") == 1)
        // A top item has no parent, and is not asked again.
        _ = state.parent(of: "top")
        #expect(state.receive(.parent(.success(nil)), number: 1, expanded: []).isEmpty)
        #expect(state.parent(of: "top") == (.some(nil), []))
    }

    @Test func anItemGoneFromTheSourceIsReportedAndShownFailed() {
        var state = State(pageSize: 10, maximumCachedPages: 16, sourceName: "S")
        #expect(state.itemForCell("x").1 == [Self.read(.item("x"), 0)])
        #expect(state.state(of: "x") == .loading)
        let actions = state.receive(.item(.success(nil)), number: 0, expanded: [])
        #expect(
            actions == [
                .report(.init(error: HierarchySourceError(.notFound, "no item x in S"))), .invalidateItems(["x"]),
            ])
        #expect(state.state(of: "x") == .failed("no such item any more"))
        #expect(state.itemForCell("x").1.isEmpty)
    }

    @Test func aContainerOnScreenHasItsCountReadOnceForItsIndicator() {
        var state = Self.counted(3)
        state.cache(HierarchyNode(id: "box", title: "box", isContainer: true))
        #expect(state.itemForCell("box").1 == [Self.read(.shownCount("box"), 1)])
        #expect(state.itemForCell("box").1.isEmpty)
        #expect(state.receive(.shownCount(.success(7)), number: 1, expanded: []) == [.invalidateItems(["box"])])
        #expect(state.nodes["box"]?.childCount == 7)
    }

    @Test func cancellingEverythingCancelsEachReadInFlight() {
        var state = Self.counted(100)
        _ = state.child(at: 30, of: "R")
        _ = state.child(at: 60, of: "R")
        _ = state.parent(of: "R")
        #expect(state.activeLoads == 3)
        #expect(state.cancelAll() == [.cancel(1), .cancel(2), .cancel(3)])
        #expect(state.activeLoads == 0)
        #expect(state.receive(.parent(.success(nil)), number: 3, expanded: []).isEmpty)
    }
}
