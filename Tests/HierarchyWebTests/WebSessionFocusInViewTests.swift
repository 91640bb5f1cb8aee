import HierarchyKit
import HierarchySources
import Testing
@testable import HierarchyWeb

/// The generated source with a footnote on every item: loaded rows are taller (79 px) than the
/// "Loading…" rows laid out before their page arrives (64 px), as in a store.
struct TallSource: HierarchySource {
    var base: GeneratedSource

    var displayName: String { base.displayName }

    func tall(_ node: HierarchyNode) -> HierarchyNode {
        var node = node
        node.footnote = "Footnote of \(node.id)"
        return node
    }

    func root() async throws -> HierarchyNode? { try await base.root().map(tall) }
    func node(withID id: String) async throws -> HierarchyNode? { try await base.node(withID: id).map(tall) }
    func parent(ofID id: String) async throws -> HierarchyNode? { try await base.parent(ofID: id).map(tall) }
    func childCount(ofID id: String) async throws -> Int { try await base.childCount(ofID: id) }
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        try await base.children(ofID: id, in: range).map(tall)
    }
    func changes() -> AsyncStream<HierarchySourceChange> { base.changes() }
}

@Suite("WebSession keeps the focused row in view")
@MainActor
struct WebSessionFocusInViewTests {
    func makeSession(rows: Int) async throws -> WebSession {
        let clock = ManualClock()
        let session = WebSession(
            id: "s", source: TallSource(base: GeneratedSource(rootChildren: rows, fanout: 1, depth: 1)),
            size: Size(width: 1200, height: 617), rightToLeft: false, now: { clock.now() })
        try await session.start(at: nil)
        await session.dataSource!.settle()
        return session
    }

    /// The focused row's frame and its column's, from a settled snapshot.
    func focusedRow(_ session: WebSession) async -> (row: Int, inside: Bool)? {
        await session.dataSource!.settle()
        let snapshot = session.view.snapshot()
        guard let focus = session.view.focusedPosition,
              let inside = WebSession.focusIsInView(snapshot, focus: focus) else { return nil }
        return (focus.row, inside)
    }

    @Test("End, then the last page arrives: the last row is shown whole", arguments: [1_000, 1_000_000, 10_000_000])
    func endStaysInView(rows: Int) async throws {
        let session = try await makeSession(rows: rows)
        _ = try await session.apply(.key("ArrowRight", shift: false))
        _ = try await session.apply(.key("End", shift: false))
        await session.dataSource!.settle()
        let snapshot = session.snapshot(sourceName: "t")
        let column = try #require(snapshot.columns.first { $0.parent == "r" })
        let last = try #require(column.items.first { $0.row == rows - 1 }, "the last row is on screen")
        #expect(last.focused)
        #expect(last.y >= column.offsetY - 0.5 && last.y + last.height <= column.offsetY + column.height + 0.5)
        #expect(await focusedRow(session)?.inside == true)
    }

    @Test("a scroll after the key lets the focused row go out of view")
    func scrollWins() async throws {
        let session = try await makeSession(rows: 10_000)
        _ = try await session.apply(.key("ArrowRight", shift: false))
        _ = try await session.apply(.key("End", shift: false))
        await session.dataSource!.settle()
        _ = session.snapshot(sourceName: "t")
        _ = try await session.apply(.scroll(column: 1, offset: 0))
        await session.dataSource!.settle()
        let snapshot = session.snapshot(sourceName: "t")
        #expect(snapshot.columns.first { $0.index == 1 }?.offsetY == 0)
        #expect(await focusedRow(session)?.inside == false)
    }
}
