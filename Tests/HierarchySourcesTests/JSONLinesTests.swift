import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

#if canImport(Glibc)
    import Glibc
#endif

/// JSON Lines read the same way by the strict reader (print, import, pipes) and by the file read
/// where it lies (browse, list, serve, search): one root whose children are the lines, each line
/// one whole value, and the same error with the file's line and column.
@Suite struct JSONLinesTests {
    static func events(_ text: String) throws(DocumentReadError) -> [DocumentEvent] {
        var reader = JSONEventReader(input: ByteInput(bytes: Array(text.utf8)), readsLines: true)
        var events: [DocumentEvent] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    static func failure(_ text: String) -> DocumentReadError? {
        do {
            _ = try events(text)
            return nil
        } catch {
            return error
        }
    }

    static func validatorAccepts(_ text: String, in directory: TemporaryDirectory) throws -> Bool {
        let path = directory.url("lines.jsonl").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var validator = JSONValidator(descriptor: descriptor, capacity: 4)
        validator.readsLines = true
        defer { validator.close() }
        return validator.validate() == .valid
    }

    @Test func theLinesAreTheElementsOfOneArray() throws {
        #expect(
            try Self.events("{\"a\":1}\n\n[2, 3]\r\n\"x\"\n") == [
                .beginArray, .beginObject, .key("a"), .number("1"), .endObject, .beginArray, .number("2"),
                .number("3"), .endArray, .string("x"), .endArray,
            ])
        #expect(try Self.events("1\n2") == [.beginArray, .number("1"), .number("2"), .endArray])
    }

    @Test(arguments: [
        ("{\"a\":1}\n{\"a\":2\n{\"a\":3}\n", "unexpected end of the line inside its value", 2, 7),
        ("{\"a\":1}\n]\n", "unexpected ']' after the end of a line's value", 2, 1),
        ("[1,\n2]\n[3]\n", "unexpected end of the line inside its value", 1, 4),
        ("{\"a\":1}\n{\"a\":\"x\n\"}\n", "control character \\xA inside a string", 2, 8),
        (" \n \n", "the document is empty", 3, 1),
    ])
    func aMalformedLineIsNamedWithItsPlace(text: String, message: String, line: Int, column: Int) throws {
        let error = Self.failure(text)
        #expect(error?.kind == .malformed)
        #expect(error?.message == message)
        #expect(error?.line == line)
        #expect(error?.column == column)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try !Self.validatorAccepts(text, in: directory))
    }

    @Test func theValidatorAcceptsWhatTheReaderAccepts() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for text in ["{\"a\":1}\n{\"a\":2}\n", "1\n2\n", "[1, 2]\r\n\n  {}\n", "\u{FEFF}{\"a\":[1,{\"b\":2}]}\n3"] {
            #expect(Self.failure(text) == nil, "\(text)")
            #expect(try Self.validatorAccepts(text, in: directory), "\(text)")
        }
    }

    @Test func linesAreKnownByTheirNameOrTheirFirstLine() {
        #expect(JSONLines.startsAsLines(Array("{\"a\":1}\n{\"a\":2}\n".utf8)))
        #expect(JSONLines.startsAsLines(Array("\n  1\n2".utf8)))
        #expect(!JSONLines.startsAsLines(Array("{\n  \"a\": 1\n}\n".utf8)))
        #expect(!JSONLines.startsAsLines(Array("{\"a\":1}\n\n".utf8)))
        #expect(!JSONLines.startsAsLines(Array("key: 1\nother: 2\n".utf8)))
        #expect(JSONLines.isLines(path: "/tmp/log.NDJSON", head: Array("{\n".utf8)))
        #expect(DocumentFormat.sniff(Array("1\n2\n3\n".utf8)) == .json)
        #expect(DocumentFormat.sniff(Array("title: 1\n".utf8)) == .yaml)
    }

    /// The file read where it lies and the tree read by the strict reader show the same items.
    @Test func bothSourcesShowTheSameLines() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = "{\"name\":\"a\",\"v\":1}\n{\"name\":\"b\",\"tags\":[\"x\",\"y\"]}\n\"plain\"\n"
        for name in ["log.jsonl", "log.txt", "log.json"] {
            let path = try IndexedJSONSourceTests.write(text, in: directory, name: name)
            try await IndexedJSONSourceTests.compare(path, shape: .automatic)
            let tree = try await DocumentSource.load(contentsOf: URL(fileURLWithPath: path))
            let root = try #require(try await tree.root())
            #expect(root.title == name)
            let lines = try await tree.children(ofID: root.id, in: 0..<10)
            #expect(lines.map(\.title) == ["[0]", "[1]", "[2]"])
            #expect(lines[2].subtitle == "plain")
        }
    }

    /// The background pass names the malformed line as the strict reader does.
    @Test func theBackgroundPassNamesTheLineAsTheReaderDoes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (text, line, column) in [
            ("{\"a\":1}\n{\"a\":2\n{\"a\":3}\n", 2, 7), ("{\"a\":1}\n]\n", 2, 1),
            ("{\"a\":1}\n{\"a\":\"x\n\"}\n", 2, 8),
        ] {
            let path = try IndexedJSONSourceTests.write(text, in: directory, name: "bad.jsonl")
            let source = try IndexedJSONSource(path: path)
            await #expect(throws: HierarchySourceError.self) { try await source.waitForValidation() }
            let error = try #require(source.validationError)
            let expected = try #require(Self.failure(text))
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.message == "invalid JSON: " + expected.message)
        }
    }
}
