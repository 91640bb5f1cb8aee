import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchySources

@Suite struct HierarchyListQueryTests {
    @Test func walksBreadthFirstWithAncestors() async throws {
        let source = DictionarySource(root: "R", ["R": ["a", "b"], "a": ["a1", "a2"], "b": ["b1"], "a1": ["x"]])
        let query = HierarchyListQuery(source: source, pageSize: 1)
        let all = try await query.items(in: 0..<100)
        #expect(all.map(\.id) == ["R", "a", "b", "a1", "a2", "b1", "x"])
        #expect(all.first?.ancestors == [])
        #expect(all.last?.ancestorPath == "Item R › Item a › Item a1")
    }

    @Test(arguments: [0, 1, 7, 50])
    func pagesContinueTheWalkAndAgreeWithOneRead(pageSize: Int) async throws {
        let source = DictionarySource(root: "R", ["R": (0..<30).map { "n\($0)" }, "n3": (0..<20).map { "m\($0)" }])
        let whole = try await HierarchyListQuery(source: source).items(in: 0..<1000).map(\.id)
        #expect(whole.count == 51)
        let query = HierarchyListQuery(source: source, pageSize: 4)
        var paged: [String] = []
        var start = 0
        let step = max(1, pageSize)
        while true {
            let page = try await query.items(in: start..<start + step)
            paged += page.map(\.id)
            if page.count < step { break }
            start += step
        }
        #expect(paged == whole)
    }

    @Test func theFirstPageOfAHugeParentReadsOnePage() async throws {
        let source = DictionarySource(root: "R", [:], virtual: ["R": 10_000_000])
        let query = HierarchyListQuery(source: source, pageSize: 100)
        let page = try await query.items(in: 0..<50)
        #expect(page.count == 50)
        #expect(source.childrenRead == 100)
        #expect(await query.walkedCount == 101)
    }

    @Test func overlappingPagesWalkOnce() async throws {
        let source = DictionarySource(root: "R", ["R": (0..<100).map { "n\($0)" }])
        let query = HierarchyListQuery(source: source, pageSize: 10)
        async let first = query.items(in: 0..<30)
        async let second = query.items(in: 30..<60)
        let (a, b) = try await (first, second)
        #expect(a.map(\.id) + b.map(\.id) == ["R"] + (0..<59).map { "n\($0)" })
        #expect(source.childrenRead == 60)
    }

    @Test func searchResultsCarryTheirPath() async throws {
        let source = try SharedSample.source()
        let results = try await HierarchyListQuery(source: source).search("Compressed air", in: 0..<10)
        let first = try #require(results.first)
        #expect(first.node.title == "Compressed air")
        #expect(first.ancestorPath == "Hamburg Plant › Utilities")
        #expect(try await HierarchyListQuery(source: source).search("zzz-nothing", in: 0..<10).isEmpty)
    }

    @Test func anEmptyHierarchyHasNoItems() async throws {
        let source = try InMemorySource(root: nil)
        #expect(try await HierarchyListQuery(source: source).items(in: 0..<10).isEmpty)
    }
}
