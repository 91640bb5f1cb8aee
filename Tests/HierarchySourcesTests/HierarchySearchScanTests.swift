import Testing

@testable import HierarchySources

@Suite struct HierarchySearchScanTests {
    @Test func scansBreadthFirstWithinTheRange() async throws {
        let source = try InMemorySource(
            root: .init(
                HierarchyNode(id: "r", title: "Plant"),
                children: [
                    .init(
                        HierarchyNode(id: "a", title: "Pumps", subtitle: "Area"),
                        children: [
                            .init(HierarchyNode(id: "p1", title: "P-101", subtitle: "Centrifugal pump")),
                            .init(HierarchyNode(id: "p2", title: "P-102", footnote: "Pumpenhaus")),
                        ]),
                    .init(HierarchyNode(id: "b", title: "Café pump")),
                ]))
        let scan = HierarchySearchScan(source: source)
        #expect(try await scan.matches("pump", in: 0..<10).map(\.id) == ["a", "b", "p1", "p2"])
        #expect(try await scan.matches("PUMP", in: 1..<3).map(\.id) == ["b", "p1"])
        #expect(try await scan.matches("cafe", in: 0..<10).map(\.id) == ["b"])
        #expect(try await scan.matches("  ", in: 0..<10).isEmpty)
        #expect(try await scan.matches("pump", in: 10..<20).isEmpty)
        #expect(try await scan.matches("nothing", in: 0..<10).isEmpty)
    }
}
