import Foundation

/// Builds linear-hierarchy items from decoded values: the arrays and dictionaries of an
/// in-code plist (`[[String: Any]]`) or of a property list or JSON value decoded by the host.
///
/// The top level is an array of entries or a dictionary whose `root` member is that array.
/// Identifiers are handed out in preorder as entries begin. An entry's name and type are
/// checked before its children, the rest of its fields after them (``LinearEntry``).
///
/// Nothing recurses: the open entries are an explicit stack, at most
/// ``LinearEntry/maximumNesting`` deep.
///
/// - Complexity: O(n) in the number of values; memory O(items + depth).
enum LinearValueReader {
    /// An entry whose children are being read.
    private struct Open {
        var entry: LinearEntry
        var id: Int
        var name: String
        var kind: LinearHierarchyItem.Kind
        var path: [Int]
        var childrenIsArray: Bool?
    }

    /// A list of entries being read: the roots, or an open entry's children.
    private struct Frame {
        var elements: [Any]
        var next = 0
        var items: [LinearHierarchyItem] = []
        var owner: Open?
    }

    private static let members = ["name", "type", "width", "height", "payload"]

    /// The root items of `value`.
    ///
    /// - Throws: ``LinearHierarchyError`` naming the first malformed entry.
    static func items(of value: Any, firstID: Int) throws(LinearHierarchyError) -> [LinearHierarchyItem] {
        var frames = [Frame(elements: try roots(of: value))]
        var nextID = firstID
        while true {
            let last = frames.count - 1
            guard frames[last].next < frames[last].elements.count else {
                let frame = frames.removeLast()
                guard let owner = frame.owner else { return frame.items }
                let item = try owner.entry.item(
                    id: owner.id, children: frame.items, childrenIsArray: owner.childrenIsArray, at: owner.path)
                frames[frames.count - 1].items.append(item)
                continue
            }
            let element = frames[last].elements[frames[last].next]
            let path = (frames[last].owner?.path ?? []) + [frames[last].next]
            frames[last].next += 1
            guard let dictionary = element as? [String: Any] else {
                throw LinearHierarchyError(
                    code: .entryNotDictionary, indexPath: path,
                    message: "expected a dictionary with \"name\", \"type\" and \"children\"")
            }
            if let parent = frames[last].owner, parent.kind == .dynamic {
                throw LinearEntry.dynamicWithChildren(parent.name, at: parent.path)
            }
            guard frames.count - 1 < LinearEntry.maximumNesting else { throw LinearEntry.tooDeep(at: path) }
            var entry = LinearEntry()
            for member in members {
                if let value = dictionary[member] { entry.set(member, to: field(value)) }
            }
            let id = nextID
            nextID += 1
            let (name, kind) = try entry.nameAndKind(at: path)
            var children: [Any] = []
            var childrenIsArray: Bool?
            if let value = dictionary["children"] {
                if let array = value as? [Any] {
                    children = array
                    childrenIsArray = true
                } else {
                    childrenIsArray = false
                }
            }
            let owner = Open(entry: entry, id: id, name: name, kind: kind, path: path, childrenIsArray: childrenIsArray)
            frames.append(Frame(elements: children, owner: owner))
        }
    }

    /// The root entries: the top-level array, or the `root` array of a top-level dictionary.
    private static func roots(of value: Any) throws(LinearHierarchyError) -> [Any] {
        switch value {
        case let dictionary as [String: Any]:
            guard let root = dictionary["root"] else {
                throw LinearHierarchyError(
                    code: .invalidRoot, indexPath: [], message: "the top-level dictionary has no \"root\" array")
            }
            guard let array = root as? [Any] else {
                throw LinearHierarchyError(code: .invalidRoot, indexPath: [], message: "\"root\" is not an array")
            }
            return array
        case let array as [Any]:
            return array
        default:
            throw LinearHierarchyError(code: .invalidRoot, indexPath: [], message: LinearEntry.topMessage)
        }
    }

    /// A member's value as an entry field: text, a number as people write it (`42`, `2.5`), a
    /// Boolean; dates as ISO 8601 text and data as Base64, as property lists print them.
    private static func field(_ value: Any) -> LinearEntry.Field {
        switch value {
        case let string as String:
            return .text(string)
        case is [String: Any], is [Any]:
            return .other
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B":
                return .bool(number.boolValue)
            case "d", "f":
                let double = number.doubleValue
                if double.rounded() == double, abs(double) < 1e15 { return .number(String(Int64(double))) }
                return .number(String(double))
            case "Q":
                return .number(String(number.uint64Value))
            default:
                return .number(String(number.int64Value))
            }
        case let date as Date:
            return .text(date.formatted(.iso8601))
        case let data as Data:
            return .text(data.base64EncodedString())
        default:
            return .other
        }
    }
}
