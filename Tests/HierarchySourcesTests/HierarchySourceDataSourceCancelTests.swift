import Foundation
import HierarchyKit
import HierarchyTestSupport
import Testing

@testable import HierarchyAdapters
@testable import HierarchySources

/// Page loads for rows scrolled away are cancelled; the rows are read again when they return.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct HierarchySourceDataSourceCancelTests {
    /// A view 60 lines high: 20 rows of 3 lines, so the window reaches past the first page.
    func makeView(_ source: any HierarchySource) async throws -> (HierarchyView, HierarchySourceDataSource) {
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 60)))
        let dataSource = HierarchySourceDataSource(source: source, pageSize: 10)
        dataSource.attach(to: view)
        try await dataSource.load()
        view.layoutIfNeeded()
        return (view, dataSource)
    }

    @Test func theViewReportsTheRowsOfEachWindow() async throws {
        let (view, dataSource) = try await makeView(DictionarySource(root: "R", [:], virtual: ["R": 1_000]))
        await dataSource.settle()
        let first = try #require(view.rowWindows["R"])
        #expect(first.lowerBound == 0)
        view.send(.focusRow(500, inColumn: 1))
        view.layoutIfNeeded()
        let moved = try #require(view.rowWindows["R"])
        #expect(moved.contains(500))
        #expect(!moved.overlaps(first))
    }

    @Test func scrollingAwayCancelsThePageLoadsAndComingBackReadsThemAgain() async throws {
        let source = HangingPageSource(count: 100_000)
        let (view, dataSource) = try await makeView(source)
        await dataSource.waitUntilIdle()  // the count and first page are answered
        view.layoutIfNeeded()
        // The rows past the first page wait in the source.
        #expect(await source.seen.until { $0.started.contains(10..<20) })
        #expect(dataSource.activeLoads >= 1)
        let waiting = dataSource.activeLoads

        // Jump far away: no window needs those pages any more.
        view.send(.focusRow(50_000, inColumn: 1))
        view.layoutIfNeeded()
        #expect(dataSource.cancelledPageLoads >= waiting)
        #expect(await source.seen.until { $0.cancelled.contains(10..<20) })
        #expect(view.rowWindows["R"].map { !$0.overlaps(10..<20) } == true)

        // Coming back asks for the rows again, and they arrive once the source answers.
        source.answerEverything()
        view.send(.focusRow(15, inColumn: 1))
        await dataSource.settle()
        #expect(source.started.filter { $0 == 10..<20 }.count == 2)
        #expect(view.cellForItem(with: "R/15")?.title.text == "Item 15")
        #expect(view.recentErrors.isEmpty)
    }
}

/// A root `R` with `count` children: the first page answers at once, every other page waits
/// until the reading task is cancelled or `answerEverything()` is called.
final class HangingPageSource: HierarchySource, @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    /// The pages asked for that wait, and those cancelled (tests wait on it).
    let seen = Observed<(started: [Range<Int>], cancelled: [Range<Int>])>(([], []))
    private var answering = false
    private var waiters: [Int: CheckedContinuation<Void, Error>] = [:]
    private var cancelledIDs: Set<Int> = []
    private var nextID = 0
    let count: Int

    init(count: Int) { self.count = count }

    var started: [Range<Int>] { seen.value.started }
    var cancelled: [Range<Int>] { seen.value.cancelled }
    var displayName: String { "hanging" }

    func answerEverything() {
        let resumed = lock.withLock {
            answering = true
            defer { waiters.removeAll() }
            return Array(waiters.values)
        }
        for waiter in resumed { waiter.resume() }
    }

    func root() async throws -> HierarchyNode? { HierarchyNode(id: "R", title: "Root", childCount: count) }
    func node(withID id: String) async throws -> HierarchyNode? { HierarchyNode(id: id, title: id) }
    func parent(ofID id: String) async throws -> HierarchyNode? { nil }
    func childCount(ofID id: String) async throws -> Int { id == "R" ? count : 0 }

    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        if range.lowerBound > 0 { try await hang(range) }
        return range.clamped(to: 0..<(id == "R" ? count : 0)).map {
            HierarchyNode(id: "\(id)/\($0)", title: "Item \($0)", childCount: 0)
        }
    }

    private func hang(_ range: Range<Int>) async throws {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        seen.withLock { $0.started.append(range) }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                let resumeNow: Result<Void, Error>? = lock.withLock {
                    if answering { return .success(()) }
                    if cancelledIDs.contains(id) { return .failure(CancellationError()) }
                    waiters[id] = continuation
                    return nil
                }
                if let resumeNow { continuation.resume(with: resumeNow) }
            }
        } onCancel: {
            let waiter = lock.withLock {
                cancelledIDs.insert(id)
                return waiters.removeValue(forKey: id)
            }
            seen.withLock { $0.cancelled.append(range) }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
