import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

@Suite struct SampleHierarchyTests {
    @Test func sampleLoadsWithFiveLevels() async throws {
        let source = try SampleHierarchy.load()
        #expect(source.staticCount >= 2_000)
        let root = try #require(try await source.root())
        #expect(root.id == "DE01")
        #expect(root.subtitle == "Site")
        var maxDepth = 0
        var widest = 0
        var leaves = 0
        var statuses: Set<String> = []
        var level: [String] = [root.id]
        while !level.isEmpty {
            maxDepth += 1
            var next: [String] = []
            for id in level {
                let count = try await source.childCount(ofID: id)
                widest = max(widest, count)
                if count == 0 { leaves += 1 }
                let children = try await source.children(ofID: id, in: 0..<count)
                for child in children {
                    #expect(child.id.hasPrefix(id + "-"))
                    if let status = child.status { statuses.insert(status) }
                }
                next += children.map(\.id)
            }
            level = next
        }
        #expect(maxDepth == 5)
        #expect(widest >= 200)
        #expect(leaves > source.staticCount / 3)
        #expect(statuses.isSuperset(of: ["Operational", "Maintenance due", "Out of service"]))
        let pump = try #require(try await source.search("Centrifugal pump", in: 0..<1).first)
        #expect(pump.footnote?.isEmpty == false)
        #expect(try await source.path(toID: pump.id).count == 4)
    }
}
