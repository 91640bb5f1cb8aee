import Foundation
import HierarchyDocuments

extension LinearHierarchyItem {
    /// The deepest nesting accepted in a document (``DocumentLimits/maximumNesting``, the limit of
    /// every recursive document reader); deeper entries are reported as errors.
    public static let maximumDocumentDepth = DocumentLimits.maximumNesting

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
        var parser = EntryParser(nextID: firstID)
        return try parser.parseList(entries.map { $0 as Any }, at: [])
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
        let list: [Any]
        if let array = value as? [Any] {
            list = array
        } else if let dictionary = value as? [String: Any] {
            guard let root = dictionary["root"] else {
                throw LinearHierarchyError(
                    code: .invalidRoot, indexPath: [],
                    message: "the top-level dictionary has no \"root\" array")
            }
            guard let array = root as? [Any] else {
                throw LinearHierarchyError(
                    code: .invalidRoot, indexPath: [], message: "\"root\" is not an array")
            }
            list = array
        } else {
            throw LinearHierarchyError(
                code: .invalidRoot, indexPath: [],
                message: "the top level is neither an array nor a dictionary with a \"root\" array")
        }
        var parser = EntryParser(nextID: firstID)
        return try parser.parseList(list, at: [])
    }

    /// Builds items from JSON text, `{"root": [...]}` or a bare array.
    ///
    /// The bytes are read by the strict RFC 8259 reader every command uses
    /// (``JSONEventReader``), so a document the linear module opens is one
    /// `hierarchy print` and `hierarchy import` open too.
    ///
    /// - Parameters:
    ///   - data: UTF-8 JSON handed in by the caller.
    ///   - firstID: The raw value of the first identifier handed out.
    /// - Returns: The root items.
    /// - Throws: ``LinearHierarchyError`` (`unreadableDocument` with line and column when
    ///   the bytes are not JSON).
    public static func items(fromJSON data: Data, firstID: Int = 0) throws(LinearHierarchyError)
        -> [LinearHierarchyItem]
    {
        let value: Any
        do {
            var reader = JSONEventReader(input: ByteInput(bytes: data))
            // An entry is two containers deep (the entry and its `children`), plus the top.
            value = try DocumentValueBuilder.value(of: &reader, maximumDepth: 2 * maximumDocumentDepth + 2)
        } catch {
            let place = error.line.map { " at line \($0), column \(error.column ?? 1)" } ?? ""
            if error.kind == .limit {
                throw LinearHierarchyError(code: .invalidChildren, indexPath: [], message: error.message + place)
            }
            throw LinearHierarchyError(
                code: .unreadableDocument, indexPath: [], message: "not valid JSON (\(error.message)\(place))")
        }
        return try items(fromPropertyList: value, firstID: firstID)
    }

    /// Builds items from property list bytes (XML or binary) whose root is an array of entries.
    ///
    /// - Parameters:
    ///   - data: The property list handed in by the caller.
    ///   - firstID: The raw value of the first identifier handed out.
    /// - Returns: The root items.
    /// - Throws: ``LinearHierarchyError`` (`unreadableDocument` when the bytes are not a plist).
    public static func items(fromPropertyListData data: Data, firstID: Int = 0) throws(LinearHierarchyError)
        -> [LinearHierarchyItem]
    {
        let value: Any
        do {
            value = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            if detail.contains("Too many nested") {
                // Foundation's reader stops at the limit of every recursive document reader.
                throw LinearHierarchyError(code: .invalidChildren, indexPath: [], message: DocumentLimits.nestingMessage)
            }
            throw LinearHierarchyError(
                code: .unreadableDocument, indexPath: [], message: "not a valid property list")
        }
        return try items(fromPropertyList: value, firstID: firstID)
    }
}

/// Turns decoded entries into items, handing out identifiers in preorder.
private struct EntryParser {
    var nextID: Int

    mutating func parseList(_ list: [Any], at path: [Int]) throws(LinearHierarchyError) -> [LinearHierarchyItem] {
        var items: [LinearHierarchyItem] = []
        items.reserveCapacity(list.count)
        for (index, entry) in list.enumerated() {
            items.append(try parseEntry(entry, at: path + [index]))
        }
        return items
    }

    mutating func parseEntry(_ entry: Any, at path: [Int]) throws(LinearHierarchyError) -> LinearHierarchyItem {
        guard path.count <= LinearHierarchyItem.maximumDocumentDepth else {
            throw LinearHierarchyError(
                code: .invalidChildren, indexPath: path,
                message: "nested deeper than \(LinearHierarchyItem.maximumDocumentDepth) levels")
        }
        guard let dictionary = entry as? [String: Any] else {
            throw LinearHierarchyError(
                code: .entryNotDictionary, indexPath: path,
                message: "expected a dictionary with \"name\", \"type\" and \"children\"")
        }
        guard let rawName = dictionary["name"] else {
            throw LinearHierarchyError(code: .invalidName, indexPath: path, message: "missing \"name\"")
        }
        guard let name = rawName as? String else {
            throw LinearHierarchyError(code: .invalidName, indexPath: path, message: "\"name\" is not a string")
        }
        let kind: LinearHierarchyItem.Kind
        switch dictionary["type"] {
        case nil:
            kind = .static
        case let text as String:
            guard let parsed = LinearHierarchyItem.Kind(rawValue: text.lowercased()) else {
                throw LinearHierarchyError(
                    code: .invalidType, indexPath: path,
                    message: "\"type\" is \"\(text)\"; expected \"static\" or \"dynamic\"")
            }
            kind = parsed
        default:
            throw LinearHierarchyError(
                code: .invalidType, indexPath: path, message: "\"type\" is not a string")
        }
        let rawChildren: [Any]
        switch dictionary["children"] {
        case nil:
            rawChildren = []
        case let array as [Any]:
            rawChildren = array
        default:
            throw LinearHierarchyError(
                code: .invalidChildren, indexPath: path, message: "\"children\" is not an array")
        }
        if kind == .dynamic, !rawChildren.isEmpty {
            throw LinearHierarchyError(
                code: .dynamicWithChildren, indexPath: path,
                message: "dynamic item \"\(name)\" lists children; the host provides them at run time")
        }
        let size = try parseSize(dictionary, at: path)
        let payload: String?
        switch dictionary["payload"] {
        case nil: payload = nil
        case let text as String: payload = text
        case let number as Int: payload = String(number)
        default: payload = String(describing: dictionary["payload"] ?? "")
        }
        let id = LinearHierarchyItem.ID(nextID)
        nextID += 1
        let children = try parseList(rawChildren, at: path)
        return LinearHierarchyItem(id: id, name: name, kind: kind, children: children, size: size, payload: payload)
    }

    func parseSize(_ dictionary: [String: Any], at path: [Int]) throws(LinearHierarchyError) -> LinearSize? {
        let width = dictionary["width"]
        let height = dictionary["height"]
        if width == nil, height == nil { return nil }
        guard let w = Self.number(width), let h = Self.number(height), w >= 0, h >= 0, w.isFinite, h.isFinite else {
            throw LinearHierarchyError(
                code: .invalidSize, indexPath: path,
                message: "\"width\" and \"height\" must both be non-negative numbers")
        }
        return LinearSize(width: w, height: h)
    }

    static func number(_ value: Any?) -> Double? {
        switch value {
        case let value as Int: Double(value)
        case let value as Double: value
        default: nil
        }
    }
}
