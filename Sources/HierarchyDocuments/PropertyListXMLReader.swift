import Foundation

/// A streaming reader of XML property lists that produces ``DocumentEvent``s one at a time.
///
/// It holds one chunk of input, the text of the current element and the stack of open
/// containers, never the document or a decoded object tree. Dictionary members come in the
/// order the file gives them. Values map to events as they did through Foundation's reader:
/// `<integer>` and `<real>` become numbers written as people write them (`42`, `2.5`),
/// `<date>` an ISO 8601 string, `<data>` its Base64 text. Every error has the line and
/// column where it was found: an unknown or unclosed element, a `<key>` without a value, a
/// value where a `<key>` belongs, text outside an element, a malformed number, date or
/// Base64 block, invalid UTF-8, an unknown entity. Nesting deeper than
/// ``DocumentLimits/maximumNesting`` containers is a `.limit` error, as for every other
/// property list path.
///
/// - Complexity: O(n) time for n bytes; memory O(depth + longest element text).
public struct PropertyListXMLReader: DocumentEventSource {
    private enum Container: Equatable {
        /// `<plist>`: holds one value.
        case plist(hasValue: Bool)
        /// `<dict>`: `expectsValue` after a `<key>`.
        case dict(expectsValue: Bool)
        case array
    }

    private let input: ByteInput
    private var containers: [Container] = []
    /// Whether the top-level value has been read.
    private var hasTopValue = false
    /// An event decided with the previous one (the end of an empty `<dict/>` or `<array/>`).
    private var pending: DocumentEvent?
    private var text: [UInt8] = []
    private var name: [UInt8] = []
    private var line = 1
    private var lineStart: Int64 = 0
    private var started = false
    public private(set) var eventLine: Int? = 1
    public private(set) var eventColumn: Int? = 1

    public var bytesRead: Int64 { input.offset }

    /// - Parameter input: The document's bytes.
    public init(input: ByteInput) {
        self.input = input
        text.reserveCapacity(256)
    }

    private var column: Int { Int(input.offset - lineStart) + 1 }

    private func error(_ message: String) -> DocumentReadError {
        DocumentReadError(.malformed, message, line: line, column: column)
    }

    /// An error at the start of the current event.
    private func eventError(_ message: String) -> DocumentReadError {
        DocumentReadError(.malformed, message, line: eventLine, column: eventColumn)
    }

    private mutating func start() throws(DocumentReadError) {
        started = true
        let head = try input.available()
        if head.count >= 2,
            head[0] == 0 || head[1] == 0 || (head[0] == 0xFE && head[1] == 0xFF)
                || (head[0] == 0xFF && head[1] == 0xFE)
        {
            throw error("the property list is UTF-16 or UTF-32; only UTF-8 property lists are read")
        }
        if head.count >= 3, head[0] == 0xEF, head[1] == 0xBB, head[2] == 0xBF {
            for _ in 0..<3 { input.advance() }
            lineStart = input.offset
        }
    }

    /// The next event, `nil` after the end of the document.
    ///
    /// - Throws: ``DocumentReadError`` (`.malformed` or `.limit`) with line and column, or `.io`.
    public mutating func next() throws(DocumentReadError) -> DocumentEvent? {
        if !started { try start() }
        if let event = pending {
            pending = nil
            return event
        }
        while true {
            guard let byte = try skipWhitespace() else {
                if containers.isEmpty && hasTopValue { return nil }
                throw error(
                    hasTopValue || !containers.isEmpty
                        ? "unexpected end of the property list" : "the property list has no value")
            }
            eventLine = line
            eventColumn = column
            guard byte == UInt8(ascii: "<") else {
                throw error("unexpected text '\(DocumentReadError.printable(byte))' outside an element")
            }
            input.advance()
            guard let next = try input.peek() else { throw error("unexpected end of the property list") }
            switch next {
            case UInt8(ascii: "?"):
                try skip(past: Array("?>".utf8), what: "processing instruction")
            case UInt8(ascii: "!"):
                try skipDeclarationOrComment()
            case UInt8(ascii: "/"):
                input.advance()
                let closing = try readName()
                try expectTagEnd()
                if let event = try close(closing) { return event }
            default:
                let (element, isEmpty) = try readStartTag()
                if let event = try open(element, isEmpty: isEmpty) { return event }
            }
        }
    }

    // MARK: - Elements

    /// Handles a start tag; returns its event, or `nil` for `<plist>`.
    private mutating func open(_ element: String, isEmpty: Bool) throws(DocumentReadError) -> DocumentEvent? {
        if element == "plist" {
            guard containers.isEmpty, !hasTopValue else {
                throw eventError("unexpected <plist> inside the property list")
            }
            if isEmpty { throw eventError("the property list has no value") }
            containers.append(.plist(hasValue: false))
            return nil
        }
        if element == "key" {
            guard case .dict(expectsValue: false)? = containers.last else {
                throw eventError("unexpected <key> outside a <dict>")
            }
            containers[containers.count - 1] = .dict(expectsValue: true)
            if isEmpty { return .key("") }
            return .key(try readText(of: element))
        }
        try valueStarts(element)
        switch element {
        case "dict", "array":
            guard containers.count < DocumentLimits.maximumNesting else {
                throw DocumentReadError(.limit, DocumentLimits.nestingMessage, line: eventLine, column: eventColumn)
            }
            if isEmpty {
                pending = element == "dict" ? .endObject : .endArray
                valueEnded()
            } else {
                containers.append(element == "dict" ? .dict(expectsValue: false) : .array)
            }
            return element == "dict" ? .beginObject : .beginArray
        case "true", "false":
            if !isEmpty {
                guard try readText(of: element).isEmpty else { throw eventError("<\(element)> must be empty") }
            }
            valueEnded()
            return .bool(element == "true")
        case "string", "integer", "real", "date", "data":
            var content = ""
            if !isEmpty { content = try readText(of: element) }
            let event = try scalar(element, content)
            valueEnded()
            return event
        default:
            throw eventError("unknown tag <\(element)>")
        }
    }

    /// Checks that a value may start here (not where a `<key>` belongs, not a second top value).
    private mutating func valueStarts(_ element: String) throws(DocumentReadError) {
        switch containers.last {
        case nil:
            guard !hasTopValue else { throw eventError("unexpected <\(element)> after the end of the property list") }
        case .plist(let hasValue)?:
            guard !hasValue else { throw eventError("a <plist> holds one value; found a second <\(element)>") }
        case .dict(let expectsValue)?:
            guard expectsValue else { throw eventError("expected a <key> in <dict>, found <\(element)>") }
        case .array?:
            break
        }
    }

    /// Records that a value ended in the innermost container.
    private mutating func valueEnded() {
        switch containers.last {
        case nil: hasTopValue = true
        case .plist?: containers[containers.count - 1] = .plist(hasValue: true)
        case .dict?: containers[containers.count - 1] = .dict(expectsValue: false)
        case .array?: break
        }
    }

    /// Handles an end tag; returns its event, or `nil` for `</plist>`.
    private mutating func close(_ element: String) throws(DocumentReadError) -> DocumentEvent? {
        let open: String
        switch containers.last {
        case nil: throw eventError("unexpected </\(element)>")
        case .plist(let hasValue)?:
            open = "plist"
            if element == open {
                guard hasValue else { throw eventError("the property list has no value") }
                containers.removeLast()
                hasTopValue = true
                return nil
            }
        case .dict(let expectsValue)?:
            open = "dict"
            if element == open {
                guard !expectsValue else { throw eventError("the last <key> in <dict> has no value") }
                containers.removeLast()
                valueEnded()
                return .endObject
            }
        case .array?:
            open = "array"
            if element == open {
                containers.removeLast()
                valueEnded()
                return .endArray
            }
        }
        throw eventError("expected </\(open)>, found </\(element)>")
    }

    /// The event of a scalar element's text.
    private func scalar(_ element: String, _ content: String) throws(DocumentReadError) -> DocumentEvent {
        switch element {
        case "string":
            return .string(content)
        case "integer":
            let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)
            if let value = Int64(trimmed) { return .number(String(value)) }
            if let value = UInt64(trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed) {
                return .number(String(value))
            }
            if let value = Self.hexInteger(trimmed) { return .number(String(value)) }
            throw eventError("invalid <integer> '\(Self.shortened(trimmed))'")
        case "real":
            let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let value = Double(trimmed) else { throw eventError("invalid <real> '\(Self.shortened(trimmed))'") }
            return Self.number(value)
        case "date":
            let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let date = try? Date(trimmed, strategy: .iso8601) else {
                throw eventError("invalid <date> '\(Self.shortened(trimmed))'")
            }
            return .string(PropertyListDate.text(secondsSinceReferenceDate: date.timeIntervalSinceReferenceDate))
        default:
            let compact = String(content.unicodeScalars.filter { !$0.properties.isWhitespace })
            guard let data = Data(base64Encoded: compact) else { throw eventError("invalid Base64 in <data>") }
            return .string(data.base64EncodedString())
        }
    }

    /// A number event as ``DocumentValueEvents`` writes a double: whole numbers without a fraction.
    static func number(_ value: Double) -> DocumentEvent {
        if value.rounded() == value, abs(value) < 1e15 { return .number(String(Int64(value))) }
        return .number(String(value))
    }

    private static func hexInteger(_ text: String) -> Int64? {
        var digits = Substring(text)
        let negative = digits.hasPrefix("-")
        if negative || digits.hasPrefix("+") { digits = digits.dropFirst() }
        guard digits.hasPrefix("0x") || digits.hasPrefix("0X"), let magnitude = UInt64(digits.dropFirst(2), radix: 16)
        else { return nil }
        if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    // MARK: - Lexing

    @inline(__always)
    private mutating func skipWhitespace() throws(DocumentReadError) -> UInt8? {
        try input.skipWhitespace(line: &line, lineStart: &lineStart)
    }

    /// Consumes one byte, counting lines.
    @inline(__always)
    private mutating func take() throws(DocumentReadError) -> UInt8 {
        guard let byte = try input.peek() else { throw error("unexpected end of the property list") }
        input.advance()
        if byte == 0x0A {
            line += 1
            lineStart = input.offset
        }
        return byte
    }

    /// Skips bytes up to and including `terminator`.
    private mutating func skip(past terminator: [UInt8], what: String) throws(DocumentReadError) {
        var matched = 0
        while matched < terminator.count {
            guard try input.peek() != nil else { throw error("unexpected end of the property list in a \(what)") }
            let byte = try take()
            matched = byte == terminator[matched] ? matched + 1 : (byte == terminator[0] ? 1 : 0)
        }
    }

    /// After `<!`: skips a comment (`-- … -->`) if one starts here.
    ///
    /// - Returns: Whether there was one.
    private mutating func skipCommentIfAny() throws(DocumentReadError) -> Bool {
        guard try input.peek() == UInt8(ascii: "-") else { return false }
        input.advance()
        guard try input.peek() == UInt8(ascii: "-") else { throw error("malformed comment") }
        input.advance()
        try skip(past: Array("-->".utf8), what: "comment")
        return true
    }

    /// Skips `<!-- … -->` or `<!DOCTYPE …>` (with an internal subset in brackets); the `<` is consumed.
    private mutating func skipDeclarationOrComment() throws(DocumentReadError) {
        input.advance()  // "!"
        if try skipCommentIfAny() { return }
        guard !containers.contains(where: { if case .plist = $0 { false } else { true } }) else {
            throw eventError("unexpected declaration inside a value")
        }
        var brackets = 0
        while true {
            let byte = try take()
            if byte == UInt8(ascii: "[") { brackets += 1 }
            if byte == UInt8(ascii: "]") { brackets -= 1 }
            if byte == UInt8(ascii: ">"), brackets <= 0 { return }
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), 0x80...0xFF:
            true
        default:
            false
        }
    }

    private mutating func readName() throws(DocumentReadError) -> String {
        name.removeAll(keepingCapacity: true)
        while let byte = try input.peek(), Self.isNameByte(byte) {
            name.append(byte)
            input.advance()
            guard name.count <= 64 else { throw eventError("an element name longer than 64 bytes") }
        }
        guard !name.isEmpty else {
            if let byte = try input.peek() { throw error("unexpected '\(DocumentReadError.printable(byte))' in a tag") }
            throw error("unexpected end of the property list")
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// Reads the rest of a start tag (its attributes are skipped); the `<` is consumed.
    private mutating func readStartTag() throws(DocumentReadError) -> (String, isEmpty: Bool) {
        let element = try readName()
        while true {
            guard let byte = try skipWhitespace() else { throw error("unexpected end of the property list in a tag") }
            switch byte {
            case UInt8(ascii: ">"):
                input.advance()
                return (element, false)
            case UInt8(ascii: "/"):
                input.advance()
                guard try input.peek() == UInt8(ascii: ">") else { throw error("expected '>' after '/' in a tag") }
                input.advance()
                return (element, true)
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                input.advance()
                try skip(past: [byte], what: "tag")
            default:
                guard Self.isNameByte(byte) || byte == UInt8(ascii: "=") else {
                    throw error("unexpected '\(DocumentReadError.printable(byte))' in a tag")
                }
                input.advance()
            }
        }
    }

    private mutating func expectTagEnd() throws(DocumentReadError) {
        guard try skipWhitespace() == UInt8(ascii: ">") else { throw error("expected '>' to end the tag") }
        input.advance()
    }

    /// Reads an element's text up to its end tag, decoding entities and CDATA sections.
    private mutating func readText(of element: String) throws(DocumentReadError) -> String {
        text.removeAll(keepingCapacity: true)
        while true {
            let chunk = try input.available()
            guard !chunk.isEmpty else { throw error("unexpected end of the property list in <\(element)>") }
            // Plain bytes in bulk, up to the next markup, entity or line break.
            var count = 0
            while count < chunk.count {
                let byte = chunk[count]
                if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == 0x0A { break }
                count += 1
            }
            if count > 0 {
                text.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<count]))
                input.index += count
                continue
            }
            let byte = chunk[0]
            if byte == 0x0A {
                text.append(try take())
            } else if byte == UInt8(ascii: "&") {
                input.advance()
                try readEntity()
            } else {
                input.advance()
                let next = try input.peek()
                if next == UInt8(ascii: "/") {
                    input.advance()
                    let closing = try readName()
                    guard closing == element else { throw eventError("<\(element)> is closed by </\(closing)>") }
                    try expectTagEnd()
                    break
                } else if next == UInt8(ascii: "!") {
                    try readCDATAOrComment()
                } else {
                    throw error("unexpected element inside <\(element)>")
                }
            }
        }
        guard let string = String(validating: text, as: UTF8.self) else {
            throw eventError("invalid UTF-8 in <\(element)>")
        }
        return string
    }

    /// After `<!` inside text: a CDATA section (its bytes taken as they are) or a comment.
    private mutating func readCDATAOrComment() throws(DocumentReadError) {
        input.advance()  // "!"
        if try skipCommentIfAny() { return }
        for expected in Array("[CDATA[".utf8) {
            guard try take() == expected else { throw error("unexpected markup inside an element") }
        }
        let terminator = Array("]]>".utf8)
        var matched = 0
        while matched < terminator.count {
            let byte = try take()
            if byte == terminator[matched] {
                matched += 1
            } else {
                text.append(contentsOf: terminator[0..<matched])
                matched = 0
                if byte == terminator[0] { matched = 1 } else { text.append(byte) }
            }
        }
    }

    /// Decodes an entity after its `&`.
    private mutating func readEntity() throws(DocumentReadError) {
        var entity: [UInt8] = []
        while true {
            let byte = try take()
            if byte == UInt8(ascii: ";") { break }
            entity.append(byte)
            guard entity.count <= 12 else {
                throw error("unterminated entity '&\(Self.shortened(String(decoding: entity, as: UTF8.self)))'")
            }
        }
        let name = String(decoding: entity, as: UTF8.self)
        switch name {
        case "lt": text.append(UInt8(ascii: "<"))
        case "gt": text.append(UInt8(ascii: ">"))
        case "amp": text.append(UInt8(ascii: "&"))
        case "quot": text.append(UInt8(ascii: "\""))
        case "apos": text.append(UInt8(ascii: "'"))
        default:
            var value: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                value = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                value = UInt32(name.dropFirst(1))
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else {
                throw error("unknown entity '&\(name);'")
            }
            text.append(contentsOf: Array(String(Character(scalar)).utf8))
        }
    }

    private static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
