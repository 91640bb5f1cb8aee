import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

/// `print` of a document while it is read: the same bytes as the tree printer over the whole
/// tree, on the corpus and on documents whose lines are decided late.
@Suite(.timeLimit(.minutes(5))) struct DocumentPrinterTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../../shared/testdata/JSONTestSuite/test_parsing")
        .standardizedFileURL

    /// The output, or the error's line, of printing while reading.
    static func streamed(
        _ path: String, shape: DocumentShape, depth: Int? = nil, ascii: Bool = false, holdLimit: Int = 4 << 20
    ) async -> (text: String, error: String?) {
        let collected = LockedValue<[UInt8]>([])
        var printer = DocumentPrinter(depth: depth, ascii: ascii)
        printer.holdLimit = holdLimit
        printer.chunkSize = 7
        do {
            try await printer.print(path: path, shape: shape) { bytes in collected.withLock { $0 += bytes } }
            return (String(decoding: collected.withLock { $0 }, as: UTF8.self), nil)
        } catch {
            return (String(decoding: collected.withLock { $0 }, as: UTF8.self), error.description)
        }
    }

    /// The output, or the error's line, of the tree printer over the whole tree.
    static func whole(_ path: String, shape: DocumentShape, depth: Int? = nil, ascii: Bool = false) async
        -> (text: String, error: String?)
    {
        do {
            let source = try await DocumentSource.load(contentsOf: URL(fileURLWithPath: path), shape: shape)
            var printer = TreePrinter(depth: depth, pageSize: 1000, ascii: ascii)
            printer.showsValues = source.isDocumentStructure
            return (try await printer.string(source), nil)
        } catch let error as HierarchySourceError {
            return ("", error.description)
        } catch {
            return ("", "\(error)")
        }
    }

    /// Checks that both agree: the same text, or the same error (and, read automatically, no
    /// output before it: a small document's lines are held until its shape is known).
    static func expectSame(_ path: String, depth: Int? = nil, ascii: Bool = false, holdLimit: Int = 4 << 20) async {
        for shape in [DocumentShape.automatic, .items, .structure] {
            let expected = await whole(path, shape: shape, depth: depth, ascii: ascii)
            let got = await streamed(path, shape: shape, depth: depth, ascii: ascii, holdLimit: holdLimit)
            let name = "\((path as NSString).lastPathComponent) \(shape) depth \(depth ?? -1) hold \(holdLimit)"
            #expect(got.error == expected.error, "\(name)")
            if expected.error == nil {
                #expect(got.text == expected.text, "\(name)")
            } else if shape == .automatic, holdLimit > 1 << 20 {
                #expect(got.text.isEmpty, "\(name)")
            }
        }
    }

    @Test func agreesWithTheTreePrinterOnTheCorpus() async throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count > 300)
        for name in names {
            await Self.expectSame(Self.corpus.appendingPathComponent(name).path)
        }
    }

    static let documents: [String: String] = [
        "plant.json":
            #"{"title": "Plant", "children": [{"title": "Area 1", "children": [{"title": "Pump", "children": [{"title": "Seal"}]}, {"title": "Valve"}]}, {"title": "Area 2", "children": [{"title": "Tank"}]}]}"#,
        "title-after.json":
            #"{"children": [{"children": [{"name": "a1"}, "leaf", 3, true], "name": "A", "title": "Real A"}, {"title": "B"}], "title": "Late root"}"#,
        "wrapper-many.json": #"[{"title": "A", "children": [{"title": "a"}]}, {"title": "B"}]"#,
        "wrapper-one.json":
            #"[{"title": "Only", "children": [{"title": "x", "children": [{"title": "y"}]}, {"title": "z"}]}]"#,
        "wrapper-none.json": "[]",
        "root-key.json": #"{"root": [{"title": "A"}, {"title": "B", "children": [{"title": "b"}]}]}"#,
        "children-only.json": #"{"children": [{"title": "A"}, {"title": "B"}]}"#,
        "children-only-one.json": #"{"children": [{"title": "A", "children": [{"title": "a"}]}]}"#,
        "misfit-late.json": #"{"title": "R", "children": [{"title": "A"}, {"title": "B"}, {"nope": 1}]}"#,
        "structure.json": #"{"a": {"b": [1, 2, {"c": null}], "d": "text"}, "e": [], "f": {}}"#,
        "scalar.json": "42",
        "dynamic.json":
            #"{"title": "R", "children": [{"title": "D", "type": "dynamic", "children": [{"title": "hidden"}]}, {"title": "E"}]}"#,
        "duplicate.json": #"{"title": "R", "children": [{"id": "x", "title": "A"}, {"id": "x", "title": "B"}]}"#,
        "lookalike.json": ##"{"title": "R", "children": [{"id": "#2", "title": "A"}, {"title": "B"}]}"##,
        "lookalike-self.json": ##"{"title": "R", "children": [{"id": "#1", "title": "A"}, {"title": "B"}]}"##,
        "escapes.json": "{\"title\": \"a\\u0000b\\u001b[31m\", \"children\": [{\"title\": \"tab\\there\"}]}",
        "items.yaml": "title: Plant\nchildren:\n  - title: A\n    children:\n      - title: a\n  - title: B\n",
        "structure.yaml": "a: 1\nb:\n  - x\n  - y\n",
    ]

    @Test func agreesWithTheTreePrinterWhereLinesAreDecidedLate() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (name, text) in Self.documents.sorted(by: { $0.key < $1.key }) {
            try directory.file(name, text: text)
            for depth in [nil, 0, 1, 2] {
                await Self.expectSame(directory.url(name).path, depth: depth)
            }
            await Self.expectSame(directory.url(name).path, ascii: true)
            // Output larger than what is held: the document is read to its end, then again.
            await Self.expectSame(directory.url(name).path, holdLimit: 8)
        }
    }

    @Test func aPropertyListPrintsAsItsTree() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["title": "Plant", "children": [["title": "A"], ["title": "B"]]], format: .xml, options: 0
        )
        try plist.write(to: directory.url("plant.plist"))
        await Self.expectSame(directory.url("plant.plist").path)
        #expect(
            await Self.streamed(directory.url("plant.plist").path, shape: .automatic).text == "Plant\n├── A\n└── B\n")
    }

    @Test func aWideDocumentPrintsWhileItIsRead() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let feeder = try FIFOFeeder(path: directory.path + "/wide.json")
        defer { feeder.close() }
        feeder.write(#"{"title": "Wide", "children": [{"title": "Item 0"}, {"title": "Item 1"}, "#)
        let printing = BackgroundPrint(path: feeder.path)
        // Item 1 is not decided (the last child, or not?) until the next one starts.
        #expect(await printing.untilText { $0 == "Wide\n├── Item 0\n" })
        #expect(printing.outcome == nil)
        feeder.write(#"{"title": "Item 2"}]}"#)
        feeder.close()
        #expect(await printing.untilEnded())
        #expect(printing.outcome == "done")
        #expect(printing.text == "Wide\n├── Item 0\n├── Item 1\n└── Item 2\n")
    }

    @Test func holdsOnlyTheUndecidedLines() throws {
        var written = 0
        var state = DocumentPrintState(
            shape: .items, name: "wide.json", maxDepth: nil, ascii: false, escape: { $0 }, emit: { _ in written += 1 })
        state.opened(ItemRecord(key: 0, parent: nil, position: 0, id: "#0", title: "Wide"), titleIsFinal: true)
        for key in 1...10_000 {
            try state.closed(
                ItemRecord(
                    key: Int64(key), parent: 0, position: Int64(key - 1), id: "#\(key)", title: "Item \(key)"))
            #expect(state.heldCount <= 1)
        }
        try state.closed(ItemRecord(key: 0, parent: nil, position: 0, id: "#0", title: "Wide", childCount: 10_000))
        try state.end(top: .item, keyCount: 10_001)
        #expect(written == 10_001)
        #expect(state.heldCount == 0)
        #expect(state.mostHeld <= 2)
    }
}

/// `DocumentPrinter` printing a file in a task of its own, one byte per read, as `hierarchy
/// print` does: what it wrote so far and how it ended.
final class BackgroundPrint: Sendable {
    /// The bytes written so far, and `"done"` or the error's text once printing ended.
    private let state = Observed<(bytes: [UInt8], outcome: String?)>(([], nil))

    /// Starts printing `path` (a FIFO the test feeds) in the automatic shape.
    init(path: String) {
        var printer = DocumentPrinter()
        printer.chunkSize = 1
        let state = self.state
        Task { [printer] in
            do {
                try await printer.print(path: path, shape: .automatic) { bytes in state.withLock { $0.bytes += bytes } }
                state.withLock { $0.outcome = "done" }
            } catch {
                let text = "\(error)"
                state.withLock { $0.outcome = text }
            }
        }
    }

    /// The text written so far.
    var text: String { String(decoding: state.value.bytes, as: UTF8.self) }

    /// `"done"`, the error's text, or nil while printing.
    var outcome: String? { state.value.outcome }

    /// Waits until the text written so far satisfies `condition` (an event: each write).
    func untilText(_ condition: @escaping @Sendable (String) -> Bool) async -> Bool {
        await state.until { condition(String(decoding: $0.bytes, as: UTF8.self)) }
    }

    /// Waits until printing ended.
    func untilEnded() async -> Bool {
        await state.until { $0.outcome != nil }
    }
}
