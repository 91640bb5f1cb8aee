import Foundation

extension DocumentSource {
    /// A JSON parse failure with the line and column of Foundation's "around character N".
    static func jsonError(_ error: any Error, data: Data, path: String) -> HierarchySourceError {
        let detail = debugDescription(of: error)
        if let depth = nestingOverflow(in: data, format: .json) {
            return HierarchySourceError(
                .malformed, "nesting deeper than \(foundationNestingLimit) levels of arrays and objects",
                path: path, line: depth.line, column: depth.column)
        }
        var message = detail ?? "not valid JSON"
        var line: Int?
        var column: Int?
        if let offset = number(after: "character ", in: message) ?? number(after: " at ", in: message) {
            (line, column) = lineAndColumn(ofByteOffset: offset, in: data)
        } else if message.contains("end of file") || message.contains("Unexpected end") {
            (line, column) = lineAndColumn(ofByteOffset: data.count, in: data)
        }
        message = "invalid JSON: " + strippingLocation(message)
        return HierarchySourceError(.malformed, message, path: path, line: line, column: column)
    }

    /// A property list parse failure with the line Foundation names ("on line N").
    static func propertyListError(_ error: any Error, data: Data, path: String) -> HierarchySourceError {
        if let depth = nestingOverflow(in: data, format: .propertyList) {
            return HierarchySourceError(
                .malformed, "nesting deeper than \(foundationNestingLimit) levels of arrays and dictionaries",
                path: path, line: depth.line, column: depth.column)
        }
        let detail = debugDescription(of: error) ?? "not a valid property list"
        let line = number(after: "line ", in: detail)
        return HierarchySourceError(.malformed, "invalid property list: " + strippingLocation(detail), path: path, line: line)
    }

    // MARK: - Locations

    /// The 1-based line and column (in bytes) of a 0-based byte offset.
    static func lineAndColumn(ofByteOffset offset: Int, in data: Data) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        let end = min(max(offset, 0), data.count)
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            for index in 0..<end where bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
        }
        return (line, end - lineStart + 1)
    }

    /// Where the nesting of a JSON or XML property list document first passes Foundation's limit.
    ///
    /// JSON counts `[` and `{` outside strings; XML counts `<array>` and `<dict>` elements.
    /// - Complexity: O(n) for n bytes; run only after a parse failure.
    static func nestingOverflow(in data: Data, format: DocumentFormat) -> (line: Int, column: Int)? {
        var depth = 0
        var inString = false
        var escaped = false
        var offset: Int?
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch format {
                case .json:
                    if inString {
                        if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 {
                            inString = false
                        }
                    } else if byte == 0x22 {
                        inString = true
                    } else if byte == 0x5B || byte == 0x7B {
                        depth += 1
                    } else if byte == 0x5D || byte == 0x7D {
                        depth -= 1
                    }
                case .propertyList, .yaml:
                    if byte == 0x3C, index + 1 < bytes.count {
                        let rest = UnsafeBufferPointer(rebasing: bytes[(index + 1)...])
                        if rest.starts(with: "array>".utf8) || rest.starts(with: "dict>".utf8) {
                            depth += 1
                        } else if rest.starts(with: "/array>".utf8) || rest.starts(with: "/dict>".utf8) {
                            depth -= 1
                        }
                    }
                }
                if depth > foundationNestingLimit {
                    offset = index
                    return
                }
                index += 1
            }
        }
        return offset.map { lineAndColumn(ofByteOffset: $0, in: data) }
    }

    private static func debugDescription(of error: any Error) -> String? {
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
    }

    /// The integer following `marker` in `text`, if any.
    private static func number(after marker: String, in text: String) -> Int? {
        guard let range = text.range(of: marker, options: .backwards) else { return nil }
        let digits = text[range.upperBound...].prefix(while: \.isNumber)
        return Int(digits)
    }

    /// A parser message without its trailing location and period.
    private static func strippingLocation(_ message: String) -> String {
        var text = message
        for marker in [" around character ", " around line ", " on line ", " at line "] {
            if let range = text.range(of: marker, options: .backwards) { text = String(text[..<range.lowerBound]) }
        }
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
