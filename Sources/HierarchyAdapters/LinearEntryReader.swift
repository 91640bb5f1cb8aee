import HierarchyDocuments
import HierarchyKit

/// Builds linear-hierarchy items from the events of a document as they come: the
/// streaming path for JSON text and property lists (the entry rules are ``LinearEntry``'s).
///
/// The top level is an array of entries or an object whose `root` member is that
/// array (other members are skipped). An entry is an object with `name` (a string),
/// `type` (`static` or `dynamic`), `children` (an array of entries), `width` and
/// `height` (non-negative numbers, both or neither) and `payload`; other members
/// are skipped; for a name given twice the first member wins. Identifiers are handed
/// out in preorder as entries begin. An entry's own fields are checked when it
/// ends, so an error inside its children is reported first.
///
/// Nothing recurses: the open entries are an explicit stack, at most
/// ``LinearEntry/maximumNesting`` deep (the items are nested values, freed
/// recursively, so their depth is bounded like every recursive reader's).
///
/// - Complexity: O(n) time for n events; memory O(items + depth).
struct LinearEntryReader {
    private struct Entry {
        var id: Int
        var fields = LinearEntry()
        /// `nil` when absent, `true` for an array, `false` for anything else.
        var childrenIsArray: Bool?
        var children: [LinearHierarchyItem] = []
        var pendingKey: String?
    }

    private enum Context {
        /// Inside the top-level object: waiting for `root`.
        case top(pendingKey: String?, sawRoot: Bool)
        /// Inside a list of entries (the roots, or the children of the last entry).
        case list
        /// Inside the last entry.
        case entry
        /// Inside a value being skipped, at this nesting depth.
        case skip(Int)
    }

    private var nextID: Int
    private var contexts: [Context] = []
    private var entries: [Entry] = []
    private var roots: [LinearHierarchyItem] = []
    private var started = false

    init(firstID: Int) {
        nextID = firstID
    }

    /// Reads every event of `source` into the root items.
    ///
    /// - Throws: ``LinearHierarchyError``; the reader's `DocumentReadError`.
    static func items<Source: DocumentEventSource>(
        of source: inout Source, firstID: Int
    ) throws -> [LinearHierarchyItem] {
        var reader = LinearEntryReader(firstID: firstID)
        while let event = try source.next() { try reader.consume(event) }
        guard reader.started else {
            throw LinearHierarchyError(code: .invalidRoot, indexPath: [], message: LinearEntry.topMessage)
        }
        return reader.roots
    }

    /// The index path of the next element of the innermost list.
    private var pathOfNext: [Int] {
        var path: [Int] = []
        path.reserveCapacity(entries.count + 1)
        for index in entries.indices {
            path.append(index == 0 ? roots.count : entries[index - 1].children.count)
        }
        path.append(entries.last?.children.count ?? roots.count)
        return path
    }

    /// The index path of the last open entry.
    private var pathOfEntry: [Int] { Array(pathOfNext.dropLast()) }

    private mutating func consume(_ event: DocumentEvent) throws(LinearHierarchyError) {
        guard let context = contexts.last else {
            guard !started else { return }
            started = true
            switch event {
            case .beginArray: contexts.append(.list)
            case .beginObject: contexts.append(.top(pendingKey: nil, sawRoot: false))
            default: throw LinearHierarchyError(code: .invalidRoot, indexPath: [], message: LinearEntry.topMessage)
            }
            return
        }
        switch context {
        case .skip(let depth):
            switch event {
            case .beginObject, .beginArray: contexts[contexts.count - 1] = .skip(depth + 1)
            case .endObject, .endArray:
                contexts[contexts.count - 1] = .skip(depth - 1)
                if depth == 1 { contexts.removeLast() }
            default: break
            }
        case .top(let pendingKey, let sawRoot):
            guard let key = pendingKey else {
                if case .key(let key) = event {
                    contexts[contexts.count - 1] = .top(pendingKey: key, sawRoot: sawRoot)
                } else if !sawRoot {
                    throw LinearHierarchyError(
                        code: .invalidRoot, indexPath: [], message: "the top-level dictionary has no \"root\" array")
                } else {
                    contexts.removeLast()
                }
                return
            }
            let isRoot = key == "root" && !sawRoot
            contexts[contexts.count - 1] = .top(pendingKey: nil, sawRoot: sawRoot || isRoot)
            if isRoot {
                guard event == .beginArray else {
                    throw LinearHierarchyError(code: .invalidRoot, indexPath: [], message: "\"root\" is not an array")
                }
                contexts.append(.list)
            } else if event == .beginArray || event == .beginObject {
                contexts.append(.skip(1))
            }
        case .list:
            switch event {
            case .endArray:
                contexts.removeLast()
            case .beginObject:
                guard entries.count < LinearEntry.maximumNesting else { throw LinearEntry.tooDeep(at: pathOfNext) }
                entries.append(Entry(id: nextID))
                nextID += 1
                contexts.append(.entry)
            default:
                throw LinearHierarchyError(
                    code: .entryNotDictionary, indexPath: pathOfNext,
                    message: "expected a dictionary with \"name\", \"type\" and \"children\"")
            }
        case .entry:
            let last = entries.count - 1
            guard let key = entries[last].pendingKey else {
                switch event {
                case .key(let key): entries[last].pendingKey = key
                default: try endEntry()
                }
                return
            }
            entries[last].pendingKey = nil
            if key == "children" {
                guard entries[last].childrenIsArray == nil else {
                    if event == .beginArray || event == .beginObject { contexts.append(.skip(1)) }
                    return
                }
                entries[last].childrenIsArray = event == .beginArray
                if event == .beginArray {
                    contexts.append(.list)
                } else if event == .beginObject {
                    contexts.append(.skip(1))
                }
                return
            }
            let field: LinearEntry.Field
            switch event {
            case .string(let text): field = .text(text)
            case .number(let text): field = .number(text)
            case .bool(let value): field = .bool(value)
            case .beginArray, .beginObject:
                contexts.append(.skip(1))
                field = .other
            default: field = .other
            }
            entries[last].fields.set(key, to: field)
        }
    }

    /// Hands the last open entry's item to its list.
    private mutating func endEntry() throws(LinearHierarchyError) {
        let entry = entries[entries.count - 1]
        let item = try entry.fields.item(
            id: entry.id, children: entry.children, childrenIsArray: entry.childrenIsArray, at: pathOfEntry)
        entries.removeLast()
        contexts.removeLast()
        if entries.isEmpty { roots.append(item) } else { entries[entries.count - 1].children.append(item) }
    }
}
