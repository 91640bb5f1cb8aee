import Foundation
import HierarchyKit
import HierarchyTestSupport
import Testing

@testable import HierarchyAdapters
@testable import HierarchySources

@MainActor
@Suite struct HierarchySourceDataSourceRevealTests {
    func makeView(
        _ source: any HierarchySource, start: String? = nil, pageSize: Int = 10,
        expandsFocused: Bool = false
    ) async throws -> (HierarchyView, HierarchySourceDataSource) {
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 12)))
        view.expandsFocusedItem = expandsFocused
        let dataSource = HierarchySourceDataSource(source: source, pageSize: pageSize)
        dataSource.attach(to: view)
        try await dataSource.load(startingAt: start)
        await dataSource.settle()
        return (view, dataSource)
    }

    /// The deepest item of the sample: the last one of a breadth-first walk.
    func deepestSampleItem(_ source: InMemorySource) async throws -> HierarchyNode {
        var level = [try #require(try await source.root())]
        var last = level[0]
        while !level.isEmpty {
            var next: [HierarchyNode] = []
            for node in level {
                next += try await source.children(ofID: node.id, in: 0..<Int.max)
            }
            if let deepest = next.last { last = deepest }
            level = next
        }
        return last
    }

    @Test(arguments: [false, true])
    func revealsADeepSampleItem(expandsFocused: Bool) async throws {
        let source = try SharedSample.source()
        let target = try await deepestSampleItem(source)
        let (view, dataSource) = try await makeView(source, expandsFocused: expandsFocused)
        let plan = try await dataSource.reveal(id: target.id)
        await dataSource.settle()
        let path = try await source.path(toID: target.id).map(\.id)
        #expect(plan.path.map(\.id) == path)
        #expect(Array(view.expandedPath.prefix(path.count - 1)) == Array(path.dropLast()))
        #expect(view.focusedUUID == target.id)
        #expect(
            view.visibleItemUUIDs.last?.contains(target.id) == true
                || view.visibleItemUUIDs.contains { $0.contains(target.id) })
        #expect(view.recentErrors.isEmpty)
    }

    @Test func revealsTheLastOfAMillionChildrenWithAFewPages() async throws {
        let source = DictionarySource(root: "R", [:], virtual: ["R": 1_000_000])
        let (view, dataSource) = try await makeView(source)
        let before = source.childrenRead
        // No index: the scan limit stops the search for a child at 100,000; ask one inside it.
        try await dataSource.reveal(id: "R/99999")
        await dataSource.settle()
        #expect(view.focusedUUID == "R/99999")
        #expect(view.expandedPath == ["R"])
        #expect(view.visibleItemUUIDs[1].contains("R/99999"))
        #expect(source.childrenRead - before <= 100_000 + 40)
    }

    @Test(arguments: [nil, "c2"] as [String?])
    func revealsInsideTheStartKeepingTheTop(start: String?) async throws {
        let source = DictionarySource(
            root: "R", ["R": ["a", "b", "c"], "c": ["c1", "c2"], "c2": ["x", "y"], "y": ["y1"]])
        let (view, dataSource) = try await makeView(source, start: start)
        let top = view.expandedPath.first
        let plan = try await dataSource.reveal(id: "y1")
        await dataSource.settle()
        // The view keeps its top item (the start, or the parents it attached above it).
        #expect(plan.path[plan.anchorIndex].id == top)
        #expect(view.expandedPath.first == top)
        #expect(view.expandedPath.contains("y"))
        #expect(view.focusedUUID == "y1")
    }

    @Test func startingDeepRevealsOutsideTheStartFromTheTop() async throws {
        let source = DictionarySource(
            root: "R", ["R": ["a", "b", "c"], "a": ["a1", "a2"], "c": ["c1", "c2"], "c2": ["x"]])
        let (view, dataSource) = try await makeView(source, start: "c2")
        try await dataSource.reveal(id: "a2")
        await dataSource.settle()
        #expect(view.expandedPath.prefix(2) == ["R", "a"])
        #expect(view.focusedUUID == "a2")
        #expect(view.recentErrors.isEmpty)
        // Going back from there works as usual.
        view.send(.focusPreviousLevel)
        await dataSource.settle()
        #expect(view.focusedUUID == "a")
    }

    @Test func revealingTwiceMovesFromOneItemToAnother() async throws {
        let source = DictionarySource(root: "R", ["R": ["a", "b"], "a": ["a1"], "b": ["b1", "b2"]])
        let (view, dataSource) = try await makeView(source)
        try await dataSource.reveal(id: "a1")
        try await dataSource.reveal(id: "b2")
        await dataSource.settle()
        #expect(view.expandedPath.prefix(2) == ["R", "b"])
        #expect(view.focusedUUID == "b2")
        #expect(view.itemCount(ofColumn: 2) == 2)
    }

    @Test func anUnknownItemLeavesTheViewAlone() async throws {
        let source = try SharedSample.source()
        let (view, dataSource) = try await makeView(source)
        let before = (view.expandedPath, view.focusedUUID)
        await #expect(throws: HierarchySourceError.self) { try await dataSource.reveal(id: "missing") }
        #expect(view.expandedPath == before.0)
        #expect(view.focusedUUID == before.1)
    }
}
