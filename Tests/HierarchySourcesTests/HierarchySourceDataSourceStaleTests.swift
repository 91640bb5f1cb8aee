import Foundation
import HierarchyKit
import Synchronization
import Testing

@testable import HierarchyAdapters
@testable import HierarchySources

/// A root of 100 children titled with the version of the data the read saw; reads from row
/// 50 on wait on a gate.
final class VersionedSource: HierarchySource, Sendable {
    let gate = SourceGate()
    let version = Mutex(0)
    var displayName: String { "versioned" }
    func root() async throws -> HierarchyNode? { HierarchyNode(id: "R", title: "Root", childCount: 100) }
    func node(withID id: String) async throws -> HierarchyNode? { HierarchyNode(id: id, title: id) }
    func parent(ofID id: String) async throws -> HierarchyNode? { nil }
    func childCount(ofID id: String) async throws -> Int { id == "R" ? 100 : 0 }
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        let seen = version.withLock { $0 }
        if range.lowerBound >= 50 { await gate.wait() }
        return range.clamped(to: 0..<100).map { HierarchyNode(id: "\(id)/\($0)", title: "v\(seen) \($0)") }
    }
}

@MainActor
@Suite struct HierarchySourceDataSourceStaleTests {
    @Test func aPageReadBeforeTheChildrenChangedIsDropped() async throws {
        let source = VersionedSource()
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 12)))
        let dataSource = HierarchySourceDataSource(source: source, pageSize: 10)
        dataSource.attach(to: view)
        try await dataSource.load()
        await dataSource.settle()
        #expect(dataSource.hierarchyView(view, childAt: 55, with: "R") == .loading)
        #expect(dataSource.activeLoads == 1)  // page 5, waiting on the gate with version 0
        source.version.withLock { $0 = 1 }
        await dataSource.apply(.childrenChanged(parentID: "R"))
        // The stale read was cancelled: asking again starts a read of the new data (without
        // the cancel, the read in flight would answer for it, with version 0).
        #expect(dataSource.hierarchyView(view, childAt: 55, with: "R") == .loading)
        source.gate.open()
        await dataSource.waitUntilIdle()
        #expect(dataSource.hierarchyView(view, childAt: 55, with: "R") == .item("R/55"))
        #expect(dataSource.node(for: "R/55")?.title == "v1 55")
    }
}
