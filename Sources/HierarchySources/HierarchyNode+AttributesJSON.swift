import Foundation

extension HierarchyNode {
    /// The attributes a store keeps as a JSON object (the `attributes` column of both stores):
    /// strings as they are, numbers as written, any other value as its text; not an object:
    /// none.
    ///
    /// - Complexity: O(length of `json`).
    package static func attributes(fromJSON json: String) -> [String: String] {
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
