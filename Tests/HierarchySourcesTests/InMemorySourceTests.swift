import Foundation
import Synchronization
import Testing

@testable import HierarchySources

@Suite struct InMemorySourceTests {
    /// Plant ─ Area 1 (Pump, Valve), Area 2 (Tank)
    static func plant() throws -> InMemorySource {
        try InMemorySource(
            root: .init(
                id: "plant", title: "Plant",
                children: [
                    .init(
                        id: "a1", title: "Area 1",
                        children: [.init(id: "p", title: "Pump"), .init(id: "v", title: "Valve")]),
                    .init(id: "a2", title: "Area 2", children: [.init(id: "t", title: "Tank")]),
                ]))
    }

    @Test func lookupsAnswerFromTheTree() async throws {
        let source = try Self.plant()
        let root = try #require(try await source.root())
        #expect(root.id == "plant")
        #expect(root.childCount == 2)
        #expect(root.isContainer)
        #expect(try await source.childCount(ofID: "a1") == 2)
        #expect(try await source.childCount(ofID: "p") == 0)
        #expect(try await source.node(withID: "p")?.isContainer == false)
        #expect(try await source.parent(ofID: "v")?.id == "a1")
        #expect(try await source.parent(ofID: "plant") == nil)
        #expect(try await source.path(toID: "t").map(\.id) == ["plant", "a2", "t"])
        #expect(try await source.path(toID: "nope").isEmpty)
        #expect(try await source.index(ofChildID: "v", inParentID: "a1") == 1)
        #expect(try await source.index(ofChildID: "v", inParentID: "a2") == nil)
        #expect(try await source.node(withID: "nope") == nil)
        await #expect(throws: HierarchySourceError.self) { try await source.childCount(ofID: "nope") }
        #expect(source.staticCount == 6)
    }

    @Test(arguments: [0, 1, 250])
    func childRangesAreClamped(count: Int) async throws {
        let children = (0..<count).map { InMemorySource.Item(id: "c\($0)", title: "Child \($0)") }
        let source = try InMemorySource(root: .init(id: "r", title: "Root", children: children))
        #expect(try await source.childCount(ofID: "r") == count)
        #expect(try await source.children(ofID: "r", in: 0..<10).map(\.id) == (0..<min(count, 10)).map { "c\($0)" })
        #expect(try await source.children(ofID: "r", in: count..<(count + 5)).isEmpty)
        #expect(try await source.children(ofID: "r", in: -3..<1).count == min(count, 1))
        if count > 0 {
            let last = "c\(count - 1)"
            #expect(try await source.index(ofChildID: last, inParentID: "r") == count - 1)
        }
    }

    @Test func emptyHierarchyHasNoRoot() async throws {
        let source = try InMemorySource(items: [])
        #expect(try await source.root() == nil)
        #expect(try await source.search("a", in: 0..<10).isEmpty)
    }

    @Test func severalItemsGetASyntheticRoot() async throws {
        let source = try InMemorySource(
            items: [.init(id: ".", title: "Dot"), .init(id: "b", title: "B")], displayName: "Menu")
        let root = try #require(try await source.root())
        #expect(root.id == "./")
        #expect(root.title == "Menu")
        #expect(try await source.children(ofID: root.id, in: 0..<5).map(\.id) == [".", "b"])
    }

    @Test func duplicateIDsAreRejected() throws {
        #expect {
            try InMemorySource(
                root: .init(
                    id: "r", title: "R",
                    children: [
                        .init(id: "x", title: "One"), .init(id: "x", title: "Two"),
                    ]))
        } throws: { ($0 as? HierarchySourceError)?.code == .duplicateID }
    }

    @Test func duplicateTitlesWithDistinctIDsAreFine() async throws {
        let source = try InMemorySource(
            root: .init(
                id: "r", title: "R",
                children: [
                    .init(id: "1", title: "Seal"), .init(id: "2", title: "Seal"),
                ]))
        #expect(try await source.children(ofID: "r", in: 0..<2).map(\.id) == ["1", "2"])
        #expect(try await source.index(ofChildID: "2", inParentID: "r") == 1)
    }

    @Test func deepTreesBuildWithoutRecursion() async throws {
        var item = InMemorySource.Item(id: "leaf", title: "Leaf")
        for level in (0..<2_000).reversed() { item = .init(id: "n\(level)", title: "N", children: [item]) }
        let source = try InMemorySource(root: item)
        #expect(try await source.path(toID: "leaf").count == 2_001)
    }

    @Test func dynamicChildrenAreLoadedOnceAndThenKnown() async throws {
        let calls = Mutex(0)
        let source = try InMemorySource(
            root: .init(id: "r", title: "R", children: [.init(id: "space", title: "Spacecraft", isDynamic: true)]),
            dynamicChildren: { node in
                calls.withLock { $0 += 1 }
                await Task.yield()
                return [
                    HierarchyNode(id: "\(node.id)/apollo", title: "Apollo"),
                    HierarchyNode(id: "\(node.id)/soyuz", title: "Soyuz", isContainer: true),
                ]
            })
        let before = try #require(try await source.node(withID: "space"))
        #expect(before.isContainer)
        #expect(before.childCount == nil)
        #expect(try await source.node(withID: "space/apollo") == nil)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 { group.addTask { try await source.childCount(ofID: "space") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 2, count: 20))
        #expect(calls.withLock { $0 } == 1)
        #expect(try await source.node(withID: "space")?.childCount == 2)
        #expect(try await source.node(withID: "space/apollo")?.title == "Apollo")
        #expect(try await source.parent(ofID: "space/apollo")?.id == "space")
        #expect(try await source.path(toID: "space/soyuz").map(\.id) == ["r", "space", "space/soyuz"])
        #expect(try await source.index(ofChildID: "space/soyuz", inParentID: "space") == 1)
        // A produced container is dynamic in turn.
        #expect(try await source.childCount(ofID: "space/soyuz") == 2)
        #expect(try await source.node(withID: "space/soyuz/apollo") != nil)
        #expect(calls.withLock { $0 } == 2)
        #expect(try await source.search("apollo", in: 0..<10).map(\.id) == ["space/apollo", "space/soyuz/apollo"])
    }

    @Test func dynamicFailuresAreNotCached() async throws {
        let attempts = Mutex(0)
        struct Offline: Error {}
        let source = try InMemorySource(
            root: .init(id: "d", title: "D", isDynamic: true),
            dynamicChildren: { _ in
                let attempt = attempts.withLock { value in
                    value += 1
                    return value
                }
                if attempt == 1 { throw Offline() }
                return [HierarchyNode(id: "x", title: "X")]
            })
        await #expect(throws: Offline.self) { try await source.childCount(ofID: "d") }
        #expect(try await source.childCount(ofID: "d") == 1)
    }

    @Test func dynamicChildrenMustNotReuseIDs() async throws {
        let source = try InMemorySource(
            root: .init(id: "d", title: "D", isDynamic: true),
            dynamicChildren: { _ in [HierarchyNode(id: "d", title: "Again")] })
        await #expect { try await source.childCount(ofID: "d") } throws: {
            ($0 as? HierarchySourceError)?.code == .duplicateID
        }
    }

    @Test func withoutAProviderDynamicItemsAreEmpty() async throws {
        let source = try InMemorySource(root: .init(id: "d", title: "D", isDynamic: true))
        #expect(try await source.childCount(ofID: "d") == 0)
    }

    @Test func inCodeArraysAndDictionaries() async throws {
        let items: [[String: Any]] = [
            ["name": "Planets", "type": "static", "children": [["name": "Mars"], ["name": "Venus"]]],
            ["name": "Spacecraft", "type": "dynamic"],
        ]
        let source = try InMemorySource(hierarchyItems: items, displayName: "Space")
        let root = try #require(try await source.root())
        #expect(root.title == "Space")
        let top = try await source.children(ofID: root.id, in: 0..<10)
        #expect(top.map(\.title) == ["Planets", "Spacecraft"])
        #expect(top.map(\.id) == ["#1", "#4"])
        #expect(top[0].subtitle == nil)
        #expect(top[0].attributes["type"] == "static")
        #expect(top[1].isContainer)
        #expect(try await source.children(ofID: "#1", in: 0..<5).map(\.id) == ["#2", "#3"])

        let single = try InMemorySource(dictionary: ["root": [["name": "Only", "id": 7]]])
        #expect(try await single.root()?.id == "7")
    }

    @Test func searchMatchesTheDefaultScan() async throws {
        let source = try Self.plant()
        for query in ["a", "area", "PUMP", "zzz", " tank "] {
            for range in [0..<1, 0..<10, 1..<3] {
                let own = try await source.search(query, in: range)
                let scan = try await HierarchySearchScan(source: source).matches(query, in: range)
                #expect(own == scan, "query \(query) range \(range)")
            }
        }
        #expect(try await source.search("area", in: 0..<10).map(\.id) == ["a1", "a2"])
    }
}
