import Foundation
import HierarchySources
import Testing

@testable import HierarchySQLite

@Suite("JSONStreamReader")
struct JSONStreamReaderTests {
    func events(_ text: String, chunkSize: Int) throws -> [JSONEvent] {
        let directory = try TemporaryDirectory()
        let file = try directory.write("t.json", text)
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var reader = JSONStreamReader(handle: handle, path: file.path, chunkSize: chunkSize)
        var events: [JSONEvent] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    @Test("tokens of a document, whatever the chunk size", arguments: [1, 2, 7, 65536])
    func tokens(chunkSize: Int) throws {
        let text = "\u{FEFF}{\"a\": [1, -2.5e3, true, false, null, \"x\\\"y\\u00e9\\ud83d\\ude00\\n\"], \"b\": {}, \"c\": []}"
        #expect(
            try events(text, chunkSize: chunkSize) == [
                .beginObject, .key("a"), .beginArray, .number("1"), .number("-2.5e3"), .bool(true), .bool(false),
                .null, .string("x\"yé😀\n"), .endArray, .key("b"), .beginObject, .endObject, .key("c"),
                .beginArray, .endArray, .endObject,
            ])
    }

    @Test("grammar errors are reported with their line", arguments: [
        ("{\"a\": 1,}", 1), ("[1 2]", 1), ("{\"a\"\n 1}", 2), ("[1,\n\n2", 3), ("{\"a\": tru}", 1), ("{} {}", 1),
        ("[\"a\n\"]", 1), ("{1: 2}", 1), ("", 1), ("[\"\\x\"]", 1), ("[01x]", 1),
    ])
    func errors(text: String, line: Int) throws {
        let error = try #require(throws: HierarchySourceError.self) { try events(text, chunkSize: 3) }
        #expect(error.code == .malformed)
        #expect(error.line == line)
    }
}
