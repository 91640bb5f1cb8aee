import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

/// The one rule between items and structure (``DocumentRecordBuilder``, read automatically):
/// a document shows as items only when its items reading finds an item and leaves no value
/// out; otherwise as its structure, in browse (the document read while shown), the whole
/// read and the streaming print alike.
@Suite(.timeLimit(.minutes(10))) struct DocumentShapeRuleTests {
    /// Every item of a source, depth first: (title, subtitle).
    static func walk(_ source: some HierarchySource) async throws -> [(title: String, subtitle: String?)] {
        guard let root = try await source.root() else { return [] }
        var found: [(String, String?)] = []
        var stack = [root]
        while let node = stack.popLast() {
            found.append((node.title, node.subtitle))
            let count = try await source.childCount(ofID: node.id)
            let children = try await source.children(ofID: node.id, in: 0..<count)
            stack.append(contentsOf: children.reversed())
        }
        return found
    }

    /// The document as browse opens it: read while shown, waited for to its end.
    static func browsed(_ path: String) async throws -> any HierarchySource {
        let opened = try await DocumentLoad.open(path: path, name: (path as NSString).lastPathComponent)
        switch opened {
        case .finished(let source): return source
        case .reading(let load):
            #expect(try await DocumentLoadTests.untilRead(load) { !load.isReading })
            return load
        }
    }

    @Test(arguments: DocumentValue.Format.allCases)
    func browseShowsEveryValueAndPrintAgrees(format: DocumentValue.Format) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (name, value) in DocumentFixtures.shapes {
            let file = directory.url("\(name).\(format.pathExtension)")
            try value.data(format).write(to: file)
            let label = "\(name) as \(format.rawValue)"
            let browsed = try await Self.walk(try await Self.browsed(file.path))
            let whole = try await DocumentSource.load(contentsOf: file)
            #expect(whole.isDocumentStructure, "\(label)")
            let read = try await Self.walk(whole)
            #expect(read.count == browsed.count, "\(label)")
            #expect(!browsed.isEmpty, "\(label)")
            for scalar in value.scalars(format) {
                #expect(
                    browsed.contains { $0.title == scalar.key && $0.subtitle == scalar.value },
                    "\(label): \(scalar.key) = \(scalar.value)")
            }
            // The streaming print (shape decided within its held output, or after it) and the
            // tree printer over the whole tree agree, values included.
            for holdLimit in [4 << 20, 8] {
                let streamed = await DocumentPrinterTests.streamed(file.path, shape: .automatic, holdLimit: holdLimit)
                let expected = await DocumentPrinterTests.whole(file.path, shape: .automatic)
                #expect(streamed.error == nil && expected.error == nil, "\(label)")
                #expect(streamed.text == expected.text, "\(label) hold \(holdLimit)")
                #expect(streamed.text.split(separator: "\n").count == read.count, "\(label)")
                for scalar in value.scalars(format) {
                    #expect(streamed.text.contains("\(scalar.key): \(scalar.value)\n"), "\(label)")
                }
            }
        }
    }

    /// Read automatically, the items reading stops at the first value it would leave out, where
    /// the reader starts again as the structure; forced, it reads on and skips the value.
    @Test func theItemsReadingStopsWhereItWouldLeaveAValueOut() throws {
        func consume(_ text: String, _ shape: DocumentShape) throws(DocumentReadError) -> (
            records: Int, top: DocumentRecordBuilder.Top
        ) {
            var reader = JSONEventReader(input: ByteInput(bytes: Data(text.utf8)))
            var builder = DocumentRecordBuilder(shape: shape, name: "d.json")
            var records = 0
            while let event = try reader.next() {
                if try builder.consume(event, line: reader.eventLine, column: reader.eventColumn) != nil {
                    records += 1
                }
            }
            return (records, builder.top)
        }
        let nested = #"{"title": "R", "children": [{"title": "A", "meta": {"x": 1}}]}"#
        #expect(try consume(nested, .items).records == 2)
        #expect(throws: DocumentReadError.self) { try consume(nested, .automatic) }
        do {
            _ = try consume(nested, .automatic)
        } catch {
            #expect(error.kind == .shape)
            #expect(error.line == 1 && error.column == 52)
            #expect(error.message == #"item #1: "meta" holds an object, not an item field; --as structure shows it"#)
        }
        // A document that holds no value stays empty; one that holds only a null shows it.
        for empty in ["[]", "{}", #"{"root": []}"#] {
            #expect(try consume(empty, .automatic).top == .wrapper(count: 0), "\(empty)")
        }
        #expect(try consume(#"{"a": null}"#, .items).top == .wrapper(count: 0))
        #expect(throws: DocumentReadError.self) { try consume(#"{"a": null}"#, .automatic) }
        // A null field is no value lost (an item without the field), a dynamic item's children
        // are the host's: both stay items.
        #expect(try consume(#"{"title": "R", "note": null, "children": [{"title": "A"}]}"#, .automatic).top == .item)
        let dynamic = #"{"title": "R", "children": [{"title": "D", "type": "dynamic", "children": [{"title": "h"}]}]}"#
        #expect(try consume(dynamic, .automatic).records == 2)
    }

    /// An item's second `children` array continues its first: announced once, so a view that
    /// shows the document while it is read has no phantom copy of the item.
    @Test func aSecondChildrenArrayIsNoSecondItem() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.file(
            "dup.json", text: #"{"name": "a", "children": [{"name": "b"}], "children": [{"name": "c"}]}"#)
        let browsed = try await Self.walk(try await Self.browsed(directory.url("dup.json").path))
        #expect(browsed.map(\.title) == ["a", "b", "c"])
        let feeder = try FIFOFeeder(path: directory.path + "/dup-pipe.json")
        defer { feeder.close() }
        feeder.write(#"{"name": "a", "children": [{"name": "b"}], "children": [{"name": "c"}]}"#)
        feeder.close()
        let opened = try await Self.browsed(feeder.path)
        #expect(try await Self.walk(opened).map(\.title) == ["a", "b", "c"])
        let streamed = await DocumentPrinterTests.streamed(directory.url("dup.json").path, shape: .automatic)
        #expect(streamed.text == "a\n├── b\n└── c\n")
    }

    /// From a pipe, which cannot be opened twice, a document found to be no items document
    /// before its first item is read again from its kept first bytes as its structure, in print
    /// and browse; found after (its lines already written), the misfit is an error naming the way out.
    @Test func aPipeIsReadAgainAsItsStructure() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let envelope = #"{"data": [{"id": "u1", "attributes": {"title": "First"}}], "meta": {"total": 2}}"#
        let printFeeder = try FIFOFeeder(path: directory.path + "/print.json")
        defer { printFeeder.close() }
        printFeeder.write(envelope)
        printFeeder.close()
        let printed = await DocumentPrinterTests.streamed(printFeeder.path, shape: .automatic)
        #expect(printed.error == nil)
        #expect(
            printed.text == """
                print.json
                ├── data
                │   └── [0]
                │       ├── id: u1
                │       └── attributes
                │           └── title: First
                └── meta
                    └── total: 2

                """)
        let browseFeeder = try FIFOFeeder(path: directory.path + "/browse.json")
        defer { browseFeeder.close() }
        browseFeeder.write(envelope)
        browseFeeder.close()
        let browsed = try await Self.walk(try await Self.browsed(browseFeeder.path))
        #expect(browsed.map(\.title) == ["browse.json", "data", "[0]", "id", "attributes", "title", "meta", "total"])
        #expect(browsed.compactMap(\.subtitle) == ["u1", "First", "2"])
        let lateFeeder = try FIFOFeeder(path: directory.path + "/late.json")
        defer { lateFeeder.close() }
        lateFeeder.write(#"{"title": "R", "children": [{"title": "A"}, {"title": "B", "meta": {"x": 1}}]}"#)
        lateFeeder.close()
        let late = await DocumentPrinterTests.streamed(lateFeeder.path, shape: .automatic)
        // A's line waits for its next sibling, which never ends.
        #expect(late.text == "R\n")
        #expect(
            late.error?.hasSuffix(
                #"late.json:1:68: item #2: "meta" holds an object, not an item field; --as structure shows it"#)
                == true, "\(late)")
    }
}
