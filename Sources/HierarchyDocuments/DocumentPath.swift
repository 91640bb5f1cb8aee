import HierarchySources

/// Where a value sits in a document read as its structure: the object keys and array indexes
/// from the document's top, written as a JSON Pointer (RFC 6901) or a jq path.
public struct DocumentPath: Sendable, Equatable {
    /// One step down: an object's member or an array's element.
    public enum Component: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    /// The steps from the document's top; none for the document itself.
    public var components: [Component]

    public init(_ components: [Component]) {
        self.components = components
    }

    /// The JSON Pointer (RFC 6901): `/a/b/3`, with `~` written `~0` and `/` written `~1`; the
    /// empty string for the whole document.
    public var jsonPointer: String {
        var pointer = ""
        for component in components {
            pointer += "/"
            switch component {
            case .key(let key):
                pointer += key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            case .index(let index):
                pointer += String(index)
            }
        }
        return pointer
    }

    /// The jq path: `.a.b[3]`, a key that is not an identifier quoted as jq writes it
    /// (`."key with space"`); `.` for the whole document.
    public var jqPath: String {
        var path = ""
        for component in components {
            switch component {
            case .key(let key):
                path += Self.isIdentifier(key) ? "." + key : "." + DocumentJSON.quoted(key)
            case .index(let index):
                path += "[\(index)]"
            }
        }
        return path.isEmpty ? "." : path
    }

    /// Whether jq reads a key bare after a dot: a letter or `_`, then letters, digits and `_`
    /// (ASCII only).
    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return key.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// A JSON Pointer of identifiers: each identifier from the top item down, escaped as a
    /// pointer's keys are (how a store's item is named, its "id path").
    ///
    /// - Parameter ids: The identifiers from the top item to the item.
    /// - Returns: For example `/1/17/342`.
    public static func idPath(_ ids: [String]) -> String {
        DocumentPath(ids.map { .key($0) }).jsonPointer
    }
}

/// Writes a document's values as compact JSON (RFC 8259).
public enum DocumentJSON {
    /// A string as a JSON string: quoted, with `"`, `\` and control characters escaped.
    public static func quoted(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &out)
        return out
    }

    /// Appends `text` as a JSON string: quoted, with `"`, `\`, the C0 controls and DEL escaped
    /// (the documents' values, and a store's ids, titles and attributes, alike).
    public static func appendQuoted(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// A scalar as JSON: strings quoted, numbers as written when they are JSON numbers (a
    /// YAML `0x1F` or `.inf` is kept as a string), `true`, `false`, `null`.
    ///
    /// - Parameters:
    ///   - text: The value as read.
    ///   - kind: Its kind.
    /// - Returns: The JSON text.
    public static func scalar(_ text: String, kind: DocumentValueKind) -> String {
        switch kind {
        case .number: isNumber(text) ? text : quoted(text)
        case .bool: text == "true" ? "true" : "false"
        case .null: "null"
        case .string, .object, .array: quoted(text)
        }
    }

    /// Whether text is a JSON number: `-`? int frac? exp?.
    static func isNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Int {
            var count = 0
            while let byte = bytes.first, byte >= 0x30, byte <= 0x39 {
                bytes.removeFirst()
                count += 1
            }
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes.removeFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes.removeFirst()
            guard digits() > 0 else { return false }
        }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes.removeFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes.removeFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
