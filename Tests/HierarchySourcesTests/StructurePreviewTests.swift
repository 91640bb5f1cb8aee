import Foundation
import HierarchyDocuments
import HierarchySources
import Testing

/// A container of a document read as its structure shows its first members on one line, as
/// jless shows a collapsed value; both document sources show the same line, and it is never
/// searched.
@Suite struct StructurePreviewTests {
    static let document = """
        {"3166-1": [
          {"alpha_2": "AW", "name": "Aruba", "numeric": 533, "official": false, "note": null},
          {"alpha_2": "AF", "name": "Afghanistan", "tags": ["a", "b"], "extra": {"x": 1}},
          [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
          {}, [],
          {"long": "\(String(repeating: "w", count: 60))", "lines": "one\\ntwo"}
        ]}
        """

    @Test func membersShowAsJlessShowsThem() {
        var object = StructurePreview(isObject: true)
        object.append(key: "alpha_2", .scalar("AW"))
        object.append(key: "tags", .array)
        object.append(key: "extra", .object)
        #expect(object.text(more: false) == "{alpha_2: AW, tags: […], extra: {…}}")
        #expect(object.text(more: true) == "{alpha_2: AW, tags: […], extra: {…}, …}")
        #expect(StructurePreview(isObject: false).text(more: false) == "[]")
        #expect(StructurePreview(isObject: true).text(more: true) == "{…}")

        var array = StructurePreview(isObject: false)
        var appended = 0
        for number in 1...20 where array.append(key: nil, .scalar(String(number))) { appended += 1 }
        #expect(appended == StructurePreview.memberLimit - 1, "append says when the preview is full")
        #expect(array.isFull)
        #expect(array.text(more: true) == "[1, 2, 3, 4, 5, 6, 7, 8, …]")

        var long = StructurePreview(isObject: true)
        long.append(key: "text", .scalar(String(repeating: "é", count: 100) + "\nend"))
        let text = long.text(more: false)
        #expect(text.count < 60 && text.hasSuffix("…}") && !text.contains("\n"), "\(text)")
    }

    /// The previews of every container, in document order, as a source shows them.
    static func previews(_ source: any HierarchySource) async throws -> [String] {
        guard let root = try await source.root() else { return [] }
        var found: [String] = []
        func visit(_ node: HierarchyNode) async throws {
            found.append("\(node.title)=\(node.preview ?? "-")")
            let count = try await source.childCount(ofID: node.id)
            for child in try await source.children(ofID: node.id, in: 0..<count) { try await visit(child) }
        }
        try await visit(root)
        return found
    }

    @Test func bothDocumentSourcesShowTheSamePreviews() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url("codes.json").path
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: path))
        let tree = try DocumentSource.load(
            data: Data(Self.document.utf8), format: .json, shape: .structure, name: "codes.json")
        let indexed = try IndexedJSONSource(path: path, shape: .structure)
        let fromTree = try await Self.previews(tree)
        #expect(try await Self.previews(indexed) == fromTree)
        #expect(fromTree.contains("[0]={alpha_2: AW, name: Aruba, numeric: 533, official: false, note: null}"))
        #expect(fromTree.contains("[1]={alpha_2: AF, name: Afghanistan, tags: […], extra: {…}}"))
        #expect(fromTree.contains("[2]=[1, 2, 3, 4, 5, 6, 7, 8, …]"))
        #expect(fromTree.contains("[3]={}") && fromTree.contains("[4]=[]"))
        #expect(fromTree.contains("name=-"), "a scalar has no preview")
        try await indexed.waitForValidation()
    }

    /// The preview is presentation: a search for a value finds the value, not its containers.
    @Test func aPreviewIsNotSearched() async throws {
        let tree = try DocumentSource.load(
            data: Data(Self.document.utf8), format: .json, shape: .structure, name: "codes.json")
        let found = try await tree.search("Aruba", in: 0..<10)
        #expect(found.map(\.title) == ["name"])
    }

    /// A container's preview reads a bounded part of it: a first member larger than that budget
    /// ends the line with `…` in the file read where it lies.
    @Test func aPreviewReadsABoundedPartOfItsContainer() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url("big.json").path
        let big = String(repeating: "x", count: 40_000)
        try Data("[[{\"a\": \"\(big)\"}, 2, 3]]".utf8).write(to: URL(fileURLWithPath: path))
        let indexed = try IndexedJSONSource(path: path, shape: .structure)
        let previews = try await Self.previews(indexed)
        #expect(previews.first == "big.json=[[…]]")
        #expect(previews.dropFirst().first == "[0]=[{…}, …]", "\(previews)")
        try await indexed.waitForValidation()
    }
}
