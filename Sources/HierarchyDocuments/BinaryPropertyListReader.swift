import Foundation

/// A reader of binary property lists (`bplist00`) that walks the objects through their offset
/// table and produces ``DocumentEvent``s one at a time, without building an object tree.
///
/// The file's bytes are held (the format is read by offset, from the trailer at its end), plus
/// one frame per open container. Values map to events as ``PropertyListXMLReader``'s do; sets
/// read as arrays, UIDs and fill bytes as `null`. Everything the offsets could make unsafe is
/// checked: the trailer's sizes, every offset and object reference (in range, before the offset
/// table), every count against the bytes there are. An array or dictionary that contains
/// itself (a cycle of references) is an error naming the object; nesting deeper than
/// ``DocumentLimits/maximumNesting`` containers is a `.limit` error, and so are references to
/// shared objects that expand to more than 100,000 values plus 10 per byte of the file (the
/// binary form of the "billion laughs": a few objects referring to each other many times).
/// Errors name the object and its byte offset (the format has no lines).
///
/// - Complexity: O(v) time for the v values the document expands to (bounded as above);
///   memory O(n) for the n bytes of the file plus O(depth).
public struct BinaryPropertyListReader: DocumentEventSource {
    private struct Frame {
        /// The object's index (for the cycle check).
        var object: Int
        /// Offset of the first object reference (for a dictionary: of the keys).
        var references: Int
        var count: Int
        var index = 0
        var isDictionary: Bool
        /// Dictionary: whether the next event is the value of key `index`.
        var valueNext = false
    }

    private let bytes: [UInt8]
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let topObject: Int
    private let offsetTable: Int
    private var frames: [Frame] = []
    private var started = false
    private var walked = 0
    /// The most values walked (see the type's description).
    public let limit: Int

    public var eventLine: Int? { nil }
    public var eventColumn: Int? { nil }
    /// The furthest object start walked so far.
    private var furthest = 0

    /// How far the walk has come, in bytes of the file: the furthest object walked (writers put
    /// a container's members after it, so this grows through the file as the walk does), the
    /// whole file once the top object's last event is out. The bytes themselves were all read
    /// at the start.
    public var bytesRead: Int64 { started && frames.isEmpty ? Int64(bytes.count) : Int64(furthest) }

    /// Checks the header and trailer of a binary property list.
    ///
    /// - Parameter bytes: The whole file.
    /// - Throws: ``DocumentReadError`` (`.malformed`) for a file too short, a bad header or a
    ///   trailer whose sizes or offsets do not fit the file.
    public init(bytes: [UInt8]) throws(DocumentReadError) {
        self.bytes = bytes
        let header = Array("bplist00".utf8)
        guard bytes.count >= 8 + 32 + 1, bytes.starts(with: header) else {
            throw DocumentReadError(
                .malformed,
                bytes.starts(with: header)
                    ? "truncated binary property list (\(bytes.count) bytes)"
                    : "not a binary property list of a known version (the header is not bplist00)")
        }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        func word(_ at: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in at..<(at + 8) { value = value << 8 | UInt64(bytes[index]) }
            return value
        }
        let objects = word(trailer + 8)
        let top = word(trailer + 16)
        let table = word(trailer + 24)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw DocumentReadError(
                .malformed,
                "truncated or corrupt binary property list: offset size \(offsetSize), reference size \(referenceSize) in the trailer"
            )
        }
        guard objects >= 1, objects <= UInt64(trailer), top < objects, table >= 9, table <= UInt64(trailer),
            UInt64(trailer) - table >= objects * UInt64(offsetSize)
        else {
            throw DocumentReadError(
                .malformed,
                "truncated or corrupt binary property list: the trailer names \(objects) objects, top object \(top) and an offset table at byte \(table) of \(bytes.count)"
            )
        }
        objectCount = Int(objects)
        topObject = Int(top)
        offsetTable = Int(table)
        limit = 100_000 + 10 * bytes.count
    }

    private func failure(_ message: String, object: Int) -> DocumentReadError {
        DocumentReadError(.malformed, "object \(object): \(message)")
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, which must lie before `end`.
    private func unsigned(at offset: Int, size: Int, end: Int, object: Int) throws(DocumentReadError) -> UInt64 {
        guard offset >= 0, size <= end - offset else {
            throw failure("runs past the end of its data (at byte \(offset))", object: object)
        }
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    /// The byte offset of object `index`, checked to lie among the objects.
    private func offset(of index: Int, from object: Int) throws(DocumentReadError) -> Int {
        guard index >= 0, index < objectCount else {
            throw failure("reference to object \(index), but there are \(objectCount)", object: object)
        }
        let entry = offsetTable + index * offsetSize
        let value = try unsigned(at: entry, size: offsetSize, end: bytes.count - 32, object: index)
        guard value >= 8, value < UInt64(offsetTable) else {
            throw failure("offset \(value) is outside the objects (bytes 8 to \(offsetTable))", object: index)
        }
        return Int(value)
    }

    /// The object referenced at `offset` (a reference of `referenceSize` bytes).
    private func reference(at offset: Int, from object: Int) throws(DocumentReadError) -> Int {
        let value = try unsigned(at: offset, size: referenceSize, end: offsetTable, object: object)
        guard value < UInt64(objectCount) else {
            throw failure("reference to object \(value), but there are \(objectCount)", object: object)
        }
        return Int(value)
    }

    /// The count in a marker's low nibble, or in the integer object after it (nibble 0xF), and
    /// the offset where the object's contents start.
    private func count(at offset: Int, marker: UInt8, object: Int) throws(DocumentReadError) -> (count: Int, start: Int)
    {
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F else { return (nibble, offset + 1) }
        guard offset + 1 < offsetTable else { throw failure("truncated count", object: object) }
        let intMarker = bytes[offset + 1]
        guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
            throw failure("malformed count (marker 0x\(String(intMarker, radix: 16)))", object: object)
        }
        let size = 1 << Int(intMarker & 0x0F)
        let value = try unsigned(at: offset + 2, size: size, end: offsetTable, object: object)
        guard value <= UInt64(offsetTable) else {
            throw failure("count \(value) is larger than the file", object: object)
        }
        return (Int(value), offset + 2 + size)
    }

    /// The next event, `nil` after the end of the document.
    ///
    /// - Throws: ``DocumentReadError`` (`.malformed` or `.limit`) naming the object.
    public mutating func next() throws(DocumentReadError) -> DocumentEvent? {
        if !started {
            started = true
            return try value(of: topObject, from: topObject)
        }
        guard !frames.isEmpty else { return nil }
        let last = frames.count - 1
        let frame = frames[last]
        guard frame.index < frame.count else {
            frames.removeLast()
            return frame.isDictionary ? .endObject : .endArray
        }
        if frame.isDictionary && !frame.valueNext {
            let keyObject = try reference(at: frame.references + frame.index * referenceSize, from: frame.object)
            frames[last].valueNext = true
            guard case .string(let key) = try scalar(keyObject, from: frame.object) else {
                throw failure("a dictionary key that is not a string (object \(keyObject))", object: frame.object)
            }
            return .key(key)
        }
        let base = frame.isDictionary ? frame.references + frame.count * referenceSize : frame.references
        let child = try reference(at: base + frame.index * referenceSize, from: frame.object)
        frames[last].index += 1
        frames[last].valueNext = false
        return try value(of: child, from: frame.object)
    }

    /// The event that starts object `index`; containers push a frame.
    private mutating func value(of index: Int, from parent: Int) throws(DocumentReadError) -> DocumentEvent {
        walked += 1
        guard walked <= limit else {
            throw DocumentReadError(.limit, "object references expand to more than \(limit) values")
        }
        let start = try offset(of: index, from: parent)
        furthest = max(furthest, start)
        let marker = bytes[start]
        switch marker & 0xF0 {
        case 0xA0, 0xC0, 0xD0:
            let isDictionary = marker & 0xF0 == 0xD0
            let (count, contents) = try count(at: start, marker: marker, object: index)
            let width = (isDictionary ? 2 : 1) * referenceSize
            guard count <= (offsetTable - contents) / width else {
                throw failure("\(count) members do not fit before the offset table", object: index)
            }
            if frames.contains(where: { $0.object == index }) {
                throw failure("contains itself (a cycle of object references)", object: index)
            }
            guard frames.count < DocumentLimits.maximumNesting else {
                throw DocumentReadError(.limit, DocumentLimits.nestingMessage)
            }
            frames.append(Frame(object: index, references: contents, count: count, isDictionary: isDictionary))
            return isDictionary ? .beginObject : .beginArray
        default:
            return try scalar(index, from: parent)
        }
    }

    /// The event of a scalar object.
    private func scalar(_ index: Int, from parent: Int) throws(DocumentReadError) -> DocumentEvent {
        let start = try offset(of: index, from: parent)
        let marker = bytes[start]
        let nibble = Int(marker & 0x0F)
        switch marker & 0xF0 {
        case 0x00:
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            case 0x00, 0x0F: return .null
            default: throw failure("unknown marker 0x\(String(marker, radix: 16))", object: index)
            }
        case 0x10:
            guard nibble <= 4 else { throw failure("an integer of 2^\(nibble) bytes", object: index) }
            let size = 1 << nibble
            if size == 16 {
                // 128-bit: the low 64 bits, unsigned (as Foundation reads it).
                let low = try unsigned(at: start + 9, size: 8, end: offsetTable, object: index)
                return .number(String(low))
            }
            let value = try unsigned(at: start + 1, size: size, end: offsetTable, object: index)
            return .number(size == 8 ? String(Int64(bitPattern: value)) : String(value))
        case 0x20:
            guard nibble == 2 || nibble == 3 else { throw failure("a real of 2^\(nibble) bytes", object: index) }
            let value = try unsigned(at: start + 1, size: 1 << nibble, end: offsetTable, object: index)
            let double = nibble == 2 ? Double(Float(bitPattern: UInt32(value))) : Double(bitPattern: value)
            return PropertyListXMLReader.number(double)
        case 0x30:
            guard marker == 0x33 else { throw failure("unknown marker 0x\(String(marker, radix: 16))", object: index) }
            let value = try unsigned(at: start + 1, size: 8, end: offsetTable, object: index)
            let seconds = Double(bitPattern: value)
            guard seconds.isFinite else { throw failure("a date that is not a number", object: index) }
            return .string(PropertyListDate.text(secondsSinceReferenceDate: seconds))
        case 0x40:
            let (count, contents) = try count(at: start, marker: marker, object: index)
            guard count <= offsetTable - contents else {
                throw failure("\(count) bytes of data run past the objects", object: index)
            }
            return .string(Data(bytes[contents..<(contents + count)]).base64EncodedString())
        case 0x50:
            let (count, contents) = try count(at: start, marker: marker, object: index)
            guard count <= offsetTable - contents else {
                throw failure("a string of \(count) bytes runs past the objects", object: index)
            }
            return .string(String(decoding: bytes[contents..<(contents + count)], as: UTF8.self))
        case 0x60:
            let (count, contents) = try count(at: start, marker: marker, object: index)
            guard count <= (offsetTable - contents) / 2 else {
                throw failure("a string of \(count) UTF-16 units runs past the objects", object: index)
            }
            var units: [UInt16] = []
            units.reserveCapacity(count)
            for unit in 0..<count {
                units.append(UInt16(bytes[contents + 2 * unit]) << 8 | UInt16(bytes[contents + 2 * unit + 1]))
            }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x80:
            return .null
        case 0xA0, 0xC0, 0xD0:
            throw failure("a container where a string, number, date or data object belongs", object: index)
        default:
            throw failure("unknown marker 0x\(String(marker, radix: 16))", object: index)
        }
    }
}
