import Foundation
import Yams

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

    /// Parses YAML with Yams and converts the node tree; marks become line and column.
    static func parseYAML(_ data: Data, path: String) throws(HierarchySourceError) -> Any {
        guard let text = String(data: data, encoding: .utf8) else {
            throw HierarchySourceError(.malformed, "YAML must be UTF-8 text", path: path)
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw yamlError(error, path: path)
        } catch {
            throw HierarchySourceError(.malformed, "not valid YAML: \(error)", path: path)
        }
        guard let node else { return [Any]() }
        return yamlValue(node, depth: 0)
    }

    /// A Yams error as a source error.
    static func yamlError(_ error: YamlError, path: String) -> HierarchySourceError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            var message = "invalid YAML: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line))" }
            return HierarchySourceError(.malformed, message, path: path, line: mark.line, column: mark.column)
        case .reader(let problem, let offset, _, let yaml):
            var line: Int?
            var column: Int?
            if let offset { (line, column) = lineAndColumn(ofByteOffset: offset, in: Data(yaml.utf8)) }
            return HierarchySourceError(.malformed, "invalid YAML: \(problem)", path: path, line: line, column: column)
        default:
            return HierarchySourceError(.malformed, "not valid YAML: \(error)", path: path)
        }
    }

    /// A Yams node as arrays, dictionaries, strings and `NSNull`.
    ///
    /// libyaml refuses documents nested deeper than 1,000 levels, so this recursion is bounded.
    static func yamlValue(_ node: Node, depth: Int) -> Any {
        switch node {
        case .scalar(let scalar):
            if node.null != nil, scalar.style == .plain { return NSNull() }
            return scalar.string
        case .sequence(let sequence):
            return sequence.map { yamlValue($0, depth: depth + 1) }
        case .mapping(let mapping):
            var dictionary: [String: Any] = [:]
            for (key, value) in mapping {
                guard let key = key.string else { continue }
                dictionary[key] = yamlValue(value, depth: depth + 1)
            }
            return dictionary
        case .alias:
            return NSNull()
        }
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
