import Foundation

/// One entry of a linear hierarchy document as read, member by member, and the rules that
/// turn it into an item: the one place those rules live, shared by the walk of decoded values
/// here and the document readers' streaming reader.
///
/// An entry is a dictionary with `name` (a string), `type` (`static` or `dynamic`),
/// `children` (an array of entries), `width` and `height` (non-negative numbers, both or
/// neither) and `payload`; other members are skipped; for a name given twice the first member
/// wins.
package struct LinearEntry {
    /// A scalar member as read.
    package enum Field {
        case absent
        case text(String)
        case number(String)
        case bool(Bool)
        /// `null`, an object or an array.
        case other

        var isAbsent: Bool {
            if case .absent = self { return true }
            return false
        }
    }

    /// The deepest nesting of entries read (the items are nested values, freed recursively).
    package static let maximumNesting = 512
    /// The message for entries nested deeper than ``maximumNesting``.
    package static var nestingMessage: String { "nested deeper than \(maximumNesting) levels" }
    /// The message for a top level that holds no entries.
    package static let topMessage = "the top level is neither an array nor a dictionary with a \"root\" array"

    package var name = Field.absent
    package var type = Field.absent
    package var width = Field.absent
    package var height = Field.absent
    package var payload = Field.absent

    package init() {}

    /// Records member `key` (the first of a name wins; unknown names are skipped).
    package mutating func set(_ key: String, to field: Field) {
        switch key {
        case "name": if name.isAbsent { name = field }
        case "type": if type.isAbsent { type = field }
        case "width": if width.isAbsent { width = field }
        case "height": if height.isAbsent { height = field }
        case "payload": if payload.isAbsent { payload = field }
        default: break
        }
    }

    /// The entry's name and kind, checked.
    package func nameAndKind(at path: [Int]) throws(LinearHierarchyError) -> (
        name: String, kind: LinearHierarchyItem.Kind
    ) {
        let name: String
        switch self.name {
        case .absent: throw LinearHierarchyError(code: .invalidName, indexPath: path, message: "missing \"name\"")
        case .text(let text): name = text
        default: throw LinearHierarchyError(code: .invalidName, indexPath: path, message: "\"name\" is not a string")
        }
        let kind: LinearHierarchyItem.Kind
        switch type {
        case .absent: kind = .static
        case .text(let text):
            guard let parsed = LinearHierarchyItem.Kind(rawValue: text.lowercased()) else {
                throw LinearHierarchyError(
                    code: .invalidType, indexPath: path,
                    message: "\"type\" is \"\(text)\"; expected \"static\" or \"dynamic\"")
            }
            kind = parsed
        default: throw LinearHierarchyError(code: .invalidType, indexPath: path, message: "\"type\" is not a string")
        }
        return (name, kind)
    }

    /// The error for a dynamic entry that lists children.
    package static func dynamicWithChildren(_ name: String, at path: [Int]) -> LinearHierarchyError {
        LinearHierarchyError(
            code: .dynamicWithChildren, indexPath: path,
            message: "dynamic item \"\(name)\" lists children; the host provides them at run time")
    }

    /// The error for entries nested deeper than ``maximumNesting``, at the entry that is too deep.
    package static func tooDeep(at path: [Int]) -> LinearHierarchyError {
        LinearHierarchyError(code: .invalidChildren, indexPath: path, message: nestingMessage)
    }

    /// The item the entry stands for, once its children are read; its fields are checked in the
    /// order the messages are documented.
    ///
    /// - Parameters:
    ///   - id: The identifier handed out when the entry began.
    ///   - children: The items of its `children`.
    ///   - childrenIsArray: `nil` when `children` is absent, `true` for an array.
    ///   - path: The entry's index path.
    package func item(
        id: Int, children: [LinearHierarchyItem], childrenIsArray: Bool?, at path: [Int]
    ) throws(LinearHierarchyError) -> LinearHierarchyItem {
        let (name, kind) = try nameAndKind(at: path)
        if childrenIsArray == false {
            throw LinearHierarchyError(code: .invalidChildren, indexPath: path, message: "\"children\" is not an array")
        }
        if kind == .dynamic, !children.isEmpty { throw Self.dynamicWithChildren(name, at: path) }
        var size: LinearSize?
        switch (width, height) {
        case (.absent, .absent): size = nil
        case (.number(let width), .number(let height)):
            if let w = Double(width), let h = Double(height), w >= 0, h >= 0, w.isFinite, h.isFinite {
                size = LinearSize(width: w, height: h)
            }
        default: break
        }
        if size == nil, !(width.isAbsent && height.isAbsent) {
            throw LinearHierarchyError(
                code: .invalidSize, indexPath: path,
                message: "\"width\" and \"height\" must both be non-negative numbers")
        }
        let payload: String? =
            switch payload {
            case .text(let text): text
            case .number(let text): Int(text).map(String.init) ?? Double(text).map { String(describing: $0) } ?? text
            case .bool(let value): value ? "true" : "false"
            case .absent, .other: nil
            }
        return LinearHierarchyItem(
            id: LinearHierarchyItem.ID(id), name: name, kind: kind, children: children, size: size, payload: payload)
    }
}
