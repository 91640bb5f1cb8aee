import Foundation
import HierarchySources

/// One token of a JSON document, as `JSONStreamReader` reads it.
enum JSONEvent: Equatable, Sendable {
    case beginObject
    case endObject
    case beginArray
    case endArray
    case key(String)
    case string(String)
    /// A number, as written.
    case number(String)
    case bool(Bool)
    case null
}

/// An incremental JSON reader: pulls one token at a time from a file.
///
/// Memory holds one chunk of the file, the current string and the nesting
/// stack, never the document. Checks the grammar (commas, colons, nesting) and
/// reports errors with the line.
struct JSONStreamReader {
    private enum Container { case object, array }
    private enum Expect { case value, valueOrEnd, key, keyOrEnd, colon, commaOrEnd, done }

    private var bytes: ChunkedByteReader
    private var containers: [Container] = []
    private var expect = Expect.value
    private var scratch: [UInt8] = []
    /// The current line (1-based).
    private(set) var line = 1
    /// The line where the last token returned started.
    private(set) var tokenLine = 1
    /// The file, for messages.
    let path: String

    /// Bytes consumed so far.
    var offset: Int64 { bytes.offset }

    /// - Parameters:
    ///   - handle: The open file.
    ///   - path: The file's path, for messages.
    ///   - chunkSize: Bytes read at a time.
    init(handle: FileHandle, path: String, chunkSize: Int = 1 << 16) {
        self.bytes = ChunkedByteReader(handle: handle, chunkSize: chunkSize)
        self.path = path
    }

    private func error(_ message: String) -> HierarchySourceError {
        HierarchySourceError(.malformed, "invalid JSON: \(message)", path: path, line: line)
    }

    /// The next token, `nil` after the end of the document.
    ///
    /// - Throws: `HierarchySourceError` (`.malformed`) with the line.
    mutating func next() throws -> JSONEvent? {
        if bytes.offset == 0, try bytes.peek() == 0xEF {
            for expected: UInt8 in [0xEF, 0xBB, 0xBF] {
                guard try bytes.next() == expected else { throw error("unexpected byte at the start") }
            }
        }
        while true {
            guard let byte = try skipWhitespace() else {
                if expect == .done { return nil }
                throw error("unexpected end of file")
            }
            tokenLine = line
            switch expect {
            case .done:
                throw error("unexpected data after the end of the document")
            case .colon:
                guard byte == UInt8(ascii: ":") else { throw error("expected ':'") }
                _ = try bytes.next()
                expect = .value
            case .commaOrEnd:
                _ = try bytes.next()
                if byte == UInt8(ascii: ",") {
                    expect = containers.last == .object ? .key : .value
                } else if byte == UInt8(ascii: "}"), containers.last == .object {
                    return closeContainer(.endObject)
                } else if byte == UInt8(ascii: "]"), containers.last == .array {
                    return closeContainer(.endArray)
                } else {
                    throw error("expected ',' or the end of the \(containers.last == .object ? "object" : "array")")
                }
            case .keyOrEnd, .key:
                if byte == UInt8(ascii: "}"), expect == .keyOrEnd {
                    _ = try bytes.next()
                    return closeContainer(.endObject)
                }
                guard byte == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                _ = try bytes.next()
                let key = try readString()
                expect = .colon
                return .key(key)
            case .valueOrEnd, .value:
                if byte == UInt8(ascii: "]"), expect == .valueOrEnd {
                    _ = try bytes.next()
                    return closeContainer(.endArray)
                }
                return try readValue(startingWith: byte)
            }
        }
    }

    private mutating func closeContainer(_ event: JSONEvent) -> JSONEvent {
        containers.removeLast()
        expect = containers.isEmpty ? .done : .commaOrEnd
        return event
    }

    private mutating func afterValue() {
        expect = containers.isEmpty ? .done : .commaOrEnd
    }

    private mutating func readValue(startingWith byte: UInt8) throws -> JSONEvent {
        switch byte {
        case UInt8(ascii: "{"):
            _ = try bytes.next()
            containers.append(.object)
            expect = .keyOrEnd
            return .beginObject
        case UInt8(ascii: "["):
            _ = try bytes.next()
            containers.append(.array)
            expect = .valueOrEnd
            return .beginArray
        case UInt8(ascii: "\""):
            _ = try bytes.next()
            let string = try readString()
            afterValue()
            return .string(string)
        case UInt8(ascii: "t"):
            try readLiteral("true")
            afterValue()
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            afterValue()
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            afterValue()
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            scratch.removeAll(keepingCapacity: true)
            while let next = try bytes.peek(), Self.isNumberByte(next) {
                scratch.append(next)
                _ = try bytes.next()
            }
            let text = String(decoding: scratch, as: UTF8.self)
            guard Double(text) != nil else { throw error("invalid number \(text)") }
            afterValue()
            return .number(text)
        default:
            throw error("unexpected character '\(Self.printable(byte))'")
        }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }

    private static func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }

    private mutating func readLiteral(_ literal: StaticString) throws {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard try bytes.next() == byte else { throw error("invalid literal (expected \(literal))") }
        }
    }

    private mutating func skipWhitespace() throws -> UInt8? {
        while let byte = try bytes.peek() {
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                _ = try bytes.next()
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                _ = try bytes.next()
            default:
                return byte
            }
        }
        return nil
    }

    /// Reads a string after its opening quote.
    private mutating func readString() throws -> String {
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard let byte = try bytes.next() else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape()
            case UInt8(ascii: "\n"):
                throw error("line break inside a string")
            default:
                scratch.append(byte)
            }
        }
    }

    private mutating func readEscape() throws {
        guard let byte = try bytes.next() else { throw error("unterminated string") }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate: a low one must follow as another \u escape.
                if try bytes.peek() == UInt8(ascii: "\\") {
                    _ = try bytes.next()
                    guard try bytes.next() == UInt8(ascii: "u") else { throw error("invalid escape") }
                    let low = try readHex4()
                    scalar =
                        (0xDC00..<0xE000).contains(low) ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                } else {
                    scalar = 0xFFFD
                }
            } else if (0xDC00..<0xE000).contains(scalar) {
                scalar = 0xFFFD
            }
            let character = Character(UnicodeScalar(scalar) ?? "\u{FFFD}")
            scratch.append(contentsOf: String(character).utf8)
        default:
            throw error("invalid escape '\\\(Self.printable(byte))'")
        }
    }

    private mutating func readHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try bytes.next(), let digit = Self.hexValue(byte) else {
                throw error("invalid \\u escape")
            }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
