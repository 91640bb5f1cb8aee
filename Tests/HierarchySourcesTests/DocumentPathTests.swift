import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

/// What `yp`, `yq` and `yv` copy in a document read as its structure: JSON Pointers, jq paths
/// and values written again as JSON, from the kinds the structure read keeps.
@Suite struct DocumentPathTests {
    static let document = """
        {"a": {"b": [1, 2.50, {"c d": "x", "e/f~g": null}]}, "t": true, "s": "say \\"hi\\"\\n", "n": "123",
         "": [], "é": {}, "[0]": "not an index", "_k9": false}
        """

    static func load(_ text: String = document, _ format: DocumentFormat? = nil) throws -> InMemorySource {
        try DocumentSource.load(data: Data(text.utf8), format: format, shape: .structure, name: "doc.json")
    }

    /// The identifier of the item at a path of titles below the root.
    static func id(in source: InMemorySource, _ titles: String...) async throws -> String {
        var id = try #require(try await source.root()).id
        for title in titles {
            let count = try await source.childCount(ofID: id)
            let children = try await source.children(ofID: id, in: 0..<count)
            id = try #require(children.first { $0.title == title }).id
        }
        return id
    }

    @Test func pointersEscapeTildeAndSlashAndJqQuotesWhatIsNoIdentifier() async throws {
        let source = try Self.load()
        let leaf = try await Self.id(in: source, "a", "b", "[2]", "e/f~g")
        let path = try #require(source.documentPath(ofID: leaf))
        #expect(path.components == [.key("a"), .key("b"), .index(2), .key("e/f~g")])
        #expect(path.jsonPointer == "/a/b/2/e~1f~0g")
        #expect(path.jqPath == ".a.b[2].\"e/f~g\"")
        let spaced = try #require(source.documentPath(ofID: try await Self.id(in: source, "a", "b", "[2]", "c d")))
        #expect(spaced.jqPath == ".a.b[2].\"c d\"")
        #expect(spaced.jsonPointer == "/a/b/2/c d")
        let root = try #require(source.documentPath(ofID: try await Self.id(in: source)))
        #expect(root.jsonPointer == "")
        #expect(root.jqPath == ".")
        let empty = try #require(source.documentPath(ofID: try await Self.id(in: source, "")))
        #expect(empty.jsonPointer == "/")
        #expect(empty.jqPath == ".\"\"")
        #expect(source.documentPath(ofID: try await Self.id(in: source, "_k9"))?.jqPath == "._k9")
        #expect(source.documentPath(ofID: try await Self.id(in: source, "é"))?.jqPath == ".\"é\"")
    }

    /// A key that looks like an index is a key of its object, not an array's element.
    @Test func aKeyTitledLikeAnIndexStaysAKey() async throws {
        let source = try Self.load()
        let path = try #require(source.documentPath(ofID: try await Self.id(in: source, "[0]")))
        #expect(path.components == [.key("[0]")])
        #expect(path.jqPath == ".\"[0]\"")
    }

    /// Written again, every value is what Foundation reads from the document at its pointer:
    /// strings stay strings ("123"), numbers numbers, empty objects objects.
    @Test func valuesAreWrittenAgainAsTheDocumentHoldsThem() async throws {
        let source = try Self.load()
        let whole = try #require(try source.documentJSON(ofID: try await Self.id(in: source), limit: 1 << 20))
        let reread = try JSONSerialization.jsonObject(with: Data(whole.utf8)) as? NSDictionary
        let original = try JSONSerialization.jsonObject(with: Data(Self.document.utf8)) as? NSDictionary
        #expect(reread == original)
        #expect(try source.documentJSON(ofID: try await Self.id(in: source, "n"), limit: 100) == "\"123\"")
        #expect(
            try source.documentJSON(ofID: try await Self.id(in: source, "s"), limit: 100) == "\"say \\\"hi\\\"\\n\"")
        #expect(
            try source.documentJSON(ofID: try await Self.id(in: source, "a", "b"), limit: 100)
                == "[1,2.50,{\"c d\":\"x\",\"e/f~g\":null}]")
        #expect(try source.documentJSON(ofID: try await Self.id(in: source, ""), limit: 100) == "[]")
        #expect(try source.documentJSON(ofID: try await Self.id(in: source, "é"), limit: 100) == "{}")
        let root = try await Self.id(in: source)
        #expect(throws: DocumentJSONTooLarge(limit: 10)) { try source.documentJSON(ofID: root, limit: 10) }
    }

    /// A YAML document has pointers too; its scalars are text, as the YAML reader reads them,
    /// but for null.
    @Test func yamlValuesBecomeJSON() async throws {
        let source = try Self.load(
            """
            server:
              ports: [80, 0x1F]
              name: web
              debug: false
              empty: ~
            """, .yaml)
        let server = try await Self.id(in: source, "server")
        let json = try #require(try source.documentJSON(ofID: server, limit: 1_000))
        #expect(json == #"{"ports":["80","0x1F"],"name":"web","debug":"false","empty":null}"#)
        #expect(
            source.documentPath(ofID: try await Self.id(in: source, "server", "ports", "[1]"))?.jsonPointer
                == "/server/ports/1")
    }

    /// A document read as items has no values' kinds: no pointer; a store's id path instead.
    @Test func itemsHaveNoDocumentPathButAnIdPath() async throws {
        let source = try DocumentSource.load(
            data: Data(#"{"id": "p1", "title": "Plant", "children": [{"id": "a/b", "title": "Pump"}]}"#.utf8),
            shape: .items, name: "items.json")
        #expect(source.documentPath(ofID: "a/b") == nil)
        #expect(DocumentPath.idPath(["p1", "a/b", "x~y"]) == "/p1/a~1b/x~0y")
    }

    @Test func jsonNumbersAreCheckedAsRFC8259Writes() {
        for number in ["0", "-0", "12", "2.50", "1e3", "1.5E-7", "-12.0e+2"] { #expect(DocumentJSON.isNumber(number)) }
        for text in ["", "-", "01", "1.", ".5", "0x1F", ".inf", "1e", "NaN", "1_000"] {
            #expect(!DocumentJSON.isNumber(text))
        }
        #expect(DocumentJSON.quoted("a\u{01}\u{7F}\t") == "\"a\\u0001\\u007f\\t\"")
    }
}
