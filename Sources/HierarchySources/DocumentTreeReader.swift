import Foundation

/// Turns a parsed document (arrays, dictionaries, scalars, as Foundation's
/// parsers return them) into the storage of an ``InMemorySource``.
///
/// Shapes accepted:
/// - an object with `children` arrays (one root);
/// - the CBLinearHierarchy shape `{"root": [...]}` (an object whose only
///   structure is a `root` array), read like a top-level array;
/// - a top-level array: one element is the root; several get a synthetic root
///   titled with the document name; none make an empty hierarchy.
///
/// Field mapping per item: `id` (a string or a number; otherwise the index path
/// such as `0.3.2`), `title` or `name` (required; a number is used as text),
/// `subtitle` or else `type` unless it is `static` or `dynamic`, `footnote` or
/// else `location` or `body`, `status`; `type: dynamic` makes a dynamic item
/// (its `children` are ignored); every other scalar field becomes an attribute.
/// A bare string or number in a `children` array is a leaf with that title.
///
/// The walk uses an explicit stack, so depth costs no call stack; it stops at
/// ``maximumDepth`` with a clear error.
struct DocumentTreeReader {
    /// The deepest item level accepted by default (the root is level 1).
    static let defaultMaximumDepth = 10_000

    /// The document's name: the synthetic root's title and the `path` of errors.
    var name: String
    /// The deepest item level accepted.
    var maximumDepth = DocumentTreeReader.defaultMaximumDepth

    /// One item as read, before identifiers are settled.
    private struct Record {
        var explicitID: String?
        var parent: Int?
        var position: Int
        var node: HierarchyNode
        var isDynamic: Bool
    }

    private static let reservedKeys: Set<String> = [
        "id", "title", "name", "subtitle", "type", "footnote", "location", "body", "status", "children",
    ]

    /// Reads a parsed document.
    ///
    /// - Parameter object: The value a parser returned (or in-code arrays and dictionaries).
    /// - Returns: The finished storage.
    /// - Throws: ``HierarchySourceError/Code/malformed`` for a wrong shape, naming the item's
    ///   index path; ``HierarchySourceError/Code/duplicateID`` for an identifier used twice.
    /// - Complexity: O(n) for n items.
    func read(_ object: Any) throws(HierarchySourceError) -> InMemoryTree {
        let topLevel: [Any]
        if let array = object as? [Any] {
            topLevel = array
        } else if let dictionary = object as? [String: Any] {
            if let roots = dictionary["root"] as? [Any], dictionary["title"] == nil, dictionary["name"] == nil {
                topLevel = roots
            } else {
                topLevel = [dictionary]
            }
        } else {
            throw error("the document must be an object or an array, not \(Self.kind(of: object))")
        }
        let records = try flatten(topLevel)
        return try build(records, topLevelCount: topLevel.count)
    }

    /// Walks the document in preorder with an explicit stack.
    private func flatten(_ topLevel: [Any]) throws(HierarchySourceError) -> [Record] {
        var records: [Record] = []
        var stack: [(value: Any, parent: Int?, position: Int, depth: Int)] = []
        for (position, value) in topLevel.enumerated().reversed() { stack.append((value, nil, position, 1)) }
        while let (value, parent, position, depth) = stack.popLast() {
            let index = records.count
            let location = { self.indexPath(parent: parent, position: position, in: records) }
            guard depth <= maximumDepth else {
                throw error("item \(location()): nesting deeper than \(maximumDepth) levels")
            }
            let (record, children) = try item(value, parent: parent, position: position, location: location)
            records.append(record)
            for (childPosition, child) in children.enumerated().reversed() {
                stack.append((child, index, childPosition, depth + 1))
            }
        }
        return records
    }

    /// Maps one item's fields.
    private func item(
        _ value: Any, parent: Int?, position: Int, location: () -> String
    ) throws(HierarchySourceError) -> (Record, [Any]) {
        guard let fields = value as? [String: Any] else {
            if let title = Self.text(value) {
                return (Record(explicitID: nil, parent: parent, position: position,
                               node: HierarchyNode(id: "", title: title), isDynamic: false), [])
            }
            throw error("item \(location()) must be an object, not \(Self.kind(of: value))")
        }
        guard let rawTitle = fields["title"] ?? fields["name"], !(rawTitle is NSNull) else {
            throw error("item \(location()) has no title or name")
        }
        guard let title = Self.text(rawTitle) else {
            throw error("item \(location()): title must be text, not \(Self.kind(of: rawTitle))")
        }
        let kind = fields["type"].flatMap(Self.text)
        let isDynamic = kind?.lowercased() == "dynamic"
        let isLinearKind = isDynamic || kind?.lowercased() == "static"
        var explicitID: String?
        if let rawID = fields["id"], !(rawID is NSNull) {
            guard let id = Self.text(rawID) else {
                throw error("item \(location()): id must be a string or a number, not \(Self.kind(of: rawID))")
            }
            explicitID = id.isEmpty ? nil : id
        }
        var children: [Any] = []
        if let rawChildren = fields["children"], !(rawChildren is NSNull) {
            guard let array = rawChildren as? [Any] else {
                throw error("item \(location()): children must be an array, not \(Self.kind(of: rawChildren))")
            }
            children = isDynamic ? [] : array
        }
        var attributes: [String: String] = [:]
        for (key, field) in fields where !Self.reservedKeys.contains(key) {
            if let text = Self.text(field) { attributes[key] = text }
        }
        if isLinearKind, let kind { attributes["type"] = kind }
        let node = HierarchyNode(
            id: "",
            title: title,
            subtitle: fields["subtitle"].flatMap(Self.text) ?? (isLinearKind ? nil : kind),
            footnote: (fields["footnote"] ?? fields["location"] ?? fields["body"]).flatMap(Self.text),
            status: fields["status"].flatMap(Self.text),
            attributes: attributes
        )
        let record = Record(explicitID: explicitID, parent: parent, position: position, node: node,
                            isDynamic: isDynamic)
        return (record, children)
    }

    /// Settles identifiers (generated ones avoid explicit ones) and fills the storage.
    private func build(_ records: [Record], topLevelCount: Int) throws(HierarchySourceError) -> InMemoryTree {
        var taken = Set(records.compactMap(\.explicitID))
        var ids: [String] = []
        ids.reserveCapacity(records.count)
        for record in records {
            if let id = record.explicitID {
                ids.append(id)
                continue
            }
            let base = indexPath(parent: record.parent, position: record.position, in: records)
            var id = base
            var attempt = 1
            while taken.contains(id) {
                attempt += 1
                id = "\(base)~\(attempt)"
            }
            taken.insert(id)
            ids.append(id)
        }
        var tree = InMemoryTree()
        var syntheticRoot: String?
        if topLevelCount > 1 {
            let id = InMemorySource.freeSyntheticID(avoiding: taken)
            try tree.add(HierarchyNode(id: id, title: name), parentID: nil, isDynamic: false)
            syntheticRoot = id
        }
        for (index, record) in records.enumerated() {
            var node = record.node
            node.id = ids[index]
            let parentID = record.parent.map { ids[$0] } ?? syntheticRoot
            do {
                try tree.add(node, parentID: parentID, isDynamic: record.isDynamic)
            } catch {
                let place = indexPath(parent: record.parent, position: record.position, in: records)
                throw HierarchySourceError(.duplicateID, "item \(place): duplicate id \"\(node.id)\"", path: name)
            }
        }
        tree.finish()
        return tree
    }

    /// The dotted index path of an item, such as `0.3.2`.
    private func indexPath(parent: Int?, position: Int, in records: [Record]) -> String {
        var parts = [position]
        var current = parent
        while let index = current {
            parts.append(records[index].position)
            current = records[index].parent
        }
        return parts.reversed().map(String.init).joined(separator: ".")
    }

    private func error(_ message: String) -> HierarchySourceError {
        HierarchySourceError(.malformed, message, path: name)
    }

    /// The text of a scalar (string, number, boolean, date), or `nil` for anything else.
    static func text(_ value: Any) -> String? {
        switch value {
        case let string as String:
            return string
        case let number as NSNumber:
            return numberText(number)
        case let date as Date:
            return date.formatted(.iso8601)
        default:
            return nil
        }
    }

    /// A number as people write it: `true`/`false`, `42`, `2.5`.
    static func numberText(_ number: NSNumber) -> String {
        switch String(cString: number.objCType) {
        case "c", "B":
            return number.boolValue ? "true" : "false"
        case "d", "f":
            let double = number.doubleValue
            if double.rounded() == double, abs(double) < 1e15 { return String(Int64(double)) }
            return String(double)
        case "Q":
            return String(number.uint64Value)
        default:
            return String(number.int64Value)
        }
    }

    /// A short name of a value's kind for error messages.
    static func kind(of value: Any) -> String {
        switch value {
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        case is NSNull: "null"
        case is String: "text"
        case is NSNumber: "a number"
        default: "a \(type(of: value))"
        }
    }
}
