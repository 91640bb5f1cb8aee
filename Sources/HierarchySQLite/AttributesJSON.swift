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
}
