import HierarchySources

/// Turns the tokens of a nested document (JSON, or a property list / YAML
/// value walked into the same tokens) into item rows, one at a time.
///
/// Accepted shapes: `{"root": [items]}`, a top-level array of items, or one
/// item object. An item is an object; its `children` array holds its children.
/// Field mapping: `id` (else `#<key>`), `title` or `name` (else the id),
/// `subtitle` (else `type` unless it is `static`/`dynamic`), `footnote` (else
/// `location`, else `body`), `status`; every other scalar goes to the
/// attributes; other nested values are skipped.
///
/// Keys are assigned in document order when an item starts (key 0 is the
/// document itself); a row is emitted when its item ends, so its child count is
/// known. Memory grows with the nesting depth only.
struct TreeRowBuilder {
    /// What the document turned out to be at its top level.
    enum Top: Equatable {
        /// Not finished yet.
        case pending
        /// The top-level object was an item: it is row 0, the root.
        case item
        /// A wrapper (top-level array or `{"root": [...]}`) around this many items,
        /// whose parent is key 0 for now.
        case wrapper(count: Int64)
    }

    private struct Frame {
        var key: Int64
        var parent: Int64?
        var sortKey: Int64
        var line: Int?
        var isDocument: Bool
        var childCount: Int64 = 0
        var scalars: [(String, String)] = []
        var pendingKey: String?
    }

    private enum Context {
        /// Inside an item object (the last frame).
        case object
        /// Inside the children array of the last frame.
        case children
        /// Inside a value being skipped, at this nesting depth.
        case skip(Int)
    }

    private var frames: [Frame] = []
    private var contexts: [Context] = []
    private var started = false
    /// The next key to assign.
    private(set) var nextKey: Int64 = 1
    /// How the document's top level ended.
    private(set) var top = Top.pending
    /// The file, for messages.
    let path: String

    init(path: String) {
        self.path = path
    }

    /// Whether the whole document has been consumed.
    var isFinished: Bool { started && frames.isEmpty }

    /// Consumes one token; returns the row of an item that just ended.
    ///
    /// - Parameters:
    ///   - event: The next token of the document.
    ///   - line: The line the token starts on, if known.
    /// - Throws: `HierarchySourceError` (`.malformed`) for a shape that is not a hierarchy.
    mutating func consume(_ event: JSONEvent, line: Int?) throws -> ImportRow? {
        guard let context = contexts.last else {
            guard !started else { throw malformed("data after the document", line) }
            started = true
            switch event {
            case .beginObject:
                frames.append(Frame(key: 0, parent: nil, sortKey: 0, line: line, isDocument: true))
                contexts.append(.object)
            case .beginArray:
                frames.append(Frame(key: 0, parent: nil, sortKey: 0, line: line, isDocument: true))
                contexts.append(.children)
            default:
                throw malformed("expected an object or an array at the top level", line)
            }
            return nil
        }
        switch context {
        case .skip(let depth):
            switch event {
            case .beginObject, .beginArray: contexts[contexts.count - 1] = .skip(depth + 1)
            case .endObject, .endArray:
                if depth == 1 { contexts.removeLast() } else { contexts[contexts.count - 1] = .skip(depth - 1) }
            default: break
            }
            return nil
        case .children:
            switch event {
            case .beginObject:
                let parentIndex = frames.count - 1
                let frame = Frame(
                    key: nextKey, parent: frames[parentIndex].key, sortKey: frames[parentIndex].childCount,
                    line: line, isDocument: false)
                frames[parentIndex].childCount += 1
                nextKey += 1
                frames.append(frame)
                contexts.append(.object)
                return nil
            case .endArray:
                contexts.removeLast()
                if contexts.isEmpty, let document = frames.popLast() {
                    top = .wrapper(count: document.childCount)
                }
                return nil
            default:
                throw malformed("expected an object in a list of children", line)
            }
        case .object:
            let index = frames.count - 1
            guard let key = frames[index].pendingKey else {
                switch event {
                case .key(let key):
                    frames[index].pendingKey = key
                    return nil
                case .endObject:
                    contexts.removeLast()
                    guard let frame = frames.popLast() else { return nil }
                    return try finish(frame)
                default:
                    throw malformed("expected a key", line)
                }
            }
            frames[index].pendingKey = nil
            switch event {
            case .beginArray where key == "children" || (key == "root" && frames[index].isDocument):
                contexts.append(.children)
            case .beginArray, .beginObject:
                contexts.append(.skip(1))
            case .string(let text), .number(let text):
                frames[index].scalars.append((key, text))
            case .bool(let value):
                frames[index].scalars.append((key, value ? "true" : "false"))
            case .null:
                break
            case .key, .endArray, .endObject:
                throw malformed("expected a value", line)
            }
            return nil
        }
    }

    /// The row of an item that ended, or `nil` for a wrapper document object.
    private mutating func finish(_ frame: Frame) throws -> ImportRow? {
        if frame.isDocument {
            if frame.scalars.isEmpty {
                top = .wrapper(count: frame.childCount)
                return nil
            }
            top = .item
        }
        return Self.row(
            key: frame.key, parent: frame.parent, sortKey: frame.sortKey, childCount: frame.childCount,
            scalars: frame.scalars, line: frame.line)
    }

    /// Applies the field mapping to an item's scalar fields.
    static func row(
        key: Int64, parent: Int64?, sortKey: Int64, childCount: Int64, scalars: [(String, String)], line: Int?
    ) -> ImportRow {
        var id: String?
        var title: String?
        var name: String?
        var subtitle: String?
        var type: String?
        var footnote: String?
        var location: String?
        var body: String?
        var status: String?
        var attributes: [(String, String)] = []
        for (field, value) in scalars {
            switch field {
            case "id" where id == nil: id = value
            case "title" where title == nil: title = value
            case "name" where name == nil: name = value
            case "subtitle" where subtitle == nil: subtitle = value
            case "type" where type == nil: type = value
            case "footnote" where footnote == nil: footnote = value
            case "location" where location == nil: location = value
            case "body" where body == nil: body = value
            case "status" where status == nil: status = value
            default: attributes.append((field, value))
            }
        }
        let itemID = id ?? "#\(key)"
        // Fields not used for a column are kept as attributes.
        var keep: [(String, String)] = []
        let itemTitle = title ?? name ?? itemID
        if title != nil, let name { keep.append(("name", name)) }
        var itemSubtitle = subtitle
        if let type {
            if itemSubtitle == nil, type != "static", type != "dynamic" { itemSubtitle = type } else {
                keep.append(("type", type))
            }
        }
        let itemFootnote = footnote ?? location ?? body
        if footnote != nil, let location { keep.append(("location", location)) }
        if footnote != nil || location != nil, let body { keep.append(("body", body)) }
        return ImportRow(
            key: key, parent: parent, sortKey: sortKey, id: itemID, title: itemTitle, subtitle: itemSubtitle,
            footnote: itemFootnote, status: status, childCount: childCount,
            attributes: AttributesJSON.encode(pairs: keep + attributes), line: line)
    }

    private func malformed(_ message: String, _ line: Int?) -> HierarchySourceError {
        HierarchySourceError(.malformed, message, path: path, line: line)
    }
}
