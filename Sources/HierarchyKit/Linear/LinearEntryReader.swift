import HierarchyDocuments

/// Builds linear-hierarchy items from the events of a document as they come: the
/// one streaming path for JSON text, property lists and in-code entries.
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
/// ``DocumentLimits/maximumNesting`` deep (the items are nested values, freed
/// recursively, so their depth is bounded like every recursive reader's).
///
/// - Complexity: O(n) time for n events; memory O(items + depth).
struct LinearEntryReader {
    /// A scalar member as read.
    private enum Field {
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

    private struct Entry {
        var id: Int
        var name = Field.absent
        var type = Field.absent
        var width = Field.absent
        var height = Field.absent
        var payload = Field.absent
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
    /// Whether `children` comes after an entry's other members (a walk of decoded values):
    /// an entry's own fields are then checked before its children, as they always were.
    private let childrenLast: Bool
    private var contexts: [Context] = []
    private var entries: [Entry] = []
    private var roots: [LinearHierarchyItem] = []
    private var started = false

    init(firstID: Int, childrenLast: Bool) {
        nextID = firstID
        self.childrenLast = childrenLast
    }

    /// Reads every event of `source` into the root items.
    ///
    /// - Throws: ``LinearHierarchyError``; the reader's `DocumentReadError`.
    static func items<Source: DocumentEventSource>(
        of source: inout Source, firstID: Int, childrenLast: Bool = false
    ) throws -> [LinearHierarchyItem] {
        var reader = LinearEntryReader(firstID: firstID, childrenLast: childrenLast)
        while let event = try source.next() { try reader.consume(event) }
        guard reader.started else {
            throw LinearHierarchyError(code: .invalidRoot, indexPath: [], message: Self.topMessage)
        }
        return reader.roots
    }

    private static let topMessage = "the top level is neither an array nor a dictionary with a \"root\" array"

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
            default: throw LinearHierarchyError(code: .invalidRoot, indexPath: [], message: Self.topMessage)
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
                if childrenLast, let parent = entries.last, case .text(let type) = parent.type,
                    type.lowercased() == "dynamic", case .text(let name) = parent.name
                {
                    throw LinearHierarchyError(
                        code: .dynamicWithChildren, indexPath: pathOfEntry,
                        message: "dynamic item \"\(name)\" lists children; the host provides them at run time")
                }
                guard entries.count < DocumentLimits.maximumNesting else {
                    throw LinearHierarchyError(
                        code: .invalidChildren, indexPath: pathOfNext, message: DocumentLimits.nestingMessage)
                }
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
                if childrenLast { _ = try ownFields(of: entries[last], at: pathOfEntry) }
                if event == .beginArray {
                    contexts.append(.list)
                } else if event == .beginObject {
                    contexts.append(.skip(1))
                }
                return
            }
            let field: Field
            switch event {
            case .string(let text): field = .text(text)
            case .number(let text): field = .number(text)
            case .bool(let value): field = .bool(value)
            case .beginArray, .beginObject:
                contexts.append(.skip(1))
                field = .other
            default: field = .other
            }
            switch key {
            case "name": if case .absent = entries[last].name { entries[last].name = field }
            case "type": if case .absent = entries[last].type { entries[last].type = field }
            case "width": if case .absent = entries[last].width { entries[last].width = field }
            case "height": if case .absent = entries[last].height { entries[last].height = field }
            case "payload": if case .absent = entries[last].payload { entries[last].payload = field }
            default: break
            }
        }
    }

    /// Checks an entry's name and type (and that a dynamic entry lists no children so far).
    private func ownFields(of entry: Entry, at path: [Int]) throws(LinearHierarchyError)
        -> (name: String, kind: LinearHierarchyItem.Kind)
    {
        let name: String
        switch entry.name {
        case .absent: throw LinearHierarchyError(code: .invalidName, indexPath: path, message: "missing \"name\"")
        case .text(let text): name = text
        default: throw LinearHierarchyError(code: .invalidName, indexPath: path, message: "\"name\" is not a string")
        }
        let kind: LinearHierarchyItem.Kind
        switch entry.type {
        case .absent: kind = .static
        case .text(let text):
            guard let parsed = LinearHierarchyItem.Kind(rawValue: text.lowercased()) else {
                throw LinearHierarchyError(
                    code: .invalidType, indexPath: path, message: "\"type\" is \"\(text)\"; expected \"static\" or \"dynamic\"")
            }
            kind = parsed
        default: throw LinearHierarchyError(code: .invalidType, indexPath: path, message: "\"type\" is not a string")
        }
        return (name, kind)
    }

    /// Checks the last open entry's fields (in the order the messages are documented) and
    /// hands its item to its list.
    private mutating func endEntry() throws(LinearHierarchyError) {
        let path = pathOfEntry
        let entry = entries[entries.count - 1]
        let (name, kind) = try ownFields(of: entry, at: path)
        if entry.childrenIsArray == false {
            throw LinearHierarchyError(code: .invalidChildren, indexPath: path, message: "\"children\" is not an array")
        }
        if kind == .dynamic, !entry.children.isEmpty {
            throw LinearHierarchyError(
                code: .dynamicWithChildren, indexPath: path,
                message: "dynamic item \"\(name)\" lists children; the host provides them at run time")
        }
        var size: LinearSize?
        switch (entry.width, entry.height) {
        case (.absent, .absent): size = nil
        case (.number(let width), .number(let height)):
            if let w = Double(width), let h = Double(height), w >= 0, h >= 0, w.isFinite, h.isFinite {
                size = LinearSize(width: w, height: h)
            }
        default: break
        }
        if size == nil, !(entry.width.isAbsent && entry.height.isAbsent) {
            throw LinearHierarchyError(
                code: .invalidSize, indexPath: path, message: "\"width\" and \"height\" must both be non-negative numbers")
        }
        let payload: String? = switch entry.payload {
        case .text(let text): text
        case .number(let text): Int(text).map(String.init) ?? Double(text).map { String(describing: $0) } ?? text
        case .bool(let value): value ? "true" : "false"
        case .absent, .other: nil
        }
        entries.removeLast()
        contexts.removeLast()
        let item = LinearHierarchyItem(
            id: LinearHierarchyItem.ID(entry.id), name: name, kind: kind, children: entry.children, size: size,
            payload: payload)
        if entries.isEmpty { roots.append(item) } else { entries[entries.count - 1].children.append(item) }
    }
}
