import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

@Suite struct DocumentSourceTests {
    static func load(_ text: String, _ format: DocumentFormat? = nil, name: String = "doc.json") throws
        -> InMemorySource
    {
        try DocumentSource.load(data: Data(text.utf8), format: format, name: name)
    }

    static func loadItems(_ text: String, _ format: DocumentFormat? = nil) throws -> InMemorySource {
        try DocumentSource.load(data: Data(text.utf8), format: format, shape: .items, name: "doc.json")
    }

    static func error(_ body: () throws -> Void) -> HierarchySourceError? {
        do {
            try body()
            return nil
        } catch {
            return error as? HierarchySourceError
        }
    }

    /// Forced to items: read automatically, the `notes` object (which items leave out) makes
    /// this document show as its structure.
    @Test func nestedObjectWithFieldMapping() async throws {
        let source = try Self.loadItems(
            """
            {"id": 1, "title": "Plant", "children": [
              {"id": "p1", "name": "Pump", "type": "Centrifugal pump", "location": "Building 3",
               "status": "Operational", "year": 2019, "ratio": 2.5, "spare": true, "notes": {"x": 1}},
              {"title": 42, "subtitle": "Explicit", "type": "ignored", "body": "Body text", "footnote": "Foot"},
              {"title": "Lamp", "type": "static", "body": "Body only", "id": null}
            ]}
            """)
        let root = try #require(try await source.root())
        #expect(root.id == "1")
        #expect(root.title == "Plant")
        #expect(root.childCount == 3)
        let children = try await source.children(ofID: "1", in: 0..<3)
        #expect(children.map(\.id) == ["p1", "#2", "#3"])
        #expect(children[0].title == "Pump")
        #expect(children[0].subtitle == "Centrifugal pump")
        #expect(children[0].footnote == "Building 3")
        #expect(children[0].status == "Operational")
        #expect(children[0].attributes == ["year": "2019", "ratio": "2.5", "spare": "true"])
        #expect(children[0].isContainer == false)
        #expect(children[1].title == "42")
        #expect(children[1].subtitle == "Explicit")
        #expect(children[1].footnote == "Foot")
        #expect(children[2].subtitle == nil)
        #expect(children[2].footnote == "Body only")
        #expect(children[2].attributes["type"] == "static")
    }

    @Test func generatedIDsAreKeysInDocumentOrder() async throws {
        let source = try Self.load(#"[{"title": "A", "children": [{"title": "B"}]}, {"id": "x", "title": "C"}]"#)
        let root = try #require(try await source.root())
        #expect(root.id == ".")
        #expect(root.title == "doc.json")
        #expect(try await source.children(ofID: ".", in: 0..<5).map(\.id) == ["#1", "x"])
        #expect(try await source.children(ofID: "#1", in: 0..<5).map(\.id) == ["#2"])
    }

    @Test func aDocumentThatIsNoItemsDocumentBrowsesAsItsStructure() async throws {
        let source = try Self.load(#"[{"a": 1, "b": [true, null]}, "x"]"#)
        let root = try #require(try await source.root())
        #expect(root.title == "doc.json")
        #expect(root.childCount == 2)
        let top = try await source.children(ofID: root.id, in: 0..<2)
        #expect(top.map(\.title) == ["[0]", "[1]"])
        #expect(top[1].subtitle == "x")
        let members = try await source.children(ofID: top[0].id, in: 0..<2)
        #expect(members.map(\.title) == ["a", "b"])
        #expect(members.map(\.subtitle) == ["1", nil])
        #expect(members[1].childCount == 2)
        #expect(try await source.children(ofID: members[1].id, in: 0..<2).map(\.subtitle) == ["true", "null"])
        let scalar = try Self.load("12")
        #expect(try await scalar.root()?.subtitle == "12")
    }

    @Test func linearHierarchyJSONAndSingleRootArrays() async throws {
        let linear = try Self.load(#"{"root": [{"name": "Animals", "type": "static", "children": [{"name": "Cat"}]}]}"#)
        #expect(try await linear.root()?.title == "Animals")
        #expect(try await linear.children(ofID: "#1", in: 0..<1).first?.title == "Cat")
        let empty = try Self.load("[]")
        #expect(try await empty.root() == nil)
        let bare = try Self.load(#"{"title": "Menu", "children": ["Open", 3]}"#)
        #expect(try await bare.children(ofID: "#0", in: 0..<2).map(\.title) == ["Open", "3"])
    }

    /// The CBLinearHierarchy sample: a property list whose root is an array, with a dynamic "Spacecraft".
    @Test func linearHierarchyPropertyListWithDynamicItem() async throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <array>
              <dict>
                <key>name</key><string>Vehicles</string>
                <key>type</key><string>static</string>
                <key>children</key>
                <array>
                  <dict><key>name</key><string>Cars</string><key>type</key><string>static</string>
                    <key>children</key><array>
                      <dict><key>name</key><string>Sedan</string><key>type</key><string>static</string></dict>
                      <dict><key>name</key><string>Sedan</string><key>type</key><string>static</string></dict>
                    </array></dict>
                  <dict><key>name</key><string>Spacecraft</string><key>type</key><string>dynamic</string>
                    <key>children</key><array/></dict>
                </array>
              </dict>
              <dict><key>name</key><string>Fruit</string><key>type</key><string>static</string></dict>
            </array>
            </plist>
            """
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.file("Hierarchy.plist", text: plist)
        let source = try await DocumentSource.load(
            contentsOf: dir.url("Hierarchy.plist"),
            dynamicChildren: { node in
                ["Shuttle", "Soyuz"].map { HierarchyNode(id: "\(node.id)-\($0)", title: $0) }
            })
        let root = try #require(try await source.root())
        #expect(root.title == "Hierarchy.plist")
        #expect(try await source.children(ofID: root.id, in: 0..<5).map(\.title) == ["Vehicles", "Fruit"])
        let sedans = try await source.children(ofID: "#2", in: 0..<5)
        #expect(sedans.map(\.title) == ["Sedan", "Sedan"])
        #expect(Set(sedans.map(\.id)).count == 2)
        let spacecraft = try #require(try await source.node(withID: "#5"))
        #expect(spacecraft.title == "Spacecraft")
        #expect(spacecraft.isContainer)
        #expect(spacecraft.attributes["type"] == "dynamic")
        #expect(try await source.children(ofID: "#5", in: 0..<5).map(\.title) == ["Shuttle", "Soyuz"])
        #expect(
            try await source.path(toID: "#5-Soyuz").map(\.title)
                == ["Hierarchy.plist", "Vehicles", "Spacecraft", "Soyuz"])
    }

    @Test func binaryPropertyListIsSniffed() async throws {
        let object: [Any] = [["name": "Root", "children": [["name": "Leaf", "id": 5]]]]
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let source = try DocumentSource.load(data: data, name: "binary")
        #expect(try await source.root()?.title == "Root")
        #expect(try await source.node(withID: "5")?.title == "Leaf")
    }

    @Test func yamlDocument() async throws {
        let yaml = """
            id: DE01
            title: Plant
            children:
              - id: DE01-PRD
                title: Production
                type: Area
                status: Operational
                children:
                  - {id: DE01-PRD-A10, title: Reactor line 1, location: "Building 3, Level 2", pressure: 12}
              - title: Utilities
                status: ~
            """
        let source = try Self.load(yaml, name: "plant.yaml")
        #expect(try await source.root()?.title == "Plant")
        let line = try #require(try await source.node(withID: "DE01-PRD-A10"))
        #expect(line.footnote == "Building 3, Level 2")
        #expect(line.attributes["pressure"] == "12")
        #expect(try await source.node(withID: "DE01-PRD")?.subtitle == "Area")
        let utilities = try #require(try await source.node(withID: "#3"))
        #expect(utilities.status == nil)
    }

    @Test func formatsByExtensionAndSniffing() {
        #expect(DocumentFormat(pathExtension: "JSON") == .json)
        #expect(DocumentFormat(pathExtension: "yml") == .yaml)
        #expect(DocumentFormat(pathExtension: "plist") == .propertyList)
        #expect(DocumentFormat(pathExtension: "txt") == nil)
        #expect(DocumentFormat.sniff(Array("  \n[1]".utf8)) == .json)
        #expect(DocumentFormat.sniff(Array("\u{FEFF}{}".utf8)) == .json)
        #expect(DocumentFormat.sniff(Array("<?xml version".utf8)) == .propertyList)
        #expect(DocumentFormat.sniff(Array("bplist00".utf8)) == .propertyList)
        #expect(DocumentFormat.sniff(Array("title: x".utf8)) == .yaml)
        #expect(DocumentFormat.sniff([0x00, 0x01]) == nil)
        #expect(DocumentFormat.sniff(DocumentSource.sqliteHeader) == nil)
    }

    @Test func malformedJSONHasLineAndColumn() throws {
        let error = try #require(Self.error { _ = try Self.load("{\n  \"title\": \"A\",\n  \"children\": [1,,2]\n}") })
        #expect(error.code == .malformed)
        #expect(error.path == "doc.json")
        #expect(error.line == 3)
        #expect(error.column == 18)
        #expect(error.description == "doc.json:3:18: invalid JSON: unexpected ','")
        let truncated = try #require(Self.error { _ = try Self.load("{\"title\": \"A\",\n\"children\": [") })
        #expect(truncated.code == .malformed)
        #expect(truncated.line == 2)
    }

    @Test func malformedYAMLHasLineAndColumn() throws {
        let error = try #require(Self.error { _ = try Self.load("title: A\nchildren:\n  - title: [B\n", .yaml) })
        #expect(error.code == .malformed)
        #expect(error.line == 4)
        #expect(error.column != nil)
        #expect(
            error.description
                == "doc.json:4:1: invalid YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 3)"
        )
    }

    @Test func malformedPropertyListHasLine() throws {
        let plist =
            "<?xml version=\"1.0\"?>\n<plist>\n<array>\n<dict><key>name</key><strin>B</string></dict>\n</array></plist>"
        let error = try #require(Self.error { _ = try Self.load(plist, .propertyList) })
        #expect(error.code == .malformed)
        #expect(error.line == 4)
        #expect(error.description == "doc.json:4:22: invalid property list: unknown tag <strin>")
    }

    @Test func wrongShapesNameTheItem() throws {
        let noTitle = try #require(
            Self.error { _ = try Self.loadItems(#"{"title": "R", "children": [{"x": 1}, {}]}"#) })
        #expect(noTitle.code == .malformed)
        #expect(noTitle.message == "item #1 has no title or name")
        #expect(noTitle.line == 1)
        #expect(noTitle.column == 29)
        let children = try #require(Self.error { _ = try Self.loadItems(#"{"title": "R", "children": {"a": 1}}"#) })
        #expect(children.message == "item #0: children must be an array, not an object")
        let scalar = try #require(Self.error { _ = try Self.loadItems("12") })
        #expect(scalar.code == .malformed)
        let titleArray = try #require(Self.error { _ = try Self.loadItems(#"[{"title": ["x"]}]"#) })
        #expect(titleArray.message == "item #1 has no title or name")
        let duplicate = try #require(
            Self.error { _ = try Self.load(#"[{"id": "a", "title": "A"}, {"id": "a", "title": "B"}]"#) })
        #expect(duplicate.code == .duplicateID)
        #expect(duplicate.message.contains("\"a\""))
    }

    @Test func deepNestingHasNoLimitInJSONAndInCode() async throws {
        let depth = 20_000
        let json =
            String(repeating: #"{"title": "x", "children": ["#, count: depth - 1) + #"{"id": "leaf", "title": "leaf"}"#
            + String(repeating: "]}", count: depth - 1)
        #expect(try await Self.load(json).path(toID: "leaf").count == depth)
        var item: [String: Any] = ["title": "leaf", "id": "leaf"]
        for _ in 1..<2_000 { item = ["title": "x", "children": [item]] }
        #expect(try await InMemorySource(dictionary: item).path(toID: "leaf").count == 2_000)
        let yaml = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(Self.error { _ = try Self.load(yaml, .yaml) }?.code == .malformed)
    }

    @Test func deepButValidDocumentsLoad() async throws {
        let levels = 255
        let json =
            String(repeating: #"{"title": "x", "children": ["#, count: levels - 1) + #"{"id": "leaf", "title": "leaf"}"#
            + String(repeating: "]}", count: levels - 1)
        let source = try Self.load(json)
        #expect(try await source.path(toID: "leaf").count == levels)
        // YAML nests two containers per item level (the item and its `children`): 250 levels are
        // 501 containers, within the one limit of 512; 300 levels are not.
        func yaml(_ levels: Int) -> String {
            var yaml = ""
            for level in 0..<levels {
                yaml += String(repeating: "  ", count: level) + "- title: t\(level)\n"
                yaml += String(repeating: "  ", count: level) + "  children:\n"
            }
            return yaml
        }
        let deepYAML = try Self.load(yaml(250), .yaml)
        #expect(try await deepYAML.path(toID: "#250").count == 250)
        #expect(Self.error { _ = try Self.load(yaml(300), .yaml) }?.message == "nested deeper than 512 levels")
    }

    @Test("a 10 MB title, escapes and all, is kept whole; for a name given twice the first member wins")
    func hugeStringsAndDuplicateKeys() async throws {
        let huge = String(repeating: "0123456789", count: 1_000_000)
        let json =
            #"{"title": "Root", "title": "second", "children": [{"id": "big", "title": ""# + huge
            + #"\n\u00e9", "subtitle": "s", "subtitle": "t"}]}"#
        let source = try Self.load(json)
        let root = try #require(try await source.root())
        #expect(root.title == "Root")
        let big = try #require(try await source.node(withID: "big"))
        #expect(big.title == huge + "\né")
        #expect(big.subtitle == "s")
        let structure = try DocumentSource.load(data: Data(json.utf8), shape: .structure, name: "doc.json")
        let members = try await structure.children(ofID: "#0", in: 0..<10)
        #expect(members.map(\.title) == ["title", "title", "children"])
        #expect(members.map(\.subtitle) == ["Root", "second", nil])
    }

    @Test func sqliteAndBinaryDataAreUnsupported() throws {
        let sqlite = Data(DocumentSource.sqliteHeader + [1, 2, 3])
        #expect(Self.error { _ = try DocumentSource.load(data: sqlite) }?.code == .unsupported)
        #expect(Self.error { _ = try DocumentSource.load(data: Data([0xCA, 0xFE, 0x00, 0x01])) }?.code == .unsupported)
    }

    @Test func missingFileIsNotFound() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let error = await #expect(throws: HierarchySourceError.self) {
            _ = try await DocumentSource.load(contentsOf: dir.url("missing.json"))
        }
        #expect(error?.code == .notFound)
    }

    @Test func garbageNeverCrashes() {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array(#"{}[]":,0123456789abc- \n\t<>/?!"#.utf8)
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0..<60, using: &generator)).map { _ in
                alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            }
            for format in DocumentFormat.allCases {
                do {
                    _ = try DocumentSource.load(data: Data(bytes), format: format)
                } catch {
                    #expect(error is HierarchySourceError, "\(format) \(bytes)")
                }
            }
        }
    }
}
