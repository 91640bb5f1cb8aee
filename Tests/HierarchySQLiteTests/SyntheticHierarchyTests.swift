import Foundation
import GRDB
import HierarchyTestSupport
import Testing

@testable import HierarchySQLite

@Suite("SyntheticHierarchy")
struct SyntheticHierarchyTests {
    @Test(
        "level sizes sum to the node count, one root, requested depth",
        arguments: [
            (1, 1), (1, 5), (2, 3), (10, 10), (1000, 4), (12_345, 7), (10_000_000, 8),
        ])
    func levelSizes(nodes: Int, levels: Int) async {
        let sizes = await offPool { SyntheticHierarchy(nodes: nodes, levels: levels).levelSizes }
        #expect(sizes.reduce(0, +) == nodes)
        #expect(sizes.first == 1)
        #expect(sizes.count == min(nodes, levels))
        #expect(sizes.allSatisfy { $0 >= 1 })
    }

    @Test("children are shared out exactly", arguments: [(0, 1), (1, 1), (5, 3), (1000, 7), (7, 1000)])
    func distribute(children: Int, parents: Int) {
        var random = SplitMix64(seed: 9)
        let counts = SyntheticHierarchy.distribute(children, among: parents, random: &random)
        #expect(counts.count == parents)
        #expect(counts.reduce(0) { $0 + Int($1) } == children)
    }

    @Test("serials are unique")
    func serials() {
        let serials = Set((0..<100_000).map { SyntheticHierarchy.serial(Int64($0)) })
        #expect(serials.count == 100_000)
        #expect(serials.allSatisfy { $0.count == 6 })
    }

    @Test("the same seed gives the same database; another seed another one")
    func reproducible() async throws {
        let directory = try TemporaryDirectory()
        var dumps: [[String]] = []
        for (name, seed) in [("a.db", UInt64(7)), ("b.db", 7), ("c.db", 8)] {
            let db = directory.file(name)
            let summary = try await SQLiteImporter(destination: db)
                .generate(SyntheticHierarchy(nodes: 2000, levels: 5, seed: seed))
            #expect(summary.items == 2000)
            let source = try SQLiteSource(path: db.path)
            dumps.append(try await dump(source, pageSize: 100))
            let depth = try await source.path(toID: "n1999").count
            #expect(depth == 5)
        }
        #expect(dumps[0].count == 2000)
        #expect(dumps[0] == dumps[1])
        #expect(dumps[0] != dumps[2])
    }
}
