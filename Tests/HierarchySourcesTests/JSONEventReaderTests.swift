import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyDocuments

@Suite struct JSONEventReaderTests {
    func events(_ text: String) throws(DocumentReadError) -> [DocumentEvent] {
        var reader = JSONEventReader(input: ByteInput(bytes: Array(text.utf8)))
        var events: [DocumentEvent] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    func failure(_ bytes: [UInt8]) -> DocumentReadError? {
        var reader = JSONEventReader(input: ByteInput(bytes: bytes))
        do {
            while try reader.next() != nil {}
            return nil
        } catch {
            return error
        }
    }

    func failure(_ text: String) -> DocumentReadError? { failure(Array(text.utf8)) }

    /// A string or number longer than the limit (64 MiB; 8 bytes here) is an error at its start,
    /// whether it ends in the chunk at hand or runs across chunks, through escapes and UTF-8;
    /// one of exactly the limit is read. (The real limit runs end to end in the hostile corpus.)
    @Test(arguments: [1, 3, 1 << 20])
    func aValueLongerThanTheLimitIsAnErrorAtItsStart(chunkSize: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func outcome(_ text: String) throws -> String {
            let path = directory.path + "/value.json"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            var reader = JSONEventReader(input: try ByteInput(path: path, chunkSize: chunkSize))
            reader.longestValue = 8
            do {
                var last = ""
                while let event = try reader.next() { last = "\(event)" }
                return last
            } catch {
                return "\(error.line ?? 0):\(error.column ?? 0) \(error.message)"
            }
        }
        #expect(try outcome(#"["abcdefgh"]"#) == "endArray")
        #expect(try outcome(#"["12345678", 12345678]"#) == "endArray")
        #expect(try outcome(#"[ "abcdefghi"]"#) == "1:3 a value longer than 64 MiB")
        #expect(try outcome(#"[1, "ab\ncd\u00e9fgh"]"#) == "1:5 a value longer than 64 MiB")
        #expect(try outcome("[\n  \"abcdéfghi\"]") == "2:3 a value longer than 64 MiB")
        #expect(try outcome("[123456789]") == "1:2 a value longer than 64 MiB")
        #expect(try outcome("[-1.2345678e10]") == "1:2 a value longer than 64 MiB")
    }

    @Test func readsEveryKindOfValue() throws {
        #expect(
            try events(#"{"a": [1, -2.5e3, "x\n\u00e9\ud83d\ude00", true, false, null], "b": {}}"#) == [
                .beginObject, .key("a"), .beginArray, .number("1"), .number("-2.5e3"), .string("x\né😀"), .bool(true),
                .bool(false), .null, .endArray, .key("b"), .beginObject, .endObject, .endObject,
            ])
        #expect(try events(" 42 ") == [.number("42")])
        #expect(try events("\u{FEFF}[]") == [.beginArray, .endArray])
    }

    @Test(arguments: [
        ("[1,]", "trailing comma before ']'", 1, 4),
        ("{\"a\":1,}", "trailing comma before '}'", 1, 8),
        ("[01]", "numbers must not have leading zeros", 1, 3),
        ("[1.]", "a digit must follow the decimal point", 1, 4),
        ("[\"a\tb\"]", "control character \\x9 inside a string", 1, 4),
        ("[1]\n x", "unexpected 'x' after the end of the document", 2, 2),
        ("{\"a\" 1}", "expected ':' after an object key", 1, 6),
        ("[\"\\x\"]", "invalid escape '\\x'", 1, 5),
        ("", "the document is empty", 1, 1),
        ("[\n[", "unexpected end of the document", 2, 2),
    ])
    func rejectsWhatRFC8259Forbids(text: String, message: String, line: Int, column: Int) {
        let error = failure(text)
        #expect(error?.kind == .malformed)
        #expect(error?.message == message)
        #expect(error?.line == line)
        #expect(error?.column == column)
    }

    @Test func rejectsInvalidUTF8AndUTF16() {
        #expect(failure([0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D])?.message == "invalid UTF-8 byte \\xC0 inside a string")
        #expect(
            failure([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D])?.message == "invalid UTF-8 sequence inside a string")
        #expect(failure([0x5B, 0x00, 0x5D, 0x00])?.message == "the document is UTF-16 or UTF-32; JSON must be UTF-8")
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() throws {
        #expect(
            try events(#"["\ud800", "\udc00x"]"#) == [
                .beginArray, .string("\u{FFFD}"), .string("\u{FFFD}x"), .endArray,
            ])
    }

    @Test func readsAcrossChunkBoundaries() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("JSONEventReaderTests-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("doc.json")
        let long = String(repeating: "é", count: 100)
        try Data("[\"\(long)\", 12345, true]".utf8).write(to: file)
        var reader = JSONEventReader(input: try ByteInput(path: file.path, chunkSize: 16))
        var events: [DocumentEvent] = []
        while let event = try reader.next() { events.append(event) }
        #expect(events == [.beginArray, .string(long), .number("12345"), .bool(true), .endArray])
    }

    /// Containers are kept 64 levels to a word: levels that alternate between objects and arrays
    /// across several words must close in the right order, and a wrong closer is still caught.
    @Test func mixedNestingAcrossStackWords() throws {
        let depth = 200
        var text = ""
        var expected: [DocumentEvent] = []
        for level in 0..<depth {
            if level % 3 == 0 {
                text += #"{"k\#(level % 7)":"#
                expected += [.beginObject, .key("k\(level % 7)")]
            } else {
                text += "["
                expected.append(.beginArray)
            }
        }
        text += "1"
        expected.append(.number("1"))
        for level in (0..<depth).reversed() {
            text += level % 3 == 0 ? "}" : "]"
            expected.append(level % 3 == 0 ? .endObject : .endArray)
        }
        var reader = JSONEventReader(input: ByteInput(bytes: Array(text.utf8)))
        var events: [DocumentEvent] = []
        var deepest = 0
        while let event = try reader.next() {
            events.append(event)
            deepest = max(deepest, reader.depth)
        }
        #expect(events == expected)
        #expect(deepest == depth)
        #expect(reader.depth == 0)
        // Closing level 65 brings back the word of levels 1 to 64 (arrays): a '}' there is an error at its byte.
        let wrong = String(repeating: "[", count: 65) + "1" + String(repeating: "]", count: 1) + "}"
        #expect(failure(wrong)?.message == "expected ',' or ']', found '}'")
        #expect(failure(wrong)?.column == 68)
    }

    /// Short keys come from a cache of recent keys: keys that share a slot, escaped keys and keys
    /// longer than the cache's limit must still read as written.
    @Test func repeatedAndCollidingKeys() throws {
        let long = String(repeating: "x", count: 40)
        let keys = [
            "title", "id", "axb", "ayb", "axb", "a", "", "title", "t\\u0069tle", long, long + "y", "id", "ayb",
            "\\u00e9",
        ]
        let text = "{" + keys.enumerated().map { #""\#($0.element)":\#($0.offset)"# }.joined(separator: ",") + "}"
        let read = try events(text).compactMap { event -> String? in
            if case .key(let key) = event { return key }
            return nil
        }
        #expect(
            read == ["title", "id", "axb", "ayb", "axb", "a", "", "title", "title", long, long + "y", "id", "ayb", "é"])
    }
}
