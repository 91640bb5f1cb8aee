import HierarchyKit
import HierarchySources
import Synchronization
import Testing

@testable import HierarchyWeb

/// The generated source whose pages past the first wait until the gate opens, so their rows
/// stay "Loading…" on the page meanwhile.
final class GatedSource: GeneratedSourceWrapper {
    let base: GeneratedSource
    private let waiting = Mutex<(open: Bool, continuations: [CheckedContinuation<Void, Never>])>((false, []))

    init(base: GeneratedSource) { self.base = base }

    /// Lets every waiting and later page through.
    func open() {
        let continuations = waiting.withLock { state in
            state.open = true
            defer { state.continuations = [] }
            return state.continuations
        }
        for continuation in continuations { continuation.resume() }
    }

    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        if range.lowerBound > 0 {
            await withCheckedContinuation { continuation in
                let go = waiting.withLock { state in
                    if !state.open { state.continuations.append(continuation) }
                    return state.open
                }
                if go { continuation.resume() }
            }
        }
        return try await base.children(ofID: id, in: range)
    }
}

@Suite("WebSession: rows still loading")
@MainActor
struct WebSessionPendingRowTests {
    @Test("a tap on a row still loading focuses it; a key naming no such row is refused")
    func tapOnALoadingRow() async throws {
        let source = GatedSource(base: GeneratedSource(rootChildren: 100_000, fanout: 1, depth: 1))
        defer { source.open() }
        let clock = ManualClock()
        let session = WebSession(
            id: "s", source: source, size: Size(width: 1200, height: 617), rightToLeft: false,
            now: { clock.now() })
        try await session.start(at: nil)
        await session.dataSource!.settle()
        _ = try await session.apply(.key("ArrowRight", shift: false))
        await session.dataSource!.settle()
        _ = try await session.apply(.key("End", shift: false))
        let snapshot = session.snapshot(sourceName: "t")
        let column = try #require(snapshot.columns.first { $0.parent == "r" })
        let pending = column.items.filter(\.placeholder)
        #expect(pending.count >= 2, "rows near the end are still loading")
        let target = try #require(pending.first { !$0.focused })
        #expect(WebSnapshot.pendingRow(fromKey: target.uuid)?.row == target.row)
        _ = try await session.apply(.tapItem(uuid: target.uuid))
        #expect(session.view.focusedPosition?.row == target.row)
        #expect(session.view.focusedPosition?.column == column.index)
        await #expect(throws: WebError.self) {
            _ = try await session.apply(.tapItem(uuid: WebSnapshot.pendingRowKey(column: column.index, row: 0)))
        }
        // When the pages come, the focused row is the item of that row.
        source.open()
        await session.dataSource!.settle()
        #expect(session.view.focusedPosition?.row == target.row)
        #expect(session.view.focusedUUID != nil)
    }
}
