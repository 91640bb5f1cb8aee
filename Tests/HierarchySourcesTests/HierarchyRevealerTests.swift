import Foundation
import HierarchyKit
import HierarchyTestSupport
import Testing

@testable import HierarchySources

@Suite struct HierarchyRevealerTests {
    @Test func plansEveryLevelFromTheTopWithoutAnAnchor() async throws {
        let source = DictionarySource(root: "R", ["R": ["a", "b", "c"], "c": ["c1", "c2"], "c2": ["x"]])
        let plan = try await HierarchyRevealer(source: source, pageSize: 2).plan(for: "x")
        #expect(plan.path.map(\.id) == ["R", "c", "c2", "x"])
        #expect(plan.anchorIndex == 0)
        #expect(plan.levels.map(\.parent.id) == ["R", "c", "c2"])
        #expect(plan.levels.map(\.childIndex) == [2, 1, 0])
        #expect(plan.levels.map(\.childCount) == [3, 2, 1])
        // Pages of two: "c" is the first item of the second page of R's children.
        #expect(plan.levels[0].pageStart == 2)
        #expect(plan.levels[0].page.map(\.id) == ["c"])
        #expect(plan.target?.id == "x")
    }

    @Test func startsAtAnAnchorOnThePathAndIgnoresOneOffIt() async throws {
        let source = DictionarySource(root: "R", ["R": ["a", "b", "c"], "c": ["c1", "c2"], "c2": ["x"]])
        let revealer = HierarchyRevealer(source: source, pageSize: 10)
        let inside = try await revealer.plan(for: "x", from: "c")
        #expect(inside.anchorIndex == 1)
        #expect(inside.levels.map(\.parent.id) == ["c", "c2"])
        let outside = try await revealer.plan(for: "x", from: "a")
        #expect(outside.anchorIndex == 0)
        #expect(outside.levels.count == 3)
    }

    @Test(arguments: [1, 2, 10_000])
    func theLastOfManyChildrenWithoutAnIndexIsFoundByAScan(count: Int) async throws {
        let source = DictionarySource(root: "R", [:], virtual: ["R": count])
        let last = "R/\(count - 1)"
        let plan = try await HierarchyRevealer(source: source, pageSize: 100).plan(for: last)
        #expect(plan.levels.count == 1)
        #expect(plan.levels[0].childIndex == count - 1)
        #expect(plan.levels[0].page.last?.id == last)
        #expect(plan.levels[0].page.count <= 100)
    }

    @Test func aScanStopsAtItsLimit() async throws {
        let source = DictionarySource(root: "R", [:], virtual: ["R": 5000])
        var revealer = HierarchyRevealer(source: source, pageSize: 100, scanLimit: 1000)
        revealer.scanPageSize = 250
        await #expect(throws: HierarchySourceError.self) { try await revealer.plan(for: "R/4999") }
        #expect(source.childrenRead <= 1000)
    }

    @Test func anUnknownItemIsNotFound() async throws {
        let source = try SharedSample.source()
        let error = await #expect(throws: HierarchySourceError.self) {
            try await HierarchyRevealer(source: source).plan(for: "no such item")
        }
        #expect(error?.code == .notFound)
    }

    @Test func theTopItemHasNoLevels() async throws {
        let source = try SharedSample.source()
        let root = try #require(try await source.root())
        let plan = try await HierarchyRevealer(source: source).plan(for: root.id)
        #expect(plan.path.map(\.id) == [root.id])
        #expect(plan.levels.isEmpty)
    }
}
