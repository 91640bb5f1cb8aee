import Foundation

extension LinearHierarchyItem {
    /// The deepest nesting of entries accepted (the limit of every recursive document reader);
    /// deeper entries are reported as errors.
    public static let maximumDocumentDepth = LinearEntry.maximumNesting

    /// Builds items from in-code arrays and dictionaries (the shape of a CBLinearHierarchy plist).
    ///
    /// Each entry is a dictionary with the keys `name` (string, required), `type` (`static` or
    /// `dynamic`, default `static`), `children` (an array of entries, default empty; dynamic
    /// entries must not list children), optionally `width` and `height` (non-negative numbers,
    /// both or neither) for a per-item size, and `payload` (a string handed back to the host).
    /// Unknown keys are ignored. Identifiers are assigned depth first, parents before children,
    /// counting up from `firstID`.
    ///
    /// - Parameters:
    ///   - entries: The root entries.
    ///   - firstID: The raw value of the first identifier handed out.
    /// - Returns: The root items.
    /// - Throws: ``LinearHierarchyError`` naming the index path of the first malformed entry.
    /// - Complexity: O(n) in the number of entries.
    public static func items(
        from entries: [[String: Any]],
        firstID: Int = 0
    ) throws(LinearHierarchyError) -> [LinearHierarchyItem] {
        try items(fromPropertyList: entries.map { $0 as Any }, firstID: firstID)
    }

    /// Builds items from a decoded property list or JSON value.
    ///
    /// The top level is either an array of entries (the plist form) or a dictionary whose `root`
    /// key holds that array (the JSON form `{"root": [...]}`). See ``items(from:firstID:)`` for the
    /// entry keys.
    ///
    /// - Parameters:
    ///   - value: The decoded document.
    ///   - firstID: The raw value of the first identifier handed out.
    /// - Returns: The root items.
    /// - Throws: ``LinearHierarchyError`` naming the index path of the first malformed entry.
    /// - Complexity: O(n) in the number of entries.
    public static func items(
        fromPropertyList value: Any,
        firstID: Int = 0
    ) throws(LinearHierarchyError) -> [LinearHierarchyItem] {
        try LinearValueReader.items(of: value, firstID: firstID)
    }
}
