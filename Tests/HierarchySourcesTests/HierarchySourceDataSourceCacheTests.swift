import Foundation
import HierarchyKit
import Testing

@testable import HierarchyAdapters
@testable import HierarchySources

/// The adapter's page cache stays within its bound while a huge column is scrolled, and
/// closed sessions cancel their loads.
@MainActor
@Suite struct HierarchySourceDataSourceCacheTests {
    func makeView(_ source: any HierarchySource, maximumPages: Int) async throws -> (
        HierarchyView, HierarchySourceDataSource
    ) {
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 12)))
        let dataSource = HierarchySourceDataSource(source: source, pageSize: 10, maximumCachedPages: maximumPages)
        dataSource.attach(to: view)
        try await dataSource.load()
        await dataSource.settle()
        return (view, dataSource)
    }

    @Test(arguments: [16, 32, 64])
    func scrollingAMillionRowsKeepsTheCacheWithinItsBound(maximumPages: Int) async throws {
        let source = DictionarySource(root: "R", [:], virtual: ["R": 1_000_000])
        let (view, dataSource) = try await makeView(source, maximumPages: maximumPages)
        for row in stride(from: 0, to: 1_000_000, by: 25_000) {
            view.send(.focusRow(row, inColumn: 1))
            await dataSource.settle()
            #expect(dataSource.cachedPageCount <= maximumPages)
            // Pages, as many items read one by one, and the pinned path (the root).
            #expect(dataSource.cachedItemCount <= 2 * maximumPages * 10 + 1)
        }
        // What is on screen is still right after its neighbours were dropped.
        view.send(.focusRow(10, inColumn: 1))
        await dataSource.settle()
        #expect(view.cellForItem(with: "R/10")?.title.text == "Item R/10")
        #expect(view.recentErrors.isEmpty)
    }

    @Test func anItemWhosePageWasDroppedIsReadAgainById() async throws {
        let source = DictionarySource(root: "R", [:], virtual: ["R": 100_000])
        let (view, dataSource) = try await makeView(source, maximumPages: 16)
        #expect(view.cellForItem(with: "R/0")?.title.text == "Item R/0")
        // Fill the cache with far pages, as a scroll would, then draw the first rows again.
        for page in 1...20 {
            _ = dataSource.hierarchyView(view, uuidForChildItemAt: page * 1_000, with: "R")
            await dataSource.waitUntilIdle()
        }
        #expect(dataSource.node(for: "R/0") == nil)
        let cell = dataSource.hierarchyView(view, cellForItemWith: "R/0")
        #expect(cell.title.text == "Loading…")
        await dataSource.waitUntilIdle()
        #expect(dataSource.node(for: "R/0")?.title == "Item R/0")
    }

    @Test func cancelLoadsEndsEveryLoadAndDropsTheAnswers() async throws {
        let gate = SourceGate()
        let source = GatedSource(gate: gate)
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 12)))
        let dataSource = HierarchySourceDataSource(source: source, pageSize: 10)
        dataSource.attach(to: view)
        try await dataSource.load()
        view.layoutIfNeeded()
        #expect(dataSource.activeLoads >= 1)  // the root's children (and parent), waiting on the gate
        dataSource.cancelLoads()
        #expect(dataSource.activeLoads == 0)
        await dataSource.waitUntilIdle()  // returns at once
        gate.open()
        #expect(view.itemCount(ofColumn: 1) == 0)
    }
}

/// A gate the source waits on (ignoring cancellation) until the test opens it.
final class SourceGate: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            if isOpen {
                lock.unlock()
                continuation.resume()
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }

    func open() {
        lock.lock()
        isOpen = true
        let resumed = waiters
        waiters.removeAll()
        lock.unlock()
        for waiter in resumed { waiter.resume() }
    }
}

/// A root with three children whose count only comes when the gate opens.
struct GatedSource: HierarchySource {
    let gate: SourceGate
    var displayName: String { "gated" }
    func root() async throws -> HierarchyNode? { HierarchyNode(id: "R", title: "Root", isContainer: true) }
    func node(withID id: String) async throws -> HierarchyNode? { HierarchyNode(id: id, title: id) }
    func parent(ofID id: String) async throws -> HierarchyNode? { nil }
    func childCount(ofID id: String) async throws -> Int {
        await gate.wait()
        return 3
    }
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        range.clamped(to: 0..<3).map { HierarchyNode(id: "\(id)/\($0)", title: "\($0)") }
    }
}

/// A root of 100 children whose second page cannot be read.
struct FailingPageSource: HierarchySource {
    struct Failure: Error {}
    var displayName: String { "failing" }
    func root() async throws -> HierarchyNode? { HierarchyNode(id: "R", title: "Root", childCount: 100) }
    func node(withID id: String) async throws -> HierarchyNode? { HierarchyNode(id: id, title: id) }
    func parent(ofID id: String) async throws -> HierarchyNode? { nil }
    func childCount(ofID id: String) async throws -> Int { id == "R" ? 100 : 0 }
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        guard range.lowerBound < 10 else { throw Failure() }
        return range.clamped(to: 0..<100).map { HierarchyNode(id: "\(id)/\($0)", title: "Item \($0)") }
    }
}

@MainActor
@Suite struct HierarchyItemStateTests {
    @Test func rowsAreLoadingThenLoadedOrFailedInTheSnapshot() async throws {
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 12)))
        let dataSource = HierarchySourceDataSource(source: FailingPageSource(), pageSize: 10)
        dataSource.attach(to: view)
        var errors: [String] = []
        dataSource.errorHandler = { errors.append($0.description) }
        try await dataSource.load()
        await dataSource.settle()
        let first = view.snapshot().columns[1].items
        #expect(first.first?.state == .loaded)
        #expect(first.first?.cell.title.text == "Item 0")

        view.send(.focusRow(15, inColumn: 1))
        let loading = try #require(view.snapshot().columns[1].items.first { $0.row == 15 })
        #expect(loading.state == .loading)
        #expect(loading.uuid.isEmpty)
        #expect(loading.cell.title.text == "Loading…")

        await dataSource.settle()
        let failed = try #require(view.snapshot().columns[1].items.first { $0.row == 15 })
        #expect(failed.state == .failed("cannot read this row"))
        #expect(failed.uuid.isEmpty)
        #expect(failed.cell.title.text == "⚠ Cannot read this row")
        #expect(errors.count == 1)
    }
}
