/// A strict RFC 8259 JSON reader that produces ``DocumentEvent``s one at a time.
///
/// It holds one chunk of input, the current string and the stack of open
/// containers (one bit per level), never the document, so nesting costs no call
/// stack; nesting deeper than ``DocumentLimits/maximumJSONNesting`` is a `.limit`
/// error. Everything RFC 8259 forbids is an error with the line and column where it
/// was found: trailing commas, leading zeros, `1.`,
/// raw control characters in strings, invalid escapes, invalid UTF-8, anything
/// after the document. A UTF-8 byte order mark is skipped; UTF-16 and UTF-32
/// are refused with a message saying so. Lone surrogate escapes become U+FFFD.
///
/// Reading JSON Lines (``readsLines``), the values one after another are the elements of one
/// array that is not in the file: its `beginArray` comes first and its `endArray` at the end of
/// the input. Each value lies on one line (blank lines are skipped), and an error names the
/// line and column in the file.
///
/// - Complexity: O(n) time for n bytes; memory O(depth + longest string).
public struct JSONEventReader: DocumentEventSource {
    private enum Expect: UInt8 { case value, valueOrEnd, key, keyOrEnd, colon, commaOrEnd, nextLine, done }

    private let input: ByteInput
    /// The innermost open containers, up to 64, one bit each (1 an object, 0 an array), the
    /// innermost in bit 0; the outer ones are in ``spilledContainers``, 64 to a word. A level
    /// costs a shift, not an array append: every other byte of a deeply nested document opens
    /// or closes one.
    private var containers: UInt64 = 0
    /// Words of ``containers`` pushed out by deeper levels, outermost first.
    private var spilledContainers: [UInt64] = []
    /// The nesting depth of the containers open now.
    public private(set) var depth = 0
    private var expect = Expect.value
    private var scratch: [UInt8] = []
    private var keys = KeyCache()
    private var line = 1
    private var lineStart: Int64 = 0
    private var started = false
    private var lastLine = 1
    private var lastColumn = 1
    /// JSON Lines: the values of the input, separated by whitespace, are one array's elements.
    public let readsLines: Bool
    private var linesRead = 0
    /// The longest string or number read (``DocumentLimits/longestJSONValue``; tests lower it).
    var longestValue = DocumentLimits.longestJSONValue

    public var eventLine: Int? { lastLine }
    public var eventColumn: Int? { lastColumn }
    public var bytesRead: Int64 { input.offset }

    /// - Parameters:
    ///   - input: The document's bytes.
    ///   - readsLines: Read JSON Lines: the input's values are the elements of one array.
    public init(input: ByteInput, readsLines: Bool = false) {
        self.input = input
        self.readsLines = readsLines
        scratch.reserveCapacity(256)
    }

    @inline(never)
    private func error(_ message: String) -> DocumentReadError {
        DocumentReadError(.malformed, message, line: line, column: Int(input.offset - lineStart) + 1)
    }

    @inline(never)
    private mutating func start() throws(DocumentReadError) {
        started = true
        let head = try input.available()
        if head.count >= 2,
            head[0] == 0 || head[1] == 0 || (head[0] == 0xFE && head[1] == 0xFF)
                || (head[0] == 0xFF && head[1] == 0xFE)
        {
            throw error("the document is UTF-16 or UTF-32; JSON must be UTF-8")
        }
        if head.count >= 1, head[0] == 0xEF {
            for expected: UInt8 in [0xEF, 0xBB, 0xBF] {
                guard try input.peek() == expected else { throw error("invalid byte at the start of the document") }
                input.advance()
            }
            lineStart = input.offset
        }
    }

    /// The next event, `nil` after the end of the document.
    ///
    /// - Throws: ``DocumentReadError`` (`.malformed`) with line and column, or `.io`.
    public mutating func next() throws(DocumentReadError) -> DocumentEvent? {
        if !started {
            try start()
            if readsLines {
                open(false)
                expect = .nextLine
                return .beginArray
            }
        }
        while true {
            guard let byte = try significantByte() else {
                if expect == .done { return nil }
                if expect == .nextLine {
                    guard linesRead > 0 else { throw error("the document is empty") }
                    return close(false)
                }
                throw error(expect == .value && depth == 0 ? "the document is empty" : "unexpected end of the document")
            }
            lastLine = line
            lastColumn = Int(input.offset - lineStart) + 1
            switch expect {
            case .valueOrEnd, .value:
                switch byte {
                case UInt8(ascii: "{"):
                    guard depth < DocumentLimits.maximumJSONNesting else { throw nestingError() }
                    input.advance()
                    open(true)
                    expect = .keyOrEnd
                    return .beginObject
                case UInt8(ascii: "["):
                    guard depth < DocumentLimits.maximumJSONNesting else { throw nestingError() }
                    input.advance()
                    open(false)
                    expect = .valueOrEnd
                    return .beginArray
                case UInt8(ascii: "]"):
                    guard expect == .valueOrEnd else { throw error("trailing comma before ']'") }
                    input.advance()
                    return close(false)
                default:
                    return try readValue(startingWith: byte)
                }
            case .commaOrEnd:
                let inObject = containers & 1 != 0
                if byte == UInt8(ascii: ",") {
                    input.advance()
                    expect = inObject ? .key : .value
                } else if byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    input.advance()
                    return close(inObject)
                } else {
                    throw commaError(found: byte, inObject: inObject)
                }
            case .keyOrEnd, .key:
                if byte == UInt8(ascii: "\"") {
                    input.advance()
                    let key = try readKey()
                    expect = .colon
                    return .key(key)
                }
                guard byte == UInt8(ascii: "}") else { throw keyError(found: byte) }
                guard expect == .keyOrEnd else { throw error("trailing comma before '}'") }
                input.advance()
                return close(true)
            case .colon:
                guard byte == UInt8(ascii: ":") else { throw error("expected ':' after an object key") }
                input.advance()
                expect = .value
            case .nextLine:
                switch byte {
                case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"):
                    throw error("unexpected '\(DocumentReadError.printable(byte))' after the end of a line's value")
                default:
                    linesRead += 1
                    expect = .value
                }
            case .done:
                throw error("unexpected '\(DocumentReadError.printable(byte))' after the end of the document")
            }
        }
    }

    /// The next byte that is not whitespace, not consumed; `nil` at the end of the input.
    @inline(__always)
    private mutating func significantByte() throws(DocumentReadError) -> UInt8? {
        // Between the tokens of a compact document there is no whitespace: one load and one test.
        if input.index < input.end {
            let byte = input.storage[input.index]
            if byte > 0x20 { return byte }
        }
        return try skipWhitespace()
    }

    @inline(never)
    private func nestingError() -> DocumentReadError {
        DocumentReadError(
            .limit, DocumentLimits.jsonNestingMessage, line: line, column: Int(input.offset - lineStart) + 1)
    }

    @inline(never)
    private func commaError(found byte: UInt8, inObject: Bool) -> DocumentReadError {
        error("expected ',' or '\(inObject ? "}" : "]")', found '\(DocumentReadError.printable(byte))'")
    }

    @inline(never)
    private func keyError(found byte: UInt8) -> DocumentReadError {
        error("expected a key in double quotes, found '\(DocumentReadError.printable(byte))'")
    }

    @inline(__always)
    private mutating func open(_ object: Bool) {
        if depth & 63 == 0, depth > 0 {
            spilledContainers.append(containers)
            containers = 0
        }
        containers = containers &<< 1 | (object ? 1 : 0)
        depth += 1
    }

    @inline(__always)
    private mutating func close(_ object: Bool) -> DocumentEvent {
        containers &>>= 1
        depth -= 1
        if depth & 63 == 0, depth > 0 { containers = spilledContainers.removeLast() }
        afterValue()
        return object ? .endObject : .endArray
    }

    @inline(__always)
    private mutating func afterValue() {
        expect = depth == 0 ? .done : depth == 1 && readsLines ? .nextLine : .commaOrEnd
    }

    /// Reads a string, number or literal (the containers are opened by ``next()``).
    private mutating func readValue(startingWith byte: UInt8) throws(DocumentReadError) -> DocumentEvent {
        switch byte {
        case UInt8(ascii: "\""):
            input.advance()
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
            let text = try readNumber()
            afterValue()
            return .number(text)
        default:
            throw error("unexpected '\(DocumentReadError.printable(byte))'")
        }
    }

    /// Reads a number by the RFC 8259 grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func readNumber() throws(DocumentReadError) -> String {
        scratch.removeAll(keepingCapacity: true)
        let column = Int(input.offset - lineStart) + 1
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        func digits() throws(DocumentReadError) {
            while let next = try input.peek(), isDigit(next) {
                guard scratch.count < longestValue else {
                    throw DocumentReadError(.malformed, DocumentLimits.longValueMessage, line: line, column: column)
                }
                scratch.append(next)
                input.advance()
            }
        }
        var byte = try input.peek()
        if byte == UInt8(ascii: "-") {
            scratch.append(UInt8(ascii: "-"))
            input.advance()
            byte = try input.peek()
        }
        guard let first = byte, isDigit(first) else { throw error("a digit must follow '-'") }
        scratch.append(first)
        input.advance()
        if first == UInt8(ascii: "0") {
            if isDigit(try input.peek()) { throw error("numbers must not have leading zeros") }
        } else {
            try digits()
        }
        if try input.peek() == UInt8(ascii: ".") {
            scratch.append(UInt8(ascii: "."))
            input.advance()
            guard isDigit(try input.peek()) else { throw error("a digit must follow the decimal point") }
            try digits()
        }
        if let marker = try input.peek(), marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            scratch.append(marker)
            input.advance()
            if let sign = try input.peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                scratch.append(sign)
                input.advance()
            }
            guard isDigit(try input.peek()) else { throw error("a digit must follow the exponent") }
            try digits()
        }
        return String(decoding: scratch, as: UTF8.self)
    }

    private mutating func readLiteral(_ literal: StaticString) throws(DocumentReadError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard try input.peek() == byte else { throw error("invalid literal (expected \(literal))") }
            input.advance()
        }
    }

    @inline(never)
    private mutating func skipWhitespace() throws(DocumentReadError) -> UInt8? {
        guard readsLines, depth > 1 else { return try input.skipWhitespace(line: &line, lineStart: &lineStart) }
        // A line of JSON Lines holds one whole value: a line feed inside it ends the line too soon.
        while let byte = try input.peek() {
            switch byte {
            case 0x0A: throw error("unexpected end of the line inside its value")
            case 0x20, 0x09, 0x0D: input.advance()
            default: return byte
            }
        }
        return nil
    }

    /// Reads an object key after its opening quote. A short plain key (ASCII, no escapes) read
    /// recently comes from ``KeyCache`` without making a new string: keys repeat from object to
    /// object.
    private mutating func readKey() throws(DocumentReadError) -> String {
        let head = try input.available()
        var end = 0
        while end < head.count, end <= KeyCache.longest {
            let byte = head[end]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { break }
            end += 1
        }
        guard end < head.count, end <= KeyCache.longest, head[end] == 0x22 else { return try readString() }
        let key = keys.key(UnsafeBufferPointer(rebasing: head[0..<end]))
        input.index += end + 1
        return key
    }

    /// Reads a string after its opening quote, checking escapes and UTF-8.
    private mutating func readString() throws(DocumentReadError) -> String {
        // Most strings are plain ASCII ending in the chunk at hand: made from it with no copy.
        let head = try input.available()
        var end = 0
        while end < head.count {
            let byte = head[end]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { break }
            end += 1
        }
        if end < head.count, head[end] == 0x22, end <= longestValue {
            let text = String(decoding: UnsafeBufferPointer(rebasing: head[0..<end]), as: UTF8.self)
            input.index += end + 1
            return text
        }
        scratch.removeAll(keepingCapacity: true)
        // The opening quote's column (a string holds no line break).
        let column = Int(input.offset - lineStart)
        while true {
            let chunk = try input.available()
            guard !chunk.isEmpty else { throw error("unterminated string") }
            // Copy the run of plain ASCII bytes in one go.
            var run = 0
            while run < chunk.count {
                let byte = chunk[run]
                if byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 { break }
                run += 1
            }
            if run > 0 {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<run]))
                input.index += run
            }
            guard scratch.count <= longestValue else {
                throw DocumentReadError(.malformed, DocumentLimits.longValueMessage, line: line, column: column)
            }
            if run == chunk.count { continue }
            let byte = chunk[run]
            switch byte {
            case 0x22:
                input.advance()
                return String(decoding: scratch, as: UTF8.self)
            case 0x5C:
                input.advance()
                try readEscape()
            case 0..<0x20:
                throw error("control character \\x\(String(byte, radix: 16, uppercase: true)) inside a string")
            default:
                try readMultiByte()
            }
        }
    }

    /// Reads and checks one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates).
    private mutating func readMultiByte() throws(DocumentReadError) {
        guard let lead = try input.peek() else { throw error("unterminated string") }
        guard let (count, low, high) = UTF8Sequence.continuation(after: lead) else {
            throw error("invalid UTF-8 byte \\x\(String(lead, radix: 16, uppercase: true)) inside a string")
        }
        scratch.append(lead)
        input.advance()
        for position in 0..<count {
            guard let byte = try input.peek(), byte >= (position == 0 ? low : 0x80),
                byte <= (position == 0 ? high : 0xBF)
            else { throw error("invalid UTF-8 sequence inside a string") }
            scratch.append(byte)
            input.advance()
        }
    }

    private mutating func readEscape() throws(DocumentReadError) {
        guard let byte = try input.peek() else { throw error("unterminated string") }
        input.advance()
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            // A high surrogate pairs with a following \u low surrogate; alone it is U+FFFD (and a
            // high surrogate after it starts a pair of its own).
            while (0xD800..<0xDC00).contains(scalar) {
                guard try input.peek() == UInt8(ascii: "\\") else {
                    scalar = 0xFFFD
                    break
                }
                input.advance()
                guard try input.peek() == UInt8(ascii: "u") else {
                    scratch.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    try readEscape()
                    return
                }
                input.advance()
                let low = try readHex4()
                if (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    scratch.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    scalar = low
                }
            }
            if (0xDC00..<0xE000).contains(scalar) { scalar = 0xFFFD }
            scratch.append(contentsOf: String(Character(UnicodeScalar(scalar) ?? "\u{FFFD}")).utf8)
        default:
            throw error("invalid escape '\\\(DocumentReadError.printable(byte))'")
        }
    }

    private mutating func readHex4() throws(DocumentReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try input.peek(), let digit = Self.hexValue(byte) else {
                throw error("invalid \\u escape (four hexadecimal digits expected)")
            }
            input.advance()
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

    /// The strings of short keys read recently, found by their bytes: 16 slots, one per key,
    /// chosen by a key's length and first and last bytes.
    private struct KeyCache {
        /// The longest key kept, in bytes.
        static let longest = 31
        private static let slotBytes = 32
        /// Per slot: the key's length, then its bytes.
        private var bytes = [UInt8](repeating: 0, count: 16 * KeyCache.slotBytes)
        private var strings = [String](repeating: "", count: 16)

        /// The string of `text` (plain ASCII, at most ``longest`` bytes): the one kept if the
        /// same bytes were read last in its slot, otherwise a new one, kept.
        mutating func key(_ text: UnsafeBufferPointer<UInt8>) -> String {
            let count = text.count
            let hash = count == 0 ? 0 : UInt(count) &* 7 &+ UInt(text[0]) &* 3 &+ UInt(text[count - 1])
            let slot = Int(hash & 15)
            let base = slot * Self.slotBytes
            let hit = bytes.withUnsafeBufferPointer { stored in
                guard Int(stored[base]) == count else { return false }
                for index in 0..<count where stored[base + 1 + index] != text[index] { return false }
                return true
            }
            if hit { return strings[slot] }
            let string = String(decoding: text, as: UTF8.self)
            bytes.withUnsafeMutableBufferPointer { stored in
                stored[base] = UInt8(count)
                for index in 0..<count { stored[base + 1 + index] = text[index] }
            }
            strings[slot] = string
            return string
        }
    }
}
