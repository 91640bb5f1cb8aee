import Testing

@testable import HierarchySources

@Suite struct TreePrinterTests {
    static func plant() throws -> InMemorySource {
        try InMemorySource(
            root: .init(
                id: "plant", title: "Plant",
                children: [
                    .init(
                        id: "a1", title: "Area 1",
                        children: [
                            .init(id: "p", title: "Pump", children: [.init(id: "s", title: "Seal")]),
                            .init(id: "v", title: "Valve"),
                        ]),
                    .init(id: "a2", title: "Area 2", children: [.init(id: "t", title: "Tank")]),
                ]))
    }

    @Test(arguments: [1, 2, 500])
    func printsTheWholeTree(pageSize: Int) async throws {
        let text = try await TreePrinter(pageSize: pageSize).string(try Self.plant())
        #expect(
            text == """
                Plant
                ├── Area 1
                │   ├── Pump
                │   │   └── Seal
                │   └── Valve
                └── Area 2
                    └── Tank

                """)
    }

    @Test func depthLimitsTheLevels() async throws {
        let source = try Self.plant()
        #expect(try await TreePrinter(depth: 0).string(source) == "Plant\n")
        #expect(try await TreePrinter(depth: 1).string(source) == "Plant\n├── Area 1\n└── Area 2\n")
        let two = try await TreePrinter(depth: 2).string(source)
        #expect(!two.contains("Seal"))
        #expect(two.contains("Valve"))
    }

    @Test func asciiAndEscaping() async throws {
        let printer = TreePrinter(depth: 2, ascii: true, escape: { $0.uppercased() })
        var output = ""
        try await printer.print(try Self.plant(), to: &output)
        #expect(
            output == """
                PLANT
                |-- AREA 1
                |   |-- PUMP
                |   `-- VALVE
                `-- AREA 2
                    `-- TANK

                """)
    }

    @Test func emptySourcePrintsNothing() async throws {
        #expect(try await TreePrinter().string(try InMemorySource(items: [])).isEmpty)
    }

    @Test func cyclesAreMarkedNotFollowed() async throws {
        let text = try await TreePrinter().string(CyclicSource())
        #expect(text == "A\n└── B\n    └── A (cycle)\n")
    }
}

/// A → B → A: a broken source whose child is its own ancestor.
private struct CyclicSource: HierarchySource {
    var displayName: String { "cyclic" }
    let a = HierarchyNode(id: "a", title: "A", childCount: 1)
    let b = HierarchyNode(id: "b", title: "B", childCount: 1)
    func root() async throws -> HierarchyNode? { a }
    func node(withID id: String) async throws -> HierarchyNode? { id == "a" ? a : b }
    func parent(ofID id: String) async throws -> HierarchyNode? { id == "a" ? b : a }
    func childCount(ofID id: String) async throws -> Int { 1 }
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        range.contains(0) ? [id == "a" ? b : a] : []
    }
}
