import HierarchyTestSupport
import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

/// The compact tree's storage: one arena entry per node, shared names, the identifier table,
/// columns that grow in chunks.
@Suite struct InMemoryTreeTests {
    /// A record below `parent`, with a generated identifier unless `id` is given.
    static func record(
        _ key: Int64, parent: Int64?, id: String? = nil, title: String, subtitle: String? = nil,
        footnote: String? = nil, status: String? = nil, attributes: [ItemRecord.Attribute] = []
    ) -> ItemRecord {
        ItemRecord(
            key: key, parent: parent, position: 0, id: id ?? ItemRecord.generatedID(key: key), title: title,
            subtitle: subtitle, footnote: footnote, status: status, attributes: attributes)
    }

    @Test("every field survives the arena, byte for byte")
    func fieldsRoundTrip() throws {
        var tree = InMemoryTree()
        let long = String(repeating: "é", count: 300)
        try tree.place(Self.record(0, parent: nil, id: "root", title: "Root"))
        try tree.place(
            Self.record(
                1, parent: 0, id: "a\u{0}b", title: "t\u{0}x", subtitle: "", footnote: long, status: "ok",
                attributes: [.init("size", "3"), .init("", "empty name"), .init("kind", "")]))
        try tree.place(Self.record(2, parent: 0, title: "[12]", subtitle: "12"))
        try tree.place(Self.record(3, parent: 0, title: "[012]"))
        try tree.place(Self.record(4, parent: 0, title: "[]"))
        try tree.place(Self.record(5, parent: 0, title: "", attributes: [.init("size", "4")]))
        tree.setRoot(0)
        try tree.finish()

        let first = tree.node(at: 1)
        #expect(first.id == "a\u{0}b")
        #expect(first.title == "t\u{0}x")
        #expect(first.subtitle == "")
        #expect(first.footnote == long)
        #expect(first.status == "ok")
        #expect(first.attributes == ["size": "3", "": "empty name", "kind": ""])
        #expect(tree.node(at: 2).title == "[12]")
        #expect(tree.node(at: 2).subtitle == "12")
        #expect(tree.node(at: 3).title == "[012]")
        #expect(tree.node(at: 4).title == "[]")
        #expect(tree.node(at: 5).title == "")
        #expect(tree.node(at: 5).attributes == ["size": "4"])
        #expect(tree.node(at: 5).subtitle == nil)
        #expect(tree.index(ofID: "a\u{0}b") == 1)
        #expect(tree.index(ofID: "a") == nil)
        #expect(tree.index(ofID: "#2") == 2)
        #expect(tree.index(ofID: "#1") == nil)
        #expect(tree.node(at: 0).childCount == 5)
    }

    @Test("a title is its length byte and its bytes; an index title is its number")
    func entrySizes() throws {
        var tree = InMemoryTree()
        try tree.place(Self.record(0, parent: nil, title: "ab"))
        for key in 1...1_000 { try tree.place(Self.record(Int64(key), parent: 0, title: "ab")) }
        tree.setRoot(0)
        try tree.finish()
        #expect(tree.textByteCount == 1_001 * 3)
        var structure = InMemoryTree()
        try structure.place(Self.record(0, parent: nil, title: "doc"), sharesTitle: false)
        for key in 1...1_000 {
            try structure.place(
                Self.record(Int64(key), parent: 0, title: key % 2 == 0 ? "[\(key)]" : "name"),
                sharesTitle: true)
        }
        try structure.finish()
        // "doc": 4 bytes; 500 index titles of 1 or 2 bytes; 500 shared "name" titles of 1 byte each.
        let indexBytes = (1...1_000).filter { $0 % 2 == 0 }.reduce(0) { $0 + ($1 < 128 ? 1 : 2) }
        #expect(structure.textByteCount == 4 + indexBytes + 500)
        #expect(structure.node(at: 3).title == "name")
        #expect(structure.node(at: 998).title == "[998]")
    }

    @Test("more attribute names than are shared are stored with their values")
    func manyAttributeNames() throws {
        var tree = InMemoryTree()
        try tree.place(Self.record(0, parent: nil, title: "Root"))
        for key in 1...5_000 {
            try tree.place(
                Self.record(Int64(key), parent: 0, title: "n", attributes: [.init("field \(key)", "\(key)")]))
        }
        try tree.finish()
        for key: Int32 in [1, 4_096, 4_097, 5_000] {
            #expect(tree.node(at: key).attributes == ["field \(key)": "\(key)"])
        }
    }

    @Test("an entry larger than an arena chunk gets a chunk of its own")
    func hugeTitle() throws {
        var tree = InMemoryTree()
        let huge = String(repeating: "x", count: InMemoryTree.TextArena.chunkSize + 10)
        try tree.place(Self.record(0, parent: nil, title: "Root"))
        try tree.place(Self.record(1, parent: 0, title: huge))
        try tree.place(Self.record(2, parent: 0, title: "after"))
        try tree.finish()
        #expect(tree.node(at: 1).title.utf8.count == huge.utf8.count)
        #expect(tree.node(at: 2).title == "after")
        #expect(tree.node(at: 0).title == "Root")
    }

    @Test("200,000 explicit identifiers: every one found, a repeat refused")
    func manyIdentifiers() async throws {
        let count = 200_000
        // Seconds of CPU in a debug build: on a thread of its own, not one of the cooperative pool.
        let (tree, repeatRefused) = try await offPool {
            var tree = InMemoryTree()
            try tree.place(Self.record(0, parent: nil, id: "root", title: "Root"))
            for key in 1...count { try tree.place(Self.record(Int64(key), parent: 0, id: "id-\(key)", title: "t")) }
            let refused =
                (try? tree.place(Self.record(Int64(count + 1), parent: 0, id: "id-77", title: "again"))) == nil
            try tree.finish()
            return (tree, refused)
        }
        #expect(repeatRefused)
        for key in stride(from: 1, through: count, by: 997) { #expect(tree.index(ofID: "id-\(key)") == Int32(key)) }
        #expect(tree.id(of: Int32(count)) == "id-\(count)")
        #expect(tree.index(ofID: "id-0") == nil)
        // Columns grow in chunks of 65,536: positions and parents across the chunk edges.
        for key: Int32 in [65_535, 65_536, 65_537, 131_072, Int32(count)] {
            #expect(tree.parent(of: key) == 0)
            #expect(tree.position(of: key) == Int(key) - 1)
        }
        #expect(Array(tree.children(of: 0, in: 65_534..<65_537)) == [65_535, 65_536, 65_537])
    }

    /// A random tree in document order (each node's parent an earlier node still open), with
    /// the given share of leaves, and its children as found by scanning the parents.
    static func randomTree(nodes: Int, seed: UInt64) throws -> (InMemoryTree, [[Int32]]) {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var tree = InMemoryTree()
        var expected: [[Int32]] = Array(repeating: [], count: nodes)
        try tree.place(Self.record(0, parent: nil, title: "root"))
        var open: [Int64] = [0]
        for key in 1..<Int64(nodes) {
            // Close a few open nodes now and then (document order: only the innermost closes).
            while open.count > 1, next() % 4 == 0 { open.removeLast() }
            let parent = open[open.count - 1]
            try tree.place(Self.record(key, parent: parent, title: "n\(key)"))
            expected[Int(parent)].append(Int32(key))
            if next() % 3 == 0 { open.append(key) }
        }
        tree.setRoot(0)
        try tree.finish()
        return (tree, expected)
    }

    @Test("children and positions are the same from runs or from the plain list", arguments: [1, 2, 3, 4])
    func childListForms(seed: UInt64) throws {
        let (tree, expected) = try Self.randomTree(nodes: 5_000, seed: seed)
        for (parent, children) in expected.enumerated() {
            #expect(tree.childCount(of: Int32(parent)) == children.count)
            #expect(Array(tree.children(of: Int32(parent), in: 0..<children.count)) == children)
            for (position, child) in children.enumerated() where position % 7 == 0 {
                #expect(tree.position(of: child) == position)
                #expect(Array(tree.children(of: Int32(parent), in: position..<(position + 1))) == [child])
            }
        }
    }

    @Test("one item with 200,000 leaf children is one run of the child list")
    func leafChildrenAreOneRun() async throws {
        let tree = try await offPool {
            var tree = InMemoryTree()
            try tree.place(Self.record(0, parent: nil, title: "Root"))
            for key in 1...200_000 { try tree.place(Self.record(Int64(key), parent: 0, title: "t")) }
            try tree.finish()
            return tree
        }
        // 16 bytes per node in whole chunks of 65,536 (4 chunks), the child starts one more,
        // and one run of 8 bytes instead of 800,000 bytes of list.
        #expect(tree.structureByteCount >= 4 * 65_536 * 16 + 8)
        #expect(tree.structureByteCount <= 4 * 65_536 * 16 + 64)
        #expect(Array(tree.children(of: 0, in: 199_998..<200_005)) == [199_999, 200_000])
        #expect(tree.position(of: 123_456) == 123_455)
    }

    @Test("a chain keeps the plain list (runs would be larger)")
    func chainKeepsTheList() throws {
        var tree = InMemoryTree()
        try tree.place(Self.record(0, parent: nil, title: "0"))
        for key in 1..<1_000 { try tree.place(Self.record(Int64(key), parent: Int64(key - 1), title: "\(key)")) }
        try tree.finish()
        for key: Int32 in [1, 500, 999] {
            #expect(tree.position(of: key) == 0)
            #expect(Array(tree.children(of: key - 1, in: 0..<5)) == [key])
        }
        // 1,000 nodes in one chunk per column; a list of 999 children (not 999 runs of 8 bytes).
        #expect(tree.structureByteCount <= 65_536 * 16 + 999 * 4 + 64)
    }

    @Test("a node placed again replaces its provisional self and its identifier")
    func replacement() throws {
        var tree = InMemoryTree()
        try tree.place(Self.record(0, parent: nil, id: ".", title: "doc"))
        try tree.place(Self.record(1, parent: 0, title: ""))
        try tree.place(Self.record(2, parent: 1, title: "child"))
        try tree.place(Self.record(1, parent: 0, id: "late", title: "Item"))
        #expect(tree.count == 3)
        #expect(tree.childCount(of: 0) == 1)
        try tree.finish()
        #expect(tree.index(ofID: "late") == 1)
        #expect(tree.index(ofID: "#1") == nil)
        #expect(tree.node(at: 1).title == "Item")
        #expect(tree.node(at: 1).childCount == 1)
    }

    @Test("an explicit #n naming another item's generated identifier is a duplicate")
    func generatedCollision() throws {
        var tree = InMemoryTree()
        try tree.place(Self.record(0, parent: nil, title: "doc"))
        try tree.place(Self.record(1, parent: 0, title: "a"))
        try tree.place(Self.record(2, parent: 0, id: "#1", title: "b"))
        #expect(throws: HierarchySourceError.self) { try tree.finish() }
    }
}
