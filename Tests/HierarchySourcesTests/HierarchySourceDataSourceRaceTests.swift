import Foundation
import HierarchyKit
import HierarchyTestSupport
import Synchronization
import Testing

@testable import HierarchyAdapters
@testable import HierarchySources

/// A root `R` whose children the test changes without announcing it: the test applies the
/// matching changes to the adapter itself, later, one at a time, as a store whose change feed
/// lags behind its data does.
final class LaggingSource: HierarchySource {
    private let ids: Mutex<[String]>

    init(children: Int) { ids = Mutex((0..<children).map { "c\($0)" }) }

    var displayName: String { "lagging" }
    var children: [String] { ids.withLock { $0 } }

    /// Inserts `id` at `index` and returns the change that announces it.
    func insert(_ id: String, at index: Int) -> HierarchySourceChange {
        ids.withLock { $0.insert(id, at: index) }
        return .inserted(id: id, parentID: "R", index: index)
    }

    /// Removes the child at `index` and returns the change that announces it.
    func remove(at index: Int) -> HierarchySourceChange {
        let id = ids.withLock { $0.remove(at: index) }
        return .removed(id: id, parentID: "R", index: index)
    }

    func node(_ id: String) -> HierarchyNode {
        id == "R"
            ? HierarchyNode(id: "R", title: "Root", childCount: children.count, isContainer: true)
            : HierarchyNode(id: id, title: "Item \(id)", childCount: 0)
    }

    func root() async throws -> HierarchyNode? { node("R") }
    func node(withID id: String) async throws -> HierarchyNode? { id == "R" || children.contains(id) ? node(id) : nil }
    func parent(ofID id: String) async throws -> HierarchyNode? { id == "R" ? nil : node("R") }
    func childCount(ofID id: String) async throws -> Int { id == "R" ? children.count : 0 }
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        guard id == "R" else { return [] }
        let all = children
        return all[range.clamped(to: 0..<all.count)].map(node)
    }
}

/// The source already holds several changes when the adapter applies the first of them: the
/// view must never pair a row with an item of another row.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct HierarchySourceDataSourceRaceTests {
    /// A view tall enough to show every row (3 lines each), over pages of 10 children.
    func makeView(_ source: LaggingSource) async throws -> (HierarchyView, HierarchySourceDataSource) {
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 200)))
        let dataSource = HierarchySourceDataSource(source: source, pageSize: 10)
        // The grace a page read ahead of the changes waits for them never runs out here: on a
        // loaded machine 3 s of real time could pass between a read and its changes.
        dataSource.changeClock = TestClock()
        dataSource.attach(to: view)
        try await dataSource.load()
        await dataSource.settle()
        return (view, dataSource)
    }

    /// The rows of the root's column: an id, or `nil` for a row without an item yet.
    func rows(_ view: HierarchyView) throws -> [String?] {
        let snapshot = view.snapshot()
        let column = try #require(snapshot.columns.first { $0.parentUUID == "R" })
        var rows = [String?](repeating: nil, count: column.itemCount)
        for item in column.items where !item.uuid.isEmpty { rows[item.row] = item.uuid }
        #expect(column.items.count == column.itemCount, "every row is on screen")
        return rows
    }

    /// Applies each change in turn and checks after each that the column has the rows the
    /// changes applied so far make, each with the item those changes put there or loading
    /// (`strict`), or at least with items of the source and none twice; and after the last
    /// that every row has its item.
    ///
    /// `strict` holds while each change alters the count: a page read ahead of the changes is
    /// then recognised by its count. When changes still to come leave the count as it is (a
    /// move, an insert and a removal), a page read meanwhile shows the source's newer order
    /// until the next change arrives.
    func applyOneByOne(
        _ changes: [HierarchySourceChange], from start: [String], to view: HierarchyView,
        _ dataSource: HierarchySourceDataSource, source: LaggingSource, strict: Bool
    ) async throws {
        var expected = start
        for change in changes {
            switch change {
            case .inserted(let id, _, let index): expected.insert(id, at: index)
            case .removed(_, _, let index): expected.remove(at: index)
            default: break
            }
            await dataSource.apply(change)
            await dataSource.settle()
            let shown = try rows(view)
            #expect(shown.count == expected.count)
            let items = shown.compactMap { $0 }
            #expect(Set(items).count == items.count, "no item twice after \(change)")
            for (row, id) in shown.enumerated() {
                guard let id else { continue }
                if strict {
                    #expect(id == expected[row], "row \(row) after \(change)")
                } else {
                    #expect(expected.contains(id) || source.children.contains(id), "row \(row) after \(change)")
                }
            }
        }
        #expect(try rows(view) == expected.map { Optional($0) })
        #expect(view.recentErrors.isEmpty)
    }

    @Test func severalInsertsThenTheirChangesOneByOne() async throws {
        let source = LaggingSource(children: 30)
        let (view, dataSource) = try await makeView(source)
        let start = source.children
        #expect(try rows(view) == start.map { Optional($0) })
        let changes = [
            source.insert("x", at: 0), source.insert("y", at: 0), source.insert("z", at: 12),
            source.insert("w", at: 33),
        ]
        try await applyOneByOne(changes, from: start, to: view, dataSource, source: source, strict: true)
    }

    @Test func insertsAndRemovesInterleaved() async throws {
        let source = LaggingSource(children: 30)
        let (view, dataSource) = try await makeView(source)
        let start = source.children
        let changes = [
            source.insert("x", at: 3), source.remove(at: 0), source.insert("y", at: 11), source.remove(at: 5),
            source.remove(at: 20), source.insert("z", at: 0),
        ]
        try await applyOneByOne(changes, from: start, to: view, dataSource, source: source, strict: false)
    }

    @Test func aMoveWithinTheParentAppliedLate() async throws {
        let source = LaggingSource(children: 30)
        let (view, dataSource) = try await makeView(source)
        let start = source.children
        // A move: the same number of children, so counting them cannot tell the read is ahead.
        let moved = source.children[2]
        let changes = [source.remove(at: 2), source.insert(moved, at: 25)]
        // The rows are read again before the changes arrive (as after their pages left the cache).
        dataSource.forgetChildren(of: "R")
        view.invalidateChildren(of: "R", at: IndexSet(integersIn: 0..<30))
        await dataSource.settle()
        try await applyOneByOne(changes, from: start, to: view, dataSource, source: source, strict: false)
    }

    @Test func removalsBeforeTheNextLayoutPassAtTheEndOfTheColumn() async throws {
        let source = LaggingSource(children: 30)
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 12)))
        let dataSource = HierarchySourceDataSource(source: source, pageSize: 10)
        // The grace a page read ahead of the changes waits for them never runs out here: on a
        // loaded machine 3 s of real time could pass between a read and its changes.
        dataSource.changeClock = TestClock()
        dataSource.attach(to: view)
        try await dataSource.load()
        await dataSource.settle()
        view.send(.focusRow(29, inColumn: 1))
        await dataSource.settle()
        #expect(view.rowWindows["R"].map { $0.lowerBound > 10 } == true)
        // The last 15 rows go, each change applied before any layout pass.
        for index in stride(from: 29, through: 15, by: -1) { await dataSource.apply(source.remove(at: index)) }
        await dataSource.settle()
        #expect(view.itemCount(ofColumn: 1) == 15)
        #expect(view.focusedUUID == "c14")
        #expect(view.recentErrors.isEmpty)
    }

    @Test func aChangeThatNeverComesIsGivenUpAfterTheGrace() async throws {
        let source = LaggingSource(children: 30)
        let (view, dataSource) = try await makeView(source)
        let clock = TestClock()
        dataSource.changeClock = clock
        let first = source.insert("x", at: 0)
        _ = source.insert("y", at: 5)  // never announced
        await dataSource.apply(first)
        await dataSource.settle()
        // Read ahead of the changes: the rows wait for the missing change, then, after the
        // grace, the parent's children are read afresh.
        await clock.waitForSleepers(count: 1)
        #expect(try rows(view) != source.children.map { Optional($0) })
        clock.advance(by: dataSource.changeGrace)
        let settled = await untilShown(view, dataSource) {
            (try? rows(view)) == source.children.map { Optional($0) }
        }
        #expect(settled)
    }
}

/// A root whose child count is taken as the data is when asked, and answered once the test
/// opens the gate: a count asked before a change answers after it.
final class SlowCountSource: HierarchySource {
    let gate = SourceGate()
    let base = LaggingSource(children: 30)
    /// The counts taken so far (each before waiting at the gate).
    let countsTaken = Observed(0)

    var displayName: String { "slow count" }
    func root() async throws -> HierarchyNode? { try await base.root() }
    func node(withID id: String) async throws -> HierarchyNode? { try await base.node(withID: id) }
    func parent(ofID id: String) async throws -> HierarchyNode? { try await base.parent(ofID: id) }
    func childCount(ofID id: String) async throws -> Int {
        let count = try await base.childCount(ofID: id)
        countsTaken.withLock { $0 += 1 }
        await gate.wait()
        return count
    }
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        try await base.children(ofID: id, in: range)
    }
}

/// A count read before a change of the parent's children is never stored after the change.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct HierarchySourceDataSourceCountRaceTests {
    @Test func aCountAskedBeforeAnInsertIsReadAgain() async throws {
        let source = SlowCountSource()
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 200)))
        let dataSource = HierarchySourceDataSource(source: source, pageSize: 10)
        // The grace a page read ahead of the changes waits for them never runs out here: on a
        // loaded machine 3 s of real time could pass between a read and its changes.
        dataSource.changeClock = TestClock()
        dataSource.attach(to: view)
        try await dataSource.load()
        view.layoutIfNeeded()
        #expect(dataSource.childrenNote(of: "R") == "Loading…")
        // The count of 30 is taken, and waits at the gate.
        #expect(await source.countsTaken.until { $0 == 1 })
        await dataSource.apply(source.base.insert("x", at: 0))
        await dataSource.apply(source.base.insert("y", at: 31))
        source.gate.open()
        await dataSource.settle()
        #expect(view.itemCount(ofColumn: 1) == 32)
        let snapshot = view.snapshot()
        let shown = snapshot.columns.first { $0.parentUUID == "R" }?.items.map(\.uuid)
        #expect(shown == source.base.children)
        #expect(view.recentErrors.isEmpty)
    }
}
