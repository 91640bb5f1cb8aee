import HierarchyKit
import HierarchySources
import Synchronization
import Testing

@testable import HierarchyWeb

/// The generated source with a footnote on every item: loaded rows are taller (79 px) than the
/// "Loading…" rows laid out before their page arrives (64 px), as in a store.
struct TallSource: GeneratedSourceWrapper {
    var base: GeneratedSource

    func tall(_ node: HierarchyNode) -> HierarchyNode {
        var node = node
        node.footnote = "Footnote of \(node.id)"
        return node
    }

    func root() async throws -> HierarchyNode? { try await base.root().map(tall) }
    func node(withID id: String) async throws -> HierarchyNode? { try await base.node(withID: id).map(tall) }
    func parent(ofID id: String) async throws -> HierarchyNode? { try await base.parent(ofID: id).map(tall) }
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        try await base.children(ofID: id, in: range).map(tall)
    }
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
            let inside = WebSession.focusIsInView(snapshot, focus: focus)
        else { return nil }
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

/// A root whose children the test inserts while a session shows them, announced as the
/// source's changes.
final class GrowingSource: HierarchySource {
    private let ids: Mutex<[String]>
    private let stream: AsyncStream<HierarchySourceChange>
    private let continuation: AsyncStream<HierarchySourceChange>.Continuation

    init(rows: Int) {
        ids = Mutex((0..<rows).map { "c\($0)" })
        (stream, continuation) = AsyncStream.makeStream()
    }

    var displayName: String { "growing" }

    func node(_ id: String) -> HierarchyNode {
        id == "r"
            ? HierarchyNode(id: "r", title: "Root", childCount: ids.withLock { $0.count }, isContainer: true)
            : HierarchyNode(id: id, title: "Item \(id)", subtitle: "a row")
    }

    /// Inserts `count` children at `index`, one change each.
    func insert(_ count: Int, at index: Int, named prefix: String) {
        for k in 0..<count {
            let id = "\(prefix)\(k)"
            ids.withLock { $0.insert(id, at: index + k) }
            continuation.yield(.inserted(id: id, parentID: "r", index: index + k))
        }
    }

    func root() async throws -> HierarchyNode? { node("r") }
    func node(withID id: String) async throws -> HierarchyNode? {
        id == "r" || ids.withLock({ $0.contains(id) }) ? node(id) : nil
    }
    func parent(ofID id: String) async throws -> HierarchyNode? { id == "r" ? nil : node("r") }
    func childCount(ofID id: String) async throws -> Int { id == "r" ? ids.withLock { $0.count } : 0 }
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        guard id == "r" else { return [] }
        return ids.withLock { ids in Array(ids[range.clamped(to: 0..<ids.count)]) }.map(node)
    }
    func changes() -> AsyncStream<HierarchySourceChange> { stream }
}

@Suite("WebSession keeps the focused row in view when rows arrive above it")
@MainActor
struct WebSessionFocusUnderChangesTests {
    @Test(
        "rows inserted above the focused row: it stays in view, and stays the focused item",
        arguments: ["End", "PageDown"])
    func insertedAbove(key: String) async throws {
        let source = GrowingSource(rows: 2_000)
        let session = WebSession(
            id: "s", source: source, size: Size(width: 1200, height: 617), rightToLeft: false,
            now: { ContinuousClock.now })
        try await session.start(at: nil)
        await session.dataSource!.settle()
        _ = try await session.apply(.key("ArrowRight", shift: false))
        _ = try await session.apply(.key(key, shift: false))
        await session.dataSource!.settle()
        _ = session.snapshot(sourceName: "t")
        let focused = try #require(session.view.focusedUUID)
        let version = session.version
        // One row at a time, each applied before the next is made (the adapter reads the
        // source again after a change, so the source must not run ahead of the changes).
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        for k in 0..<40 {
            source.insert(1, at: k, named: "new\(k)-")
            while session.snapshot(sourceName: "t").columns.first(where: { $0.parent == "r" })?.itemCount != 2_001 + k,
                ContinuousClock.now < deadline
            {
                await session.waitForChange(after: session.version, timeout: .milliseconds(200))
            }
            await session.dataSource!.settle()
        }
        #expect(session.version > version)
        await session.dataSource!.settle()
        let snapshot = session.snapshot(sourceName: "t")
        #expect(session.view.focusedUUID == focused)
        let column = try #require(snapshot.columns.first { $0.parent == "r" })
        let item = try #require(column.items.first { $0.uuid == focused }, "the focused item is on screen")
        #expect(item.y >= column.offsetY - 0.5 && item.y + item.height <= column.offsetY + column.height + 0.5)
    }
}
