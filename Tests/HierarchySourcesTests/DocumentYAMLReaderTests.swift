import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

/// YAML through libyaml's event parser: the events, the alias bound, the errors, and a
/// document that streams (a pipe) rather than being composed whole.
@Suite(.timeLimit(.minutes(5))) struct DocumentYAMLReaderTests {
    static func events(_ text: String) throws(DocumentReadError) -> [DocumentEvent] {
        var reader = DocumentYAMLReader(input: ByteInput(bytes: Array(text.utf8)))
        var events: [DocumentEvent] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    static func error(_ text: String) -> DocumentReadError? {
        do {
            _ = try events(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func scalarsKeysAndNulls() throws {
        #expect(
            try Self.events("a: 1\nb: ~\nc: 'null'\nd:\ne: [x, \"\"]\n") == [
                .beginObject, .key("a"), .string("1"), .key("b"), .null, .key("c"), .string("null"), .key("d"), .null,
                .key("e"), .beginArray, .string("x"), .string(""), .endArray, .endObject,
            ])
        #expect(try Self.events("plain") == [.string("plain")])
        #expect(try Self.events("") == [.beginArray, .endArray])
        #expect(try Self.events("# only a comment\n") == [.beginArray, .endArray])
    }

    @Test func aliasesReplayTheirAnchorsInKeyAndValuePlaces() throws {
        let text = "base: &b {x: 1, y: [2]}\ncopy: *b\nname: &n key\n*n : value\n"
        #expect(
            try Self.events(text) == [
                .beginObject,
                .key("base"), .beginObject, .key("x"), .string("1"), .key("y"), .beginArray, .string("2"), .endArray,
                .endObject,
                .key("copy"), .beginObject, .key("x"), .string("1"), .key("y"), .beginArray, .string("2"), .endArray,
                .endObject,
                .key("name"), .string("key"),
                .key("key"), .string("value"),
                .endObject,
            ])
    }

    @Test func aCollectionAsAKeyIsWrittenInFlowStyle() throws {
        #expect(
            try Self.events("? [a, {b: c}]\n: v\n") == [.beginObject, .key("[a, {b: c}]"), .string("v"), .endObject])
    }

    @Test func errorsWithTheirPlace() throws {
        let flow = try #require(Self.error("title: A\nchildren:\n  - title: [B\n"))
        #expect(flow.kind == .malformed)
        #expect(flow.message == "did not find expected ',' or ']' (while parsing a flow sequence at line 3)")
        #expect(flow.line == 4)
        #expect(Self.error("a: *missing\n")?.message == "found undefined alias")
        #expect(Self.error("a: 1\n---\nb: 2\n")?.message.hasPrefix("but found another document") == true)
        #expect(Self.error("a: 1\na: 2\n")?.kind == .malformed)
        #expect(Self.error(String(repeating: "[", count: 600))?.message == DocumentLimits.nestingMessage)
    }

    @Test func billionLaughsStopsAtTheBound() throws {
        var laughs = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            laughs += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
            previous = name
        }
        let error = try #require(Self.error(laughs))
        #expect(error.kind == .limit)
        #expect(error.message.hasPrefix("aliases expand to more than"))
    }

    @Test func aYAMLPipeIsReadAsItStreams() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let feeder = try FIFOFeeder(path: directory.path + "/big.yaml")
        defer { feeder.close() }
        feeder.write("title: Big\nchildren:\n" + (0..<100).map { "  - title: Item \($0)\n" }.joined())
        let printing = BackgroundPrint(path: feeder.path)
        // Item 98 is decided by Item 99's end, which libyaml knows once the next line is there.
        #expect(await printing.untilText { $0.contains("├── Item 97\n") })
        #expect(printing.outcome == nil)
        feeder.write("  - title: Last\n")
        feeder.close()
        #expect(await printing.untilEnded())
        #expect(printing.outcome == "done")
        #expect(printing.text.hasSuffix("├── Item 99\n└── Last\n"))
    }
}
