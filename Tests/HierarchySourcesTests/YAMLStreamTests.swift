import Foundation
import HierarchySources
import Testing

@testable import HierarchyDocuments

/// A YAML stream of several documents (Kubernetes and Helm manifests) is read as one array of
/// its documents; a single document, with or without its markers, is read as before.
@Suite struct YAMLStreamTests {
    static let single = [
        "a: 1\n", "---\na: 1\n", "---\na: 1\n...\n", "%YAML 1.2\n---\na: 1\n", "# c\n---\na: 1\n...\n# end\n",
        "\u{FEFF}---\na: 1\n", "--- |\n  text\n", "a: '---'\n", "a: |\n  ---\n  ...\n", "---", "  # only\n---\nb\n",
        "- x\n- y\n", "a:\n  b: 1\n\n\n", "----\n--\n", "---\r\na: 1\r\n...\r\n",
    ]
    static let several = [
        "a: 1\n---\nb: 2\n", "---\na\n---\nb\n", "---\r\na\r\n---\r\nb\r\n", "--- a\n--- b\n", "---\n---\n",
        "x\n---",
    ]
    /// Several documents in YAML 1.2, which libyaml (YAML 1.1) refuses: a document after `...`
    /// must begin with `---` there.
    static let severalAfterAnEnd = ["a\n...\nb\n", "a: 1\n...\n  b: 2\n"]

    static func scanned(_ text: String, splitAt split: Int? = nil) -> Bool {
        let bytes = Array(text.utf8)
        var stream = YAMLStream()
        guard let split else {
            return bytes.withUnsafeBufferPointer { stream.scan($0) } || stream.finish()
        }
        let first = Array(bytes[..<split])
        let second = Array(bytes[split...])
        return first.withUnsafeBufferPointer { stream.scan($0) } || second.withUnsafeBufferPointer { stream.scan($0) }
            || stream.finish()
    }

    @Test func documentMarkersTellSeveralDocumentsFromOne() {
        for text in Self.single {
            #expect(!Self.scanned(text), "\(text.debugDescription) is one document")
        }
        for text in Self.several + Self.severalAfterAnEnd {
            #expect(Self.scanned(text), "\(text.debugDescription) holds several documents")
        }
    }

    @Test func theAnswerDoesNotDependOnWhereTheInputIsCut() {
        for text in Self.single + Self.several + Self.severalAfterAnEnd {
            let whole = Self.scanned(text)
            for split in 0...text.utf8.count {
                #expect(Self.scanned(text, splitAt: split) == whole, "\(text.debugDescription) cut at \(split)")
            }
        }
    }

    /// What libyaml reads agrees with the markers: a stream read as one document fails exactly
    /// where the markers find a second.
    @Test func theMarkersAgreeWithTheParser() async throws {
        for text in Self.single + Self.several {
            let source = try? DocumentSource.load(
                data: Data(text.utf8), format: .yaml, shape: .structure, name: "s.yaml")
            #expect(source != nil, "\(text.debugDescription) reads")
            var reader = DocumentYAMLReader(input: ByteInput(bytes: Array(text.utf8)))
            var failed = false
            do { while try reader.next() != nil {} } catch { failed = true }
            #expect(failed == Self.scanned(text), "\(text.debugDescription)")
        }
    }

    @Test func eachDocumentIsAnElementOfTheRoot() async throws {
        let text = "kind: Service\nmetadata: {name: web}\n---\nkind: Deployment\nspec: {replicas: 3}\n---\n- x\n"
        let source = try DocumentSource.load(data: Data(text.utf8), format: .yaml, name: "app.yaml")
        let root = try #require(try await source.root())
        #expect(root.title == "app.yaml")
        let documents = try await source.children(ofID: root.id, in: 0..<10)
        #expect(documents.map(\.title) == ["[0]", "[1]", "[2]"])
        #expect(documents.map(\.preview) == ["{kind: Service, metadata: {…}}", "{kind: Deployment, spec: {…}}", "[x]"])
        let found = try await source.search("Deployment", in: 0..<10)
        #expect(found.map(\.title) == ["kind"])
    }

    /// An anchor belongs to its document: an alias in the next one is an error, as in YAML.
    @Test func anchorsDoNotCrossDocuments() throws {
        let text = "a: &x 1\n---\nb: *x\n"
        #expect(throws: HierarchySourceError.self) {
            try DocumentSource.load(data: Data(text.utf8), format: .yaml, name: "s.yaml")
        }
    }
}
