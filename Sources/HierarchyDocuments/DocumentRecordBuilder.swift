import HierarchySources

/// Turns the events of any document (JSON, YAML, property list) into items: the
/// one place that owns the field mapping.
///
/// **Items** (``DocumentShape/items``): `{"root": [items]}`, a top-level array of
/// items, or one item object. An item is an object with `title` or `name`; its
/// `children` array holds its children (objects, or bare strings, numbers and
/// booleans as leaves). Fields: `id` (a string or number; else `#` and the
/// item's key), `title` (else `name`), `subtitle` (else `type` unless it is
/// `static`/`dynamic`), `footnote` (else `location`, else `body`), `status`;
/// `type: dynamic` before `children` makes an item whose children the host
/// supplies. Every other scalar field is an attribute; other nested values are
/// skipped. For duplicate names the first member wins, except `children`: every
/// `children` array of an item holds its children, in document order. Anything else
/// is a ``DocumentReadError/Kind/shape`` error.
///
/// **Automatic** (``DocumentShape/automatic``): the items shape, read strictly: where
/// the items reading would skip a value (an object or array in a field other than
/// `children`, or than `root` at the top level), or finds no item in a document that holds
/// a value (`{"a": null}`; `[]`, `{}` and `{"root": []}` hold none), it stops with a
/// ``DocumentReadError/Kind/shape`` error, so that the reader reads the document again
/// as its structure. This is the one rule that decides between the two shapes, in every
/// command: a document shows as items only when nothing of it is lost that way. A null
/// field of an item is no value lost: the item has no such field.
///
/// **Structure** (``DocumentShape/structure``): the document itself is the root,
/// titled with the document's name; object members (titled with their key) and
/// array elements (titled `[index]`) are items; scalars are leaves whose
/// subtitle is their value; a container's member count is its child count.
///
/// Keys are numbered in document order as items start; a record is handed out
/// when its item ends, so its child count is known. Memory grows with the
/// nesting depth only.
public struct DocumentRecordBuilder {
    /// What the document turned out to be at its top level (items shape).
    public enum Top: Equatable, Sendable {
        /// Not finished yet.
        case pending
        /// The document's top level is an item: the record with key 0, the root.
        case item
        /// A wrapper (a top-level array or `{"root": [...]}`) around this many items,
        /// whose records name key 0 as their parent, which has no record.
        case wrapper(count: Int64)
    }

    /// One open container. A deeply nested document keeps one per level, so it is kept small
    /// (80 bytes): optional numbers are stored with a sentinel, not as optionals.
    private struct Frame {
        var key: Int64
        /// The parent's key, -1 for none.
        private var parentKey: Int64
        var position: Int64
        /// `Int.min` when unknown.
        private var lineNumber: Int
        private var columnNumber: Int
        var childCount: Int64 = 0
        var fields: [ItemRecord.Attribute] = []
        /// Structure shape: the title, and whether the container is an object.
        var title = ""
        var isDocument: Bool
        var isDynamic = false
        var isObject = false
        /// Whether a `children` array of the item (or `root` of the document) was announced.
        var announced = false

        init(key: Int64, parent: Int64?, position: Int64, line: Int?, column: Int?, isDocument: Bool) {
            self.key = key
            parentKey = parent ?? -1
            self.position = position
            lineNumber = line ?? .min
            columnNumber = column ?? .min
            self.isDocument = isDocument
        }

        var parent: Int64? { parentKey < 0 ? nil : parentKey }
        var line: Int? { lineNumber == .min ? nil : lineNumber }
        var column: Int? { columnNumber == .min ? nil : columnNumber }
    }

    private enum Context {
        /// Inside an item object (the last frame).
        case object
        /// Inside the children array of the last frame.
        case children
        /// Inside a value being skipped, at this nesting depth.
        case skip(Int)
    }

    /// The shape this builder reads (never `.automatic`).
    public let shape: DocumentShape
    /// Whether the items read stops where it would skip a value or finds no item (an
    /// automatic read; see the type's documentation).
    public let isStrict: Bool
    /// The document's name: the root's title in the structure shape.
    public let name: String
    private var frames: [Frame] = []
    /// The key just read in the innermost object, until its value comes (only the innermost
    /// container can be waiting for a value).
    private var pendingKey: String?
    private var contexts: [Context] = []
    private var started = false
    /// Whether a null field was read (a document of nulls and no item holds a value).
    private var sawNull = false
    /// The next key to hand out.
    public private(set) var nextKey: Int64 = 1
    /// How the top level ended.
    public private(set) var top = Top.pending

    /// - Parameters:
    ///   - shape: `.items`, `.structure`, or `.automatic`: items, stopping with a `.shape`
    ///     error where the structure is to be read instead.
    ///   - name: The document's name.
    public init(shape: DocumentShape, name: String) {
        self.shape = shape == .structure ? .structure : .items
        isStrict = shape == .automatic
        self.name = name
    }

    /// Whether the whole document has been consumed.
    public var isFinished: Bool { started && frames.isEmpty }

    /// Whether ``consume(_:line:column:)`` also announces containers as they open (see
    /// ``openedRecord``); off by default, so a plain read pays nothing for it.
    public var announcesOpenedItems = false

    /// A provisional record of the container that the last event opened, when
    /// ``announcesOpenedItems`` is on: an item whose `children` array just began (with the
    /// fields read so far; the title is empty when none came yet, the id generated when no `id`
    /// came yet), a synthetic root (id `.`) when the document opens an array of items, or an
    /// object or array of a structure read. The final record of the same key follows when the
    /// container ends. Lets a reader show a parent before its children are all read.
    public private(set) var openedRecord: ItemRecord?

    /// Whether ``openedRecord``'s title is final: the item's `title` came before its
    /// children (a `name`, or no title yet, may still be replaced), or the container is a
    /// synthetic root of an array or a structure read's container. A document object opened
    /// with no field yet is not final: it may still turn out to be an item.
    public private(set) var openedTitleIsFinal = false

    /// Consumes one event; returns the record of an item that just ended.
    ///
    /// - Parameters:
    ///   - event: The next event of the document.
    ///   - line: The line where the event starts, if known.
    ///   - column: The column where the event starts, if known.
    /// - Throws: ``DocumentReadError`` of kind `.shape` for a document that is not
    ///   an items document (items shape only; read automatically, also where the items
    ///   reading would skip a value or found no item).
    /// - Complexity: O(1) amortized, O(f) at the end of an item with f fields.
    public mutating func consume(_ event: DocumentEvent, line: Int?, column: Int?)
        throws(DocumentReadError) -> ItemRecord?
    {
        if announcesOpenedItems { openedRecord = nil }
        return shape == .structure
            ? try consumeStructure(event, line: line, column: column)
            : try consumeItems(event, line: line, column: column)
    }

    // MARK: - Items

    private mutating func consumeItems(_ event: DocumentEvent, line: Int?, column: Int?)
        throws(DocumentReadError) -> ItemRecord?
    {
        guard let context = contexts.last else {
            guard !started else {
                throw DocumentReadError(.malformed, "data after the document", line: line, column: column)
            }
            started = true
            switch event {
            case .beginObject:
                frames.append(Frame(key: 0, parent: nil, position: 0, line: line, column: column, isDocument: true))
                contexts.append(.object)
            case .beginArray:
                frames.append(Frame(key: 0, parent: nil, position: 0, line: line, column: column, isDocument: true))
                contexts.append(.children)
                if announcesOpenedItems {
                    openedRecord = ItemRecord(key: 0, parent: nil, position: 0, id: ".", title: name)
                    openedTitleIsFinal = true
                }
            default:
                throw shapeError(
                    "the document is \(Self.kind(of: event)), not an object or an array of items", line, column)
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
            let parentIndex = frames.count - 1
            switch event {
            case .beginObject:
                let frame = Frame(
                    key: nextKey, parent: frames[parentIndex].key, position: frames[parentIndex].childCount,
                    line: line, column: column, isDocument: false)
                frames[parentIndex].childCount += 1
                nextKey += 1
                frames.append(frame)
                contexts.append(.object)
                return nil
            case .string(let text), .number(let text):
                return leaf(text, line: line, column: column)
            case .bool(let value):
                return leaf(value ? "true" : "false", line: line, column: column)
            case .endArray:
                contexts.removeLast()
                if contexts.isEmpty, let document = frames.popLast() {
                    try checkFound(document.childCount, line: line, column: column)
                    top = .wrapper(count: document.childCount)
                }
                return nil
            default:
                throw shapeError(
                    "item \(ItemRecord.generatedID(key: nextKey)) must be an object, not \(Self.kind(of: event))",
                    line, column)
            }
        case .object:
            let index = frames.count - 1
            guard let key = pendingKey else {
                switch event {
                case .key(let key):
                    pendingKey = key
                    return nil
                case .endObject:
                    contexts.removeLast()
                    guard let frame = frames.popLast() else { return nil }
                    return try finish(frame)
                default:
                    throw DocumentReadError(.malformed, "expected a key", line: line, column: column)
                }
            }
            pendingKey = nil
            switch event {
            case .beginArray where key == "children" || (key == "root" && frames[index].isDocument):
                contexts.append(frames[index].isDynamic ? .skip(1) : .children)
                // A second `children` array continues the first: the item is announced once.
                if announcesOpenedItems, !frames[index].isDynamic, !frames[index].announced {
                    openedRecord = provisional(frames[index])
                    openedTitleIsFinal = frames[index].fields.contains { $0.name == "title" }
                }
                frames[index].announced = true
            case .beginArray, .beginObject:
                if key == "children" {
                    throw shapeError(
                        "item \(itemName(frames[index])): children must be an array, not an object", line, column)
                }
                if isStrict {
                    let place =
                        frames[index].isDocument && frames[index].fields.isEmpty
                        ? "the document" : "item \(itemName(frames[index]))"
                    throw shapeError(
                        "\(place): \"\(key)\" holds \(Self.kind(of: event)), not an item field; --as structure shows it",
                        line, column)
                }
                contexts.append(.skip(1))
            case .string(let text), .number(let text):
                if key == "children" {
                    throw shapeError(
                        "item \(itemName(frames[index])): children must be an array, not \(Self.kind(of: event))", line,
                        column)
                }
                if key == "type", text.lowercased() == "dynamic",
                    !frames[index].fields.contains(where: { $0.name == "type" })
                {
                    frames[index].isDynamic = true
                }
                frames[index].fields.append(ItemRecord.Attribute(key, text))
            case .bool(let value):
                frames[index].fields.append(ItemRecord.Attribute(key, value ? "true" : "false"))
            case .null:
                sawNull = true
            case .key, .endArray, .endObject:
                throw DocumentReadError(.malformed, "expected a value", line: line, column: column)
            }
            return nil
        }
    }

    private mutating func leaf(_ text: String, line: Int?, column: Int?) -> ItemRecord {
        let parentIndex = frames.count - 1
        let key = nextKey
        nextKey += 1
        let position = frames[parentIndex].childCount
        frames[parentIndex].childCount += 1
        return ItemRecord(
            key: key, parent: frames[parentIndex].key, position: position, id: ItemRecord.generatedID(key: key),
            title: text, line: line, column: column)
    }

    private func itemName(_ frame: Frame) -> String {
        frame.fields.first { $0.name == "id" }?.value ?? ItemRecord.generatedID(key: frame.key)
    }

    /// Read strictly, a wrapper around no item in a document that holds a value is no items document.
    private func checkFound(_ count: Int64, line: Int?, column: Int?) throws(DocumentReadError) {
        if isStrict, count == 0, sawNull {
            throw shapeError("the document holds no items; --as structure shows it", line, column)
        }
    }

    /// The record of an item that ended, or `nil` for a wrapper document object.
    private mutating func finish(_ frame: Frame) throws(DocumentReadError) -> ItemRecord? {
        if frame.isDocument {
            if frame.fields.isEmpty {
                try checkFound(frame.childCount, line: frame.line, column: frame.column)
                top = .wrapper(count: frame.childCount)
                return nil
            }
            top = .item
        }
        guard
            let record = Self.record(
                key: frame.key, parent: frame.parent, position: frame.position, childCount: frame.childCount,
                fields: frame.fields, isDynamic: frame.isDynamic, line: frame.line, column: frame.column)
        else {
            throw shapeError("item \(itemName(frame)) has no title or name", frame.line, frame.column)
        }
        return record
    }

    /// The record of a flat item (a CSV row), through the same field mapping as every
    /// document's items.
    ///
    /// The item is titled with its `id` when it has neither `title` nor `name`. It has no
    /// parent key: a flat format names its parent by identifier, which the caller resolves.
    ///
    /// - Parameters:
    ///   - key: The item's number in input order; also its position.
    ///   - fields: The item's fields by name, in input order.
    ///   - line: The line where the item starts.
    /// - Returns: The record.
    /// - Complexity: O(f) for f fields.
    public static func flatRecord(key: Int64, fields: [ItemRecord.Attribute], line: Int?) -> ItemRecord {
        if let record = record(
            key: key, parent: nil, position: key, childCount: 0, fields: fields, isDynamic: false, line: line,
            column: nil)
        {
            return record
        }
        let id = fields.first { $0.name == "id" && !$0.value.isEmpty }?.value ?? ItemRecord.generatedID(key: key)
        let titled = fields + [ItemRecord.Attribute("title", id)]
        return record(
            key: key, parent: nil, position: key, childCount: 0, fields: titled, isDynamic: false, line: line,
            column: nil) ?? ItemRecord(key: key, parent: nil, position: key, id: id, title: id, line: line)
    }

    /// Applies the field mapping to an item's scalar fields; `nil` without a title or name.
    static func record(
        key: Int64, parent: Int64?, position: Int64, childCount: Int64, fields: [ItemRecord.Attribute],
        isDynamic: Bool, line: Int?, column: Int?
    ) -> ItemRecord? {
        var id: String?
        var title: String?
        var name: String?
        var subtitle: String?
        var type: String?
        var footnote: String?
        var location: String?
        var body: String?
        var status: String?
        var extra: [ItemRecord.Attribute] = []
        var seen: Set<String> = []
        for field in fields {
            switch field.name {
            case "id": if id == nil { id = field.value }
            case "title": if title == nil { title = field.value }
            case "name": if name == nil { name = field.value }
            case "subtitle": if subtitle == nil { subtitle = field.value }
            case "type": if type == nil { type = field.value }
            case "footnote": if footnote == nil { footnote = field.value }
            case "location": if location == nil { location = field.value }
            case "body": if body == nil { body = field.value }
            case "status": if status == nil { status = field.value }
            default:
                if seen.insert(field.name).inserted { extra.append(field) }
            }
        }
        guard let itemTitle = title ?? name else { return nil }
        // Fields not used for a column are kept as attributes.
        var kept: [ItemRecord.Attribute] = []
        if title != nil, let name { kept.append(.init("name", name)) }
        var itemSubtitle = subtitle
        if let type {
            let kind = type.lowercased()
            if itemSubtitle == nil, kind != "static", kind != "dynamic" {
                itemSubtitle = type
            } else {
                kept.append(.init("type", type))
            }
        }
        if footnote != nil, let location { kept.append(.init("location", location)) }
        if footnote != nil || location != nil, let body { kept.append(.init("body", body)) }
        let itemID = id.flatMap { $0.isEmpty ? nil : $0 } ?? ItemRecord.generatedID(key: key)
        return ItemRecord(
            key: key, parent: parent, position: position, id: itemID, title: itemTitle, subtitle: itemSubtitle,
            footnote: footnote ?? location ?? body, status: status, attributes: kept + extra, isDynamic: isDynamic,
            childCount: isDynamic ? 0 : childCount, line: line, column: column)
    }

    // MARK: - Structure

    private mutating func consumeStructure(_ event: DocumentEvent, line: Int?, column: Int?)
        throws(DocumentReadError) -> ItemRecord?
    {
        guard !frames.isEmpty else {
            guard !started else {
                throw DocumentReadError(.malformed, "data after the document", line: line, column: column)
            }
            started = true
            top = .item
            switch event {
            case .beginObject, .beginArray:
                var frame = Frame(key: 0, parent: nil, position: 0, line: line, column: column, isDocument: true)
                frame.title = name
                frame.isObject = event == .beginObject
                frames.append(frame)
                if announcesOpenedItems {
                    openedRecord = structureRecord(frame)
                    openedTitleIsFinal = true
                }
                return nil
            default:
                return ItemRecord(
                    key: 0, parent: nil, position: 0, id: ItemRecord.generatedID(key: 0), title: name,
                    subtitle: Self.scalarText(event), line: line, column: column,
                    valueKind: DocumentValueKind.ofScalar(event))
            }
        }
        let index = frames.count - 1
        if frames[index].isObject, pendingKey == nil {
            switch event {
            case .key(let key):
                pendingKey = key
                return nil
            case .endObject:
                return closeStructure()
            default:
                throw DocumentReadError(.malformed, "expected a key", line: line, column: column)
            }
        }
        if event == .endArray, !frames[index].isObject { return closeStructure() }
        let title = pendingKey ?? "[\(frames[index].childCount)]"
        pendingKey = nil
        let key = nextKey
        nextKey += 1
        let position = frames[index].childCount
        frames[index].childCount += 1
        switch event {
        case .beginObject, .beginArray:
            var frame = Frame(
                key: key, parent: frames[index].key, position: position, line: line, column: column,
                isDocument: false)
            frame.title = title
            frame.isObject = event == .beginObject
            frames.append(frame)
            if announcesOpenedItems {
                openedRecord = structureRecord(frame)
                openedTitleIsFinal = true
            }
            return nil
        case .key, .endObject, .endArray:
            throw DocumentReadError(.malformed, "expected a value", line: line, column: column)
        default:
            return ItemRecord(
                key: key, parent: frames[index].key, position: position, id: ItemRecord.generatedID(key: key),
                title: title, subtitle: Self.scalarText(event), line: line, column: column,
                valueKind: DocumentValueKind.ofScalar(event))
        }
    }

    private mutating func closeStructure() -> ItemRecord? {
        guard let frame = frames.popLast() else { return nil }
        return structureRecord(frame)
    }

    private func structureRecord(_ frame: Frame) -> ItemRecord {
        ItemRecord(
            key: frame.key, parent: frame.parent, position: frame.position,
            id: ItemRecord.generatedID(key: frame.key),
            title: frame.title, childCount: frame.childCount, line: frame.line, column: frame.column,
            valueKind: frame.isObject ? .object : .array)
    }

    /// An item as far as it is read: its fields so far, an empty title when none came yet.
    private func provisional(_ frame: Frame) -> ItemRecord {
        if frame.isDocument, frame.fields.isEmpty {
            return ItemRecord(key: 0, parent: nil, position: 0, id: ".", title: name)
        }
        let record = Self.record(
            key: frame.key, parent: frame.parent, position: frame.position, childCount: frame.childCount,
            fields: frame.fields, isDynamic: false, line: frame.line, column: frame.column)
        return record
            ?? ItemRecord(
                key: frame.key, parent: frame.parent, position: frame.position,
                id: frame.fields.first { $0.name == "id" && !$0.value.isEmpty }?.value
                    ?? ItemRecord.generatedID(key: frame.key),
                title: "", line: frame.line, column: frame.column)
    }

    // MARK: - Helpers

    /// A scalar's value as shown: strings as they are, numbers as written, `true`, `false`, `null`.
    static func scalarText(_ event: DocumentEvent) -> String? {
        switch event {
        case .string(let text), .number(let text): text
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        default: nil
        }
    }

    /// A short name of an event's kind for messages.
    static func kind(of event: DocumentEvent) -> String {
        switch event {
        case .beginObject, .endObject: "an object"
        case .beginArray, .endArray: "an array"
        case .string: "text"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .key: "a key"
        }
    }

    private func shapeError(_ message: String, _ line: Int?, _ column: Int?) -> DocumentReadError {
        DocumentReadError(.shape, message, line: line, column: column)
    }
}
