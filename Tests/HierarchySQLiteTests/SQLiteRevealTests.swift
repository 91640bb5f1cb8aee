import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchySources
import Synchronization
import Testing

@testable import HierarchySQLite

/// A source that counts the children it is asked for.
final class CountingSource: HierarchySource {
    let base: SQLiteSource
    let childrenRead = Mutex(0)
    let childCalls = Mutex(0)

    init(_ base: SQLiteSource) { self.base = base }

    var displayName: String { base.displayName }
    func root() async throws -> HierarchyNode? { try await base.root() }
    func node(withID id: String) async throws -> HierarchyNode? { try await base.node(withID: id) }
    func parent(ofID id: String) async throws -> HierarchyNode? { try await base.parent(ofID: id) }
    func childCount(ofID id: String) async throws -> Int { try await base.childCount(ofID: id) }
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        let nodes = try await base.children(ofID: id, in: range)
        childrenRead.withLock { $0 += nodes.count }
        childCalls.withLock { $0 += 1 }
        return nodes
    }
    func path(toID id: String) async throws -> [HierarchyNode] { try await base.path(toID: id) }
    func index(ofChildID childID: String, inParentID parentID: String) async throws -> Int? {
        try await base.index(ofChildID: childID, inParentID: parentID)
    }
    func search(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        try await base.search(query, in: range)
    }
}

@MainActor
@Suite(.serialized) struct SQLiteRevealTests {
    @Test func revealingTheLastOf100000ChildrenReadsAFewPages() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("wide.db")
        try await SQLiteImporter(destination: file).generate(SyntheticHierarchy(nodes: 100_001, levels: 2))
        let source = CountingSource(try SQLiteSource(path: file.path))
        let root = try #require(try await source.root())
        #expect(try await source.childCount(ofID: root.id) == 100_000)
        let last = try #require(try await source.children(ofID: root.id, in: 99_999..<100_000).first)

        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 12)))
        let dataSource = HierarchySourceDataSource(source: source, pageSize: 200)
        dataSource.attach(to: view)
        try await dataSource.load()
        await dataSource.settle()
        let before = (source.childrenRead.withLock { $0 }, source.childCalls.withLock { $0 })

        let plan = try await dataSource.reveal(id: last.id)
        await dataSource.settle()
        #expect(plan.levels.map(\.childIndex) == [99_999])
        #expect(view.focusedUUID == last.id)
        #expect(view.expandedPath.first == root.id)
        #expect(view.itemCount(ofColumn: 1) == 100_000)
        let read = source.childrenRead.withLock { $0 } - before.0
        let calls = source.childCalls.withLock { $0 } - before.1
        #expect(read <= 3 * 200)
        #expect(calls <= 4)
        #expect(view.recentErrors.isEmpty)
    }

    @Test func aSearchResultIsRevealedWithItsPath() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("deep.db")
        try await SQLiteImporter(destination: file).generate(SyntheticHierarchy(nodes: 5_000, levels: 5))
        let source = try SQLiteSource(path: file.path)
        let results = try await HierarchyListQuery(source: source).search("Pump", in: 0..<20)
        let deepest = try #require(results.max { $0.ancestors.count < $1.ancestors.count })
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 12)))
        let dataSource = HierarchySourceDataSource(source: source)
        dataSource.attach(to: view)
        try await dataSource.load()
        await dataSource.settle()
        try await dataSource.reveal(id: deepest.id)
        await dataSource.settle()
        #expect(view.focusedUUID == deepest.id)
        let titles = view.expandedPath.prefix(deepest.ancestors.count).map { dataSource.node(for: $0)?.title ?? "?" }
        #expect(titles == deepest.ancestors)
    }
}
