import Foundation
import HierarchyDocuments
import HierarchySources

/// The `attributes` column: a flat JSON object of string values.
enum AttributesJSON {
    /// Encodes attributes as a JSON object with keys in sorted order, `nil` when empty.
    ///
    /// - Complexity: O(total length of keys and values).
    static func encode(_ attributes: [String: String]) -> String? {
        guard !attributes.isEmpty else { return nil }
        var out = "{"
        for (index, key) in attributes.keys.sorted().enumerated() {
            if index > 0 { out += "," }
            DocumentJSON.appendQuoted(key, to: &out)
            out += ":"
            DocumentJSON.appendQuoted(attributes[key] ?? "", to: &out)
        }
        out += "}"
        return out
    }

    /// Encodes already ordered pairs (no sorting, no deduplication).
    static func encode(pairs: [(String, String)]) -> String? {
        guard !pairs.isEmpty else { return nil }
        var out = "{"
        for (index, pair) in pairs.enumerated() {
            if index > 0 { out += "," }
            DocumentJSON.appendQuoted(pair.0, to: &out)
            out += ":"
            DocumentJSON.appendQuoted(pair.1, to: &out)
        }
        out += "}"
        return out
    }

    /// Decodes a column value; values that are not strings are rendered as JSON text.
    static func decode(_ json: String) -> [String: String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            return [:]
        }
        var result: [String: String] = [:]
        for (key, value) in object {
            switch value {
            case let string as String: result[key] = string
            case let number as NSNumber: result[key] = number.stringValue
            default: result[key] = "\(value)"
            }
        }
        return result
    }
}
