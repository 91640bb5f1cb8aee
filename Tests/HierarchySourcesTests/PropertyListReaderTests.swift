import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

/// The streaming XML and binary property list readers: the same values as Foundation's reader,
/// errors with their place, and no crash, hang or runaway memory on hostile binary files.
@Suite struct PropertyListReaderTests {
    /// A value read back from events, with dictionary members in key order (Foundation's
    /// dictionaries have none), to compare with what Foundation decodes.
    indirect enum Value: Equatable {
        case object([String: Value])
        case array([Value])
        case scalar(DocumentEvent)
    }

    static func value(_ source: inout some DocumentEventSource) throws -> Value {
        var stack: [(Value, String?)] = []
        var key: String?
        var result: Value?
        func add(_ value: Value) {
            guard let (container, containerKey) = stack.popLast() else {
                result = value
                return
            }
            switch container {
            case .object(var members):
                if let key, members[key] == nil { members[key] = value }
                stack.append((.object(members), containerKey))
            case .array(var elements):
                elements.append(value)
                stack.append((.array(elements), containerKey))
            case .scalar:
                break
            }
        }
        while let event = try source.next() {
            switch event {
            case .beginObject:
                stack.append((.object([:]), key))
            case .beginArray:
                stack.append((.array([]), key))
            case .endObject, .endArray:
                let (done, outerKey) = stack.removeLast()
                key = outerKey
                add(done)
            case .key(let name):
                key = name
            default:
                add(.scalar(event))
            }
        }
        return try #require(result)
    }

    static func xml(_ bytes: some Collection<UInt8>) -> PropertyListXMLReader {
        PropertyListXMLReader(input: ByteInput(bytes: bytes))
    }

    static func sample() -> Any {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        return [
            "title": "Plant <A & B> \"quoted\" 'single'",
            "unicode": "Grüße 日本 😀",
            "empty": "",
            "count": 42,
            "negative": -7,
            "large": UInt64.max,
            "ratio": 2.5,
            "whole": 3.0,
            "huge": 1e20,
            "yes": true,
            "no": false,
            "when": date,
            "blob": Data([0, 1, 2, 250, 251, 252]),
            "children": [
                ["title": "A", "children": [] as [Any]],
                ["title": "B", "nested": ["x": [1, 2, ["deep": "y"]]]],
                "bare",
                17,
            ] as [Any],
            "emptyDict": [String: Any](),
        ] as [String: Any]
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func readsWhatFoundationReads(_ format: PropertyListSerialization.PropertyListFormat) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: Self.sample(), format: format, options: 0)
        var foundation = DocumentValueEvents(
            try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
        let expected = try Self.value(&foundation)
        if format == .xml {
            var reader = Self.xml(data)
            #expect(try Self.value(&reader) == expected)
        } else {
            var reader = try BinaryPropertyListReader(bytes: Array(data))
            #expect(try Self.value(&reader) == expected)
        }
    }

    @Test func xmlMembersComeInFileOrderWithTheirLines() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <!-- a comment -->
            <dict>
              <key>zeta</key><string>z</string>
              <key>alpha</key><string><![CDATA[<raw> & ]]>&#x41;&#66;</string>
              <key>list</key><array/>
            </dict>
            </plist>
            """
        var reader = Self.xml(Array(text.utf8))
        var events: [DocumentEvent] = []
        var lines: [Int?] = []
        while let event = try reader.next() {
            events.append(event)
            lines.append(reader.eventLine)
        }
        #expect(
            events == [
                .beginObject, .key("zeta"), .string("z"), .key("alpha"), .string("<raw> & AB"), .key("list"),
                .beginArray,
                .endArray, .endObject,
            ])
        #expect(lines[1] == 6 && lines[3] == 7 && lines[5] == 8)
    }

    static func xmlError(_ text: String) -> DocumentReadError? {
        var reader = Self.xml(Array(text.utf8))
        do {
            while try reader.next() != nil {}
            return nil
        } catch {
            return error
        }
    }

    @Test func malformedXMLNamesLineAndColumn() throws {
        let unknown = try #require(
            Self.xmlError("<plist>\n<array>\n  <dict><key>name</key><strin>B</string></dict>\n</array></plist>"))
        #expect(unknown.kind == .malformed)
        #expect(unknown.message == "unknown tag <strin>")
        #expect(unknown.line == 3 && unknown.column == 24)
        let cases: [(String, String)] = [
            ("<plist><dict><key>a</key></dict></plist>", "the last <key> in <dict> has no value"),
            ("<plist><dict><string>a</string></dict></plist>", "expected a <key> in <dict>, found <string>"),
            ("<plist><array><integer>12x</integer></array></plist>", "invalid <integer> '12x'"),
            ("<plist><real>fast</real></plist>", "invalid <real> 'fast'"),
            ("<plist><date>yesterday</date></plist>", "invalid <date> 'yesterday'"),
            ("<plist><data>!!!</data></plist>", "invalid Base64 in <data>"),
            ("<plist><string>a &nbsp; b</string></plist>", "unknown entity '&nbsp;'"),
            ("<plist><array></dict></plist>", "expected </array>, found </dict>"),
            (
                "<plist><string>a</string><string>b</string></plist>",
                "a <plist> holds one value; found a second <string>"
            ),
            ("<plist>text</plist>", "unexpected text 't' outside an element"),
            ("<plist><string>a<b/></string></plist>", "unexpected element inside <string>"),
            ("<plist></plist>", "the property list has no value"),
            ("", "the property list has no value"),
        ]
        for (text, message) in cases {
            let error = Self.xmlError(text)
            #expect(error?.message == message, "\(text)")
            #expect(error?.line != nil && error?.column != nil, "\(text)")
        }
        var invalid = Array("<plist><string>".utf8)
        invalid += [0xC3, 0x28]
        invalid += Array("</string></plist>".utf8)
        var reader = Self.xml(invalid)
        #expect(throws: DocumentReadError.self) { while try reader.next() != nil {} }
    }

    @Test func truncatedXMLIsAnErrorAtEveryCut() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: Self.sample(), format: .xml, options: 0)
        let bytes = Array(data)
        // Every cut before the closing tag ends: a malformed error with a line, never a crash.
        let end = bytes.count - Array("</plist>\n".utf8).count
        for length in stride(from: 0, to: end, by: 7) {
            let error = try #require(
                Self.xmlError(String(decoding: bytes[0..<length], as: UTF8.self)), "cut at \(length)")
            #expect(error.kind == .malformed)
            #expect(error.line != nil)
        }
    }

    // MARK: - Binary

    /// A binary property list made by hand: `objects` are the encoded objects, references one
    /// byte, offsets two bytes.
    static func bplist(_ objects: [[UInt8]], top: Int = 0, objectCount: Int? = nil, offsets: [Int]? = nil) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var table: [Int] = []
        for object in objects {
            table.append(bytes.count)
            bytes += object
        }
        let tableOffset = bytes.count
        for offset in offsets ?? table { bytes += [UInt8(offset >> 8 & 0xFF), UInt8(offset & 0xFF)] }
        func word(_ value: Int) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * (7 - $0))) } }
        bytes += [0, 0, 0, 0, 0, 0, 2, 1] + word(objectCount ?? objects.count) + word(top) + word(tableOffset)
        return bytes
    }

    static func binaryError(_ bytes: [UInt8]) -> DocumentReadError? {
        do {
            var reader = try BinaryPropertyListReader(bytes: bytes)
            while try reader.next() != nil {}
            return nil
        } catch {
            return error
        }
    }

    static func ascii(_ text: String) -> [UInt8] { [0x50 | UInt8(text.utf8.count)] + Array(text.utf8) }

    @Test func aHandMadeBinaryListReads() throws {
        // {"title": "Root", "children": [{"title": "Leaf"}]}
        let bytes = Self.bplist([
            [0xD2, 1, 2, 3, 4],  // 0: dict title → Root, children → [5]
            Self.ascii("title"),  // 1
            Self.ascii("children"),  // 2
            Self.ascii("Root"),  // 3
            [0xA1, 5],  // 4: array [dict 5]
            [0xD1, 1, 6],  // 5: dict title → Leaf
            Self.ascii("Leaf"),  // 6
        ])
        var reader = try BinaryPropertyListReader(bytes: bytes)
        var events: [DocumentEvent] = []
        while let event = try reader.next() { events.append(event) }
        #expect(
            events == [
                .beginObject, .key("title"), .string("Root"), .key("children"), .beginArray, .beginObject,
                .key("title"),
                .string("Leaf"), .endObject, .endArray, .endObject,
            ])
        let source = try DocumentSource.load(data: Data(bytes), name: "hand.plist")
        #expect(source.staticCount == 2)
    }

    @Test func cyclesOfReferencesAreRefused() throws {
        let selfContaining = try #require(Self.binaryError(Self.bplist([[0xA1, 0]])))
        #expect(selfContaining.kind == .malformed)
        #expect(selfContaining.message == "object 0: contains itself (a cycle of object references)")
        // Two arrays holding each other; a dictionary whose value is its parent.
        #expect(Self.binaryError(Self.bplist([[0xA1, 1], [0xA1, 0]]))?.message.contains("cycle") == true)
        #expect(
            Self.binaryError(Self.bplist([[0xD1, 1, 2], Self.ascii("k"), [0xA1, 0]]))?.message.contains("cycle") == true
        )
        // Shared (not cyclic) references are fine: one string twice.
        #expect(Self.binaryError(Self.bplist([[0xA2, 1, 1], Self.ascii("x")])) == nil)
    }

    @Test func badOffsetsAndCountsAreRefused() throws {
        let good = Self.bplist([[0xA1, 1], Self.ascii("x")])
        #expect(Self.binaryError(good) == nil)
        // An offset past the objects, a reference past the objects, a count past the end.
        #expect(
            Self.binaryError(Self.bplist([[0xA1, 1], Self.ascii("x")], offsets: [8, 4000]))?.message
                == "object 1: offset 4000 is outside the objects (bytes 8 to 12)")
        #expect(
            Self.binaryError(Self.bplist([[0xA1, 9], Self.ascii("x")]))?.message
                == "object 0: reference to object 9, but there are 2")
        #expect(
            Self.binaryError(Self.bplist([[0xA5, 1], Self.ascii("x")]))?.message
                == "object 0: 5 members do not fit before the offset table")
        #expect(
            Self.binaryError(Self.bplist([[0xAF, 0x10, 200, 1], Self.ascii("x")]))?.message
                == "object 0: count 200 is larger than the file")
        // A count of 8 bytes cut short by the offset table.
        #expect(
            Self.binaryError(Self.bplist([[0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF]]))?.message
                == "object 0: runs past the end of its data (at byte 10)")
        // A trailer naming more objects than the table holds, or a top object past them.
        #expect(Self.binaryError(Self.bplist([[0xA1, 1], Self.ascii("x")], objectCount: 1000)) != nil)
        #expect(Self.binaryError(Self.bplist([[0xA1, 1], Self.ascii("x")], top: 5)) != nil)
        #expect(
            Self.binaryError(Array("bplist00".utf8) + [0xA0])?.message == "truncated binary property list (9 bytes)")
    }

    @Test func everyTruncationAndEveryCorruptByteEndsCleanly() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: Self.sample(), format: .binary, options: 0)
        let bytes = Array(data)
        for length in 0..<bytes.count {
            let error = Self.binaryError(Array(bytes[0..<length]))
            #expect(error != nil, "cut at \(length)")
        }
        for position in 8..<bytes.count {
            for replacement: UInt8 in [0x00, 0x7F, 0xFF] {
                var corrupt = bytes
                corrupt[position] = replacement
                // An error or a value: the reader must end either way.
                _ = Self.binaryError(corrupt)
            }
        }
    }

    @Test func deepNestingAndExpansionAreBounded() throws {
        // 600 nested arrays: the one nesting limit.
        let nesting = try #require(Self.binaryError(Self.chain(depth: 600)))
        #expect(nesting.kind == .limit)
        #expect(nesting.message == DocumentLimits.nestingMessage)
        #expect(Self.binaryError(Self.chain(depth: 500)) == nil)
        // 24 arrays, each holding the next one twice: 2^24 values from 100 bytes.
        var objects: [[UInt8]] = (0..<24).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append(Self.ascii("x"))
        let bomb = try #require(Self.binaryError(Self.bplist(objects)))
        #expect(bomb.kind == .limit)
        #expect(bomb.message.hasPrefix("object references expand to more than"))
    }

    /// Arrays nested `depth` deep (two-byte references and offsets).
    static func chain(depth: Int) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<depth {
            offsets.append(bytes.count)
            bytes += level + 1 < depth ? [0xA1, UInt8((level + 1) >> 8), UInt8((level + 1) & 0xFF)] : [0xA0]
        }
        let tableOffset = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        func word(_ value: Int) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * (7 - $0))) } }
        bytes += [0, 0, 0, 0, 0, 0, 2, 2] + word(depth) + word(0) + word(tableOffset)
        return bytes
    }

    @Test func plistsGiveTheSameItemsAsJSON() async throws {
        let document: [String: Any] = [
            "title": "Plant", "id": "P",
            "children": [
                ["title": "A", "status": "Operational", "pressure": 12], ["title": "B", "children": [["title": "C"]]],
            ],
        ]
        let json = try DocumentSource.load(
            data: try JSONSerialization.data(withJSONObject: document), format: .json, name: "d")
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let data = try PropertyListSerialization.data(fromPropertyList: document, format: format, options: 0)
            let plist = try DocumentSource.load(data: data, format: .propertyList, name: "d")
            #expect(try await dump(plist) == dump(json))
        }
    }
}
