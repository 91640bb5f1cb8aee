import HierarchySources

/// The items reading of ``DocumentRecordBuilder``, checked on the validator's pass over the
/// bytes (``JSONValidator/items``) without making a record: whether the document is an items
/// document, and whether two items name the same `id`.
///
/// It follows the builder's rules event for event (the same keys handed out, the same ids
/// compared in the same order, children before their parent), so that it finds what a read
/// through the builder finds and where: a misfit where the builder throws a `.shape` error, a
/// repeated id where its reader's sink sees the second record. It keeps one frame per open
/// item and the ids it compares; it only says what it found and where, and the slow read
/// gives the message where one is needed.
///
/// - Complexity: O(1) a value, O(d) memory for d open items, plus the ids kept.
struct JSONItemsCheck {
    /// What the check found, where the read through the builder stops.
    enum Finding: Equatable {
        /// The builder's `.shape` error: read automatically, the document is no items document.
        case misfit
        /// An item ends with the `id` of an item before it; `offset` is where the item starts.
        case repeatedID(String, offset: Int64)
        /// An `id` longer than the validator keeps: only the builder can compare it.
        case unknown
    }

    /// The keys the items reading tells apart.
    enum Key {
        case id, title, name, type, children, root, other
    }

    /// The kinds of scalar value.
    enum Scalar {
        case string, number
        case bool(Bool)
        case null
    }

    /// Read automatically (``DocumentShape/automatic``): a value the items reading would skip
    /// is a misfit.
    let isStrict: Bool
    /// Keep this many explicit ids, the first ones, to find repeats of.
    let idLimit: Int
    /// What was found; the check ends with the first finding.
    private(set) var finding: Finding?

    private struct Frame {
        var key: Int64
        var offset: Int64
        var isDocument: Bool
        var childCount: Int64 = 0
        var hasFields = false
        var hasTitle = false
        var hasType = false
        var isDynamic = false
        var hasID = false
        /// The first `id` field's text, empty for none or for one known not to repeat another.
        var id = ""
        /// Its bit in the filter.
        var idBit: UInt64 = 0
    }

    private enum Context {
        case object
        case children
        case skip(Int)
    }

    private var frames: [Frame] = []
    private var contexts: [Context] = []
    private var pendingKey: Key?
    private var started = false
    private var sawNull = false
    private var nextKey: Int64 = 1
    private var ids: Set<String> = []
    /// One bit for each hash (``filterBit(_:)``) of an id in `ids`: an id whose bit is clear is
    /// not there, found without hashing it for the set. 256 KiB, so that it stays in a core's
    /// cache (with the 262,144 ids of the background pass, about one bit in eight is set).
    private var filter = [UInt64](repeating: 0, count: JSONItemsCheck.filterWords)
    private static let filterWords = 1 << 15

    /// - Parameters:
    ///   - strict: Read automatically: a value the items reading would skip is a misfit.
    ///   - idLimit: Keep this many explicit ids to find repeats of (all by default).
    ///   - readsLines: JSON Lines: the values are the elements of one array, as the reader gives them.
    init(strict: Bool, idLimit: Int = .max, readsLines: Bool = false) {
        isStrict = strict
        self.idLimit = idLimit
        if readsLines { begin(isObject: false, offset: 0) }
    }

    /// Whether the finding ends the read through the builder: all but a misfit read automatically
    /// (whose document is then read as its structure, validated to its end).
    var endsPass: Bool {
        switch finding {
        case nil: false
        case .misfit: !isStrict
        case .repeatedID, .unknown: true
        }
    }

    /// Whether the next key's text is wanted: the innermost container is an item.
    var wantsKey: Bool {
        if case .object = contexts.last { return finding == nil }
        return false
    }

    /// Whether the next value's text is wanted: an item's first `id`, or its first `type`
    /// (which may make it dynamic).
    var wantsValue: Bool {
        switch pendingKey {
        case .id?: return finding == nil && !frames[frames.count - 1].hasID
        case .type?: return finding == nil && !frames[frames.count - 1].hasType
        default: return false
        }
    }

    /// An object or array opens at `offset`.
    mutating func begin(isObject: Bool, offset: Int64) {
        guard finding == nil else { return }
        guard let context = contexts.last else {
            guard !started else { return }
            started = true
            frames.append(Frame(key: 0, offset: offset, isDocument: true))
            contexts.append(isObject ? .object : .children)
            return
        }
        switch context {
        case .skip(let depth):
            contexts[contexts.count - 1] = .skip(depth + 1)
        case .children:
            guard isObject else {
                finding = .misfit
                return
            }
            frames[frames.count - 1].childCount += 1
            frames.append(Frame(key: nextKey, offset: offset, isDocument: false))
            nextKey += 1
            contexts.append(.object)
        case .object:
            let key = pendingKey
            pendingKey = nil
            let index = frames.count - 1
            if !isObject, key == .children || (key == .root && frames[index].isDocument) {
                contexts.append(frames[index].isDynamic ? .skip(1) : .children)
            } else if key == .children || isStrict {
                finding = .misfit
            } else {
                contexts.append(.skip(1))
            }
        }
    }

    /// The innermost object or array closes.
    mutating func end() {
        guard finding == nil, let context = contexts.last else { return }
        switch context {
        case .skip(let depth):
            if depth == 1 { contexts.removeLast() } else { contexts[contexts.count - 1] = .skip(depth - 1) }
        case .children:
            contexts.removeLast()
            if contexts.isEmpty, let document = frames.popLast() { checkFound(document.childCount) }
        case .object:
            contexts.removeLast()
            if let frame = frames.popLast() { finish(frame) }
        }
    }

    /// A key of the innermost object, when ``wantsKey``: its bytes between the quotes (`nil`
    /// when longer than the validator keeps).
    mutating func key(_ bytes: UnsafeBufferPointer<UInt8>?) {
        pendingKey = bytes.map(Self.key) ?? .other
    }

    /// A scalar value; `text` its bytes (a string's between the quotes) when ``wantsValue``
    /// asked for them, `nil` when longer than the validator keeps.
    mutating func scalar(_ kind: Scalar, text: UnsafeBufferPointer<UInt8>? = nil) {
        guard finding == nil else { return }
        guard let context = contexts.last else {
            if !started {
                started = true
                finding = .misfit
            }
            return
        }
        switch context {
        case .skip:
            return
        case .children:
            if case .null = kind {
                finding = .misfit
                return
            }
            frames[frames.count - 1].childCount += 1
            nextKey += 1
        case .object:
            let key = pendingKey ?? .other
            pendingKey = nil
            let index = frames.count - 1
            switch kind {
            case .null:
                sawNull = true
                return
            case .string, .number:
                if key == .children {
                    finding = .misfit
                    return
                }
            case .bool:
                break
            }
            frames[index].hasFields = true
            switch key {
            case .id where !frames[index].hasID:
                frames[index].hasID = true
                switch kind {
                case .bool(let value): keepID(value ? "true" : "false", of: index)
                case .string, .number:
                    guard let text else {
                        finding = .unknown
                        return
                    }
                    if case .string = kind, text.contains(0x5C) { return keepID(Self.decoded(text), of: index) }
                    let bit = Self.filterBit(text)
                    // Once the set is full, an id whose bit is clear repeats no id: it is not kept.
                    if ids.count >= idLimit, !isSet(bit) { return }
                    frames[index].id = String(decoding: text, as: UTF8.self)
                    frames[index].idBit = bit
                case .null:
                    break
                }
            case .title, .name:
                frames[index].hasTitle = true
            case .type where !frames[index].hasType:
                frames[index].hasType = true
                if case .string = kind, let text, text.count <= 64, Self.decoded(text).lowercased() == "dynamic" {
                    frames[index].isDynamic = true
                }
            default:
                break
            }
        }
    }

    /// JSON Lines: the input ended (the array of its lines closes).
    mutating func endLines() { end() }

    /// The builder's end of an item.
    private mutating func finish(_ frame: Frame) {
        if frame.isDocument, !frame.hasFields { return checkFound(frame.childCount) }
        guard frame.hasTitle else {
            finding = .misfit
            return
        }
        guard let first = frame.id.utf8.first else { return }
        if first == UInt8(ascii: "#"), frame.id == ItemRecord.generatedID(key: frame.key) { return }
        let repeated: Bool
        if ids.count < idLimit {
            filter[Int(frame.idBit >> 6)] |= 1 << (frame.idBit & 63)
            repeated = !ids.insert(frame.id).inserted
        } else {
            repeated = isSet(frame.idBit) && ids.contains(frame.id)
        }
        if repeated { finding = .repeatedID(frame.id, offset: frame.offset) }
    }

    private mutating func keepID(_ id: String, of index: Int) {
        var id = id
        frames[index].idBit = id.withUTF8 { Self.filterBit($0) }
        frames[index].id = id
    }

    private func isSet(_ bit: UInt64) -> Bool { filter[Int(bit >> 6)] & (1 << (bit & 63)) != 0 }

    /// An id's bit in the filter: its FNV-1a hash, the high bits folded into the low ones.
    private static func filterBit(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return (hash ^ (hash >> 29)) & UInt64(filterWords * 64 - 1)
    }

    /// Read strictly, a wrapper around no item in a document that holds a value is no items document.
    private mutating func checkFound(_ count: Int64) {
        if isStrict, count == 0, sawNull { finding = .misfit }
    }

    /// A key's meaning from its bytes.
    static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> Key {
        guard bytes.count <= 8 else { return bytes.contains(0x5C) ? key(decoded(bytes)) : .other }
        // The key's bytes as one little-endian number, compared with the names'.
        var word: UInt64 = 0
        for (position, byte) in bytes.enumerated() {
            if byte == 0x5C { return key(decoded(bytes)) }
            word |= UInt64(byte) << (8 * UInt64(position))
        }
        switch word {
        case 0x6469: return .id
        case 0x65_6C74_6974: return .title
        case 0x656D_616E: return .name
        case 0x6570_7974: return .type
        case 0x6E65_7264_6C69_6863: return .children
        case 0x746F_6F72: return .root
        default: return .other
        }
    }

    private static func key(_ text: String) -> Key {
        switch text {
        case "id": .id
        case "title": .title
        case "name": .name
        case "type": .type
        case "children": .children
        case "root": .root
        default: .other
        }
    }

    /// A string's text from its bytes between the quotes (escapes decoded by the strict reader).
    static func decoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(0x5C) else { return String(decoding: bytes, as: UTF8.self) }
        var reader = JSONEventReader(input: ByteInput(bytes: [0x22] + Array(bytes) + [0x22]))
        guard case .string(let text) = try? reader.next() else { return String(decoding: bytes, as: UTF8.self) }
        return text
    }
}
