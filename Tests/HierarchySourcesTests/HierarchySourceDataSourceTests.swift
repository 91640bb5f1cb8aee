import Foundation
import HierarchyKit
import HierarchyTestSupport
import Testing

@testable import HierarchyAdapters
@testable import HierarchySources

/// A source over a dictionary tree, with one virtual parent of many children; counts the
/// children it reads.
final class DictionarySource: HierarchySource, @unchecked Sendable {
    // Guarded by `lock`: the counters the tests read.
    private let lock = NSLock()
    private var _childrenRead = 0
    let tree: [String: [String]]
    let virtualCount: [String: Int]
    let rootID: String

    init(root: String, _ tree: [String: [String]], virtual: [String: Int] = [:]) {
        rootID = root
        self.tree = tree
        virtualCount = virtual
    }

    var childrenRead: Int { lock.withLock { _childrenRead } }
    var displayName: String { "test" }

    func makeNode(_ id: String) -> HierarchyNode {
        let count = virtualCount[id] ?? tree[id]?.count ?? 0
        return HierarchyNode(id: id, title: "Item \(id)", subtitle: "Kind", childCount: count)
    }

    func parentID(of id: String) -> String? {
        if let slash = id.lastIndex(of: "/"), virtualCount[String(id[..<slash])] != nil { return String(id[..<slash]) }
        return tree.first { $0.value.contains(id) }?.key
    }

    func root() async throws -> HierarchyNode? { makeNode(rootID) }
    func node(withID id: String) async throws -> HierarchyNode? { makeNode(id) }
    func parent(ofID id: String) async throws -> HierarchyNode? { parentID(of: id).map(makeNode) }
    func childCount(ofID id: String) async throws -> Int { virtualCount[id] ?? tree[id]?.count ?? 0 }

    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        let ids: [String]
        if let n = virtualCount[id] {
            ids = range.clamped(to: 0..<n).map { "\(id)/\($0)" }
        } else {
            let all = tree[id] ?? []
            ids = Array(all[range.clamped(to: 0..<all.count)])
        }
        lock.withLock { _childrenRead += ids.count }
        return ids.map(makeNode)
    }
}

@MainActor
@Suite struct HierarchySourceDataSourceTests {
    func makeView(_ source: DictionarySource, start: String? = nil, width: Double = 90) async throws -> (
        HierarchyView, HierarchySourceDataSource
    ) {
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: width, height: 12)))
        let dataSource = HierarchySourceDataSource(source: source, pageSize: 10)
        dataSource.attach(to: view)
        try await dataSource.load(startingAt: start)
        await dataSource.settle()
        return (view, dataSource)
    }

    @Test func childrenArriveAsynchronouslyWithTheirContent() async throws {
        let source = DictionarySource(root: "R", ["R": ["a", "b"], "a": ["a1"]])
        let (view, dataSource) = try await makeView(source)
        #expect(view.visibleItemUUIDs == [["R"], ["a", "b"]])
        let cell = try #require(view.cellForItem(with: "a"))
        #expect(cell.title.text == "Item a")
        #expect(cell.hierarchyAttributeText == "1")
        #expect(view.cellForItem(with: "b")?.isHierarchyButtonHidden == true)
        view.send(.expandItem(with: "a"))
        await dataSource.settle()
        #expect(view.visibleItemUUIDs.last == ["a1"])
        #expect(view.recentErrors.isEmpty)
    }

    @Test func aMillionChildrenReadOnlyThePagesShown() async throws {
        let source = DictionarySource(root: "R", [:], virtual: ["R": 1_000_000])
        let (view, dataSource) = try await makeView(source)
        #expect(view.visibleItemUUIDs[1] == ["R/0", "R/1", "R/2", "R/3"])
        #expect(source.childrenRead <= 20)
        view.send(.focusRow(500_000, inColumn: 1))
        await dataSource.settle()
        #expect(view.visibleItemUUIDs[1].contains("R/500000"))
        #expect(view.cellForItem(with: "R/500000")?.title.text == "Item R/500000")
        #expect(source.childrenRead <= 60)
    }

    @Test func startingDeepLoadsParentsAsTheUserGoesBack() async throws {
        let source = DictionarySource(root: "R", ["R": ["a", "b", "c"], "c": ["c1", "c2"], "c2": ["x"]])
        let (view, dataSource) = try await makeView(source, start: "c2", width: 60)
        #expect(view.visibleItemUUIDs == [["c1", "c2"], ["x"]])
        view.send(.showPreviousLevel)
        await dataSource.settle()
        #expect(view.visibleItemUUIDs == [["a", "b", "c"], ["c1", "c2"]])
        #expect(view.snapshot().columns[0].items[2].isExpanded)
        view.send(.showPreviousLevel)
        await dataSource.settle()
        #expect(view.visibleItemUUIDs == [["R"], ["a", "b", "c"]])
        #expect(!view.canShowPreviousLevel)
        #expect(view.recentErrors.isEmpty)
    }
}
