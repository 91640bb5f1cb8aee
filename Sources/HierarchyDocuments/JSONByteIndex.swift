import Foundation
import HierarchySources
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One value of a JSON file as a scan finds it: where it starts, and where its key starts
/// when it is an object's member.
struct JSONMember: Sendable, Equatable {
    /// The offset of the key's opening quote; -1 for an array's element or the document.
    var key: Int64
    /// The offset of the value's first byte.
    var value: Int64
    /// The value's first byte: `{`, `[`, `"`, or the first byte of a number or literal.
    var first: UInt8

    /// Whether the value is an object or an array.
    var isContainer: Bool { first == UInt8(ascii: "{") || first == UInt8(ascii: "[") }
    var isObject: Bool { first == UInt8(ascii: "{") }
}

/// The structural index of a JSON file: the file is the tree.
///
/// A container's members are found by scanning its bytes for structural characters,
/// skipping strings with `memchr` (for `"` and `\`). Each container scanned keeps a sparse
/// index: the offset of every ``checkpointStride``-th member, and its member count once it
/// was scanned to its end, so that any member of a huge array or object is reached from the
/// checkpoint before it. Nothing else is kept; values are decoded only when asked for.
///
/// The scan does not validate: it finds the members of well-formed JSON, and of malformed
/// JSON it finds something or throws ``DocumentReadError`` (`.malformed`), never crashes and
/// never loops. Validation is the strict reader's (see ``IndexedJSONSource``).
final class JSONByteIndex: Sendable {
    /// A checkpoint every 4,096 members.
    static let checkpointStride = 4096

    let file: JSONByteFile
    private let containers: Mutex<[Int64: Entry]>

    /// Where a member starts.
    struct Checkpoint: Sendable, Equatable {
        var index: Int
        var offset: Int64
    }

    /// A checkpoint at least every 1 MiB of members.
    static let checkpointBytes: Int64 = 1 << 20

    /// What is known of one container.
    struct Entry: Sendable {
        /// Where members start (their key, or their value in an array), in order: every
        /// ``checkpointStride``-th member, and the first member ``checkpointBytes`` or more past
        /// the last checkpoint (a few large members).
        var checkpoints: [Checkpoint] = []
        /// The member count, once the container was scanned to its end.
        var count: Int?
        /// The offset just past the container's closing bracket, once known.
        var end: Int64?

        /// The checkpoint of the member at `index`, if there is one.
        func checkpoint(at index: Int) -> Checkpoint? {
            var low = 0
            var high = checkpoints.count
            while low < high {
                let middle = (low + high) / 2
                if checkpoints[middle].index < index { low = middle + 1 } else { high = middle }
            }
            return low < checkpoints.count && checkpoints[low].index == index ? checkpoints[low] : nil
        }
    }

    /// The end of a container skipped is kept when it is at least this large (256 KiB): a
    /// row's large `children` array is skipped once, not at every scan of its object's fields.
    static let keptEndBytes: Int64 = 256 << 10

    /// The end and member count of a container skipped, and of each container among its
    /// members, are kept when it is at least this large (16 KiB): a row's `children` array
    /// skipped to read the row's fields is not scanned again for its count, and the members of
    /// a large container skipped on the way to a row are not scanned again when that row's
    /// fields are read.
    static let keptCountBytes: Int64 = 16 << 10

    /// Whether the file is JSON Lines: its values, one after another, are the members of one
    /// array that has no brackets (the top, ``top()``).
    let readsLines: Bool

    init(file: JSONByteFile, readsLines: Bool = false) {
        self.file = file
        self.readsLines = readsLines
        containers = Mutex([:])
    }

    /// The containers indexed so far.
    var indexedContainers: Int { containers.withLock { $0.count } }

    /// What is known of a container.
    func entry(_ container: Int64) -> Entry? { containers.withLock { $0[container] } }

    // MARK: - The document

    /// The document's top value, `nil` for a file with no value (empty, or whitespace only).
    func top() throws(DocumentReadError) -> JSONMember? {
        var cursor = JSONByteCursor(file: file, offset: 0)
        // JSON Lines: an array whose opening bracket would be just before the file.
        if readsLines { return JSONMember(key: -1, value: -1, first: UInt8(ascii: "[")) }
        if try cursor.peek() == 0xEF { cursor.offset += 3 }
        guard let byte = try cursor.significantByte() else { return nil }
        return JSONMember(key: -1, value: cursor.offset, first: byte)
    }

    // MARK: - Members

    /// The number of members of a container.
    ///
    /// - Complexity: O(the container's bytes) the first time, O(1) after.
    func count(of container: JSONMember) throws(DocumentReadError) -> Int {
        guard container.isContainer else { return 0 }
        if let count = entry(container.value)?.count { return count }
        var last = 0
        try forEachMember(of: container, from: Int.max) { index, _ in
            last = index
            return true
        }
        return entry(container.value)?.count ?? last
    }

    /// The number of members of a container when its scan ends within `budget` bytes of its
    /// start (or was done before), else `nil`: what a row can show without waiting.
    func count(of container: JSONMember, within budget: Int64) throws(DocumentReadError) -> Int? {
        guard container.isContainer else { return 0 }
        if let count = entry(container.value)?.count { return count }
        try forEachMember(of: container, from: Int.max, limit: container.value + budget) { _, _ in true }
        return entry(container.value)?.count
    }

    /// The members of a container found by scanning up to `budget` bytes more than before: all
    /// of them when the scan reached its end (or had before), else a lower bound (the members
    /// before its last checkpoint). Called again, the scan goes on from there.
    func count(of container: JSONMember, soFarWithin budget: Int64) throws(DocumentReadError)
        -> (count: Int, isComplete: Bool)
    {
        guard container.isContainer else { return (0, true) }
        if let count = entry(container.value)?.count { return (count, true) }
        let from = entry(container.value)?.checkpoints.last?.offset ?? container.value
        try forEachMember(of: container, from: Int.max, limit: from + budget) { _, _ in true }
        let known = entry(container.value)
        if let count = known?.count { return (count, true) }
        return (known?.checkpoints.last?.index ?? 0, false)
    }

    /// The members of a container in `range` (clamped to the members there are; ending early,
    /// without an error, where the bytes after a member found cannot be followed).
    func members(of container: JSONMember, in range: Range<Int>) throws(DocumentReadError) -> [JSONMember] {
        guard !range.isEmpty else { return [] }
        var found: [JSONMember] = []
        found.reserveCapacity(min(range.count, 1024))
        do {
            try forEachMember(of: container, from: range.lowerBound) { index, member in
                found.append(member)
                return index + 1 < range.upperBound
            }
        } catch {
            // What comes before bytes the scan cannot follow stays browsable.
            if found.isEmpty { throw error }
        }
        return found
    }

    /// The member at `index` of a container, `nil` past its end.
    func member(of container: JSONMember, at index: Int) throws(DocumentReadError) -> JSONMember? {
        try members(of: container, in: index..<index + 1).first
    }

    /// The first member of an object with this key, and its index.
    ///
    /// - Complexity: O(the object's bytes up to the member).
    func member(of object: JSONMember, key: String) throws(DocumentReadError) -> (index: Int, member: JSONMember)? {
        guard object.isObject else { return nil }
        var found: (Int, JSONMember)?
        try forEachMember(of: object, from: 0) { (index, member) throws(DocumentReadError) -> Bool in
            if try self.key(of: member) == key {
                found = (index, member)
                return false
            }
            return true
        }
        return found
    }

    /// Calls `body` with each member of a container from index `from` on, until it returns
    /// false or the members end; starts at the checkpoint before `from`, and leaves
    /// checkpoints (and the count, at the end) behind.
    ///
    /// - Parameter limit: Stop (as if `body` returned false) rather than scan past this offset.
    /// - Throws: ``DocumentReadError`` where the bytes are not JSON the scan can follow.
    func forEachMember(
        of container: JSONMember, from: Int, limit: Int64 = .max,
        _ body: (Int, JSONMember) throws(DocumentReadError) -> Bool
    ) throws(DocumentReadError) {
        guard container.isContainer else { return }
        let known = entry(container.value) ?? Entry()
        if let count = known.count, from >= count { return }
        let isObject = container.isObject
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let isLines = readsLines && container.value == -1
        var cursor = JSONByteCursor(file: file, offset: container.value + 1)
        if isLines, try cursor.peek() == 0xEF { cursor.offset += 3 }
        var index = 0
        var newCheckpoints: [Checkpoint] = []
        if let checkpoint = known.checkpoints.last(where: { $0.index <= from }), checkpoint.index > 0 {
            cursor.offset = checkpoint.offset
            index = checkpoint.index
        } else {
            guard let byte = try cursor.significantByte() else {
                guard isLines else { throw malformed("unexpected end of the document") }
                record(container.value, count: 0, end: cursor.offset, checkpoints: [])
                return
            }
            if byte == close, !isLines {
                cursor.offset += 1
                record(container.value, count: 0, end: cursor.offset, checkpoints: [])
                return
            }
        }
        var last = known.checkpoints.last ?? Checkpoint(index: 0, offset: cursor.offset)
        while true {
            let start = cursor.offset
            if index > last.index,
                index % Self.checkpointStride == 0 || start - last.offset >= Self.checkpointBytes
            {
                last = Checkpoint(index: index, offset: start)
                newCheckpoints.append(last)
            }
            var key: Int64 = -1
            if isObject {
                guard try cursor.peek() == UInt8(ascii: "\"") else { throw malformed("expected a key", at: start) }
                key = start
                cursor.offset += 1
                try skipString(&cursor)
                guard try cursor.significantByte() == UInt8(ascii: ":") else {
                    throw malformed("expected ':' after an object key", at: cursor.offset)
                }
                cursor.offset += 1
            }
            guard let first = try cursor.significantByte() else { throw malformed("unexpected end of the document") }
            let member = JSONMember(key: key, value: cursor.offset, first: first)
            if index >= from {
                guard try body(index, member) else { break }
            }
            // A checkpoint at the next member: no need to skip this one.
            if let next = known.checkpoint(at: index + 1) {
                guard next.offset <= limit else { break }
                cursor.offset = next.offset
                index += 1
                continue
            }
            guard try skipValue(&cursor, first: first, limit: limit), cursor.offset <= limit else { break }
            guard let next = try cursor.significantByte() else {
                guard isLines else { throw malformed("unexpected end of the document") }
                record(container.value, count: index + 1, end: cursor.offset, checkpoints: newCheckpoints)
                return
            }
            if isLines {
                index += 1
                continue
            }
            if next == close {
                cursor.offset += 1
                record(container.value, count: index + 1, end: cursor.offset, checkpoints: newCheckpoints)
                return
            }
            guard next == UInt8(ascii: ",") else {
                throw malformed("expected ',' or '\(DocumentReadError.printable(close))'", at: cursor.offset)
            }
            cursor.offset += 1
            guard try cursor.significantByte() != nil else { throw malformed("unexpected end of the document") }
            index += 1
        }
        record(container.value, count: nil, end: nil, checkpoints: newCheckpoints)
    }

    private func record(_ container: Int64, count: Int?, end: Int64?, checkpoints: [Checkpoint]) {
        containers.withLock { containers in
            var entry = containers[container] ?? Entry()
            for checkpoint in checkpoints where checkpoint.index > (entry.checkpoints.last?.index ?? 0) {
                entry.checkpoints.append(checkpoint)
            }
            if let count { entry.count = count }
            if let end { entry.end = end }
            containers[container] = entry
        }
    }

    // MARK: - Skipping

    /// The offset just past a value.
    func end(of value: JSONMember) throws(DocumentReadError) -> Int64 {
        if readsLines, value.value == -1 { return file.size }
        if value.isContainer, let end = entry(value.value)?.end { return end }
        var cursor = JSONByteCursor(file: file, offset: value.value)
        try skipValue(&cursor, first: value.first)
        return cursor.offset
    }

    /// Moves past the value starting at the cursor; false when it stopped at `limit` before the
    /// value's end.
    @discardableResult
    func skipValue(_ cursor: inout JSONByteCursor, first: UInt8, limit: Int64 = .max) throws(DocumentReadError)
        -> Bool
    {
        switch first {
        case UInt8(ascii: "\""):
            cursor.offset += 1
            try skipString(&cursor)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let start = cursor.offset
            if let end = entry(start)?.end {
                cursor.offset = end
                return true
            }
            guard case .some(let count) = try skipContainer(&cursor, limit: limit) else { return false }
            if cursor.offset - start >= Self.keptCountBytes {
                record(start, count: count, end: cursor.offset, checkpoints: [])
            }
            return true
        default:
            let start = cursor.offset
            while let byte = try cursor.peek() {
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if cursor.offset == start { throw malformed("expected a value", at: start) }
                    return true
                default: cursor.offset += 1
                }
            }
        }
        return true
    }

    /// Moves past a string's closing quote, the cursor being after its opening one: `memchr`
    /// for the quote, and for a backslash before it.
    func skipString(_ cursor: inout JSONByteCursor) throws(DocumentReadError) {
        let start = cursor.offset
        while true {
            guard try cursor.load() else { throw malformed("unterminated string", at: start - 1) }
            let from = Int(cursor.offset - cursor.blockStart)
            let (advance, done) = cursor.block.withUnsafeBufferPointer { buffer -> (Int, Bool) in
                let base = UnsafeRawPointer(buffer.baseAddress! + from)
                let rest = buffer.count - from
                guard let quote = memchr(base, 0x22, rest) else {
                    if let backslash = memchr(base, 0x5C, rest) {
                        return (UnsafeRawPointer(backslash) - base + 2, false)
                    }
                    return (rest, false)
                }
                let length = UnsafeRawPointer(quote) - base
                if let backslash = memchr(base, 0x5C, length) { return (UnsafeRawPointer(backslash) - base + 2, false) }
                return (length + 1, true)
            }
            cursor.offset += Int64(advance)
            if done { return }
        }
    }

    /// Moves past the container starting at the cursor by counting brackets outside strings,
    /// and returns its member count (commas outside strings one level in; `nil` when it cannot
    /// tell an empty container from whitespace across a block's end), or `.none` when it stopped
    /// at `limit` before the container's end. The ends and counts of its members that are
    /// containers of ``keptCountBytes`` or more are kept.
    private func skipContainer(_ cursor: inout JSONByteCursor, limit: Int64) throws(DocumentReadError) -> Int?? {
        let start = cursor.offset
        var state = SkipState()
        while true {
            guard try cursor.load() else {
                throw malformed(state.inString ? "unterminated string" : "unexpected end of the document", at: start)
            }
            let from = Int(cursor.offset - cursor.blockStart)
            let blockStart = cursor.blockStart
            var kept: [(Int64, Int?, Int64)] = []
            let (next, finished) = cursor.block.withUnsafeBufferPointer { buffer in
                state.scan(buffer, from: from, blockStart: blockStart, kept: &kept)
            }
            for (container, count, end) in kept { record(container, count: count, end: end, checkpoints: []) }
            cursor.offset = cursor.blockStart + Int64(next)
            if finished { return .some(state.isEmpty.map { $0 ? 0 : state.commas + 1 }) }
            if cursor.offset > limit { return .none }
        }
    }

    /// Where ``skipContainer(_:limit:)`` is: the depth, in a string or not, the container's
    /// members, and those of the member being skipped when it is a container; emptiness is told
    /// by the byte after the opening bracket (`nil`: the block ended first).
    private struct SkipState {
        var depth = 0
        var inString = false
        var commas = 0
        var isEmpty: Bool? = false
        var memberStart: Int64 = 0
        var memberCommas = 0
        var memberIsEmpty: Bool? = false

        /// Scans a block from `from`: where it stopped, and whether the container ended there.
        mutating func scan(
            _ buffer: UnsafeBufferPointer<UInt8>, from: Int, blockStart: Int64, kept: inout [(Int64, Int?, Int64)]
        ) -> (Int, Bool) {
            let bytes = buffer.baseAddress!
            let count = buffer.count
            var depth = self.depth
            var inString = self.inString
            var commas = self.commas
            var memberCommas = self.memberCommas
            defer {
                self.depth = depth
                self.inString = inString
                self.commas = commas
                self.memberCommas = memberCommas
            }
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            var index = from
            while index < count {
                if inString {
                    // Eight bytes at a time to the first quote or backslash, for a string's first
                    // 32 bytes (most strings are short: no call per string), then `memchr`; the
                    // lowest flag of a word is exact.
                    var words = 0
                    while index + 8 <= count {
                        let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
                        let quote = word ^ (ones &* 0x22)
                        let backslash = word ^ (ones &* 0x5C)
                        let special = (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs
                        if special != 0 {
                            index += special.trailingZeroBitCount >> 3
                            break
                        }
                        index += 8
                        words += 1
                        if words == 4 {
                            let base = UnsafeRawPointer(bytes + index)
                            let rest = count - index
                            let quote = memchr(base, 0x22, rest).map { UnsafeRawPointer($0) - base } ?? rest
                            index += memchr(base, 0x5C, quote).map { UnsafeRawPointer($0) - base } ?? quote
                            break
                        }
                    }
                    guard index < count else { break }
                    switch bytes[index] {
                    case 0x22:
                        inString = false
                        index += 1
                    case 0x5C: index += 2
                    default: index += 1
                    }
                    continue
                }
                switch bytes[index] {
                case 0x22: inString = true
                case 0x2C:
                    if depth == 1 { commas += 1 } else if depth == 2 { memberCommas += 1 }
                case 0x5B, 0x7B:
                    depth += 1
                    if depth == 1 {
                        isEmpty = Self.emptiness(bytes, count: count, after: index)
                    } else if depth == 2 {
                        memberStart = blockStart + Int64(index)
                        memberCommas = 0
                        memberIsEmpty = Self.emptiness(bytes, count: count, after: index)
                    }
                case 0x5D, 0x7D:
                    depth -= 1
                    if depth == 0 { return (index + 1, true) }
                    if depth == 1 {
                        let end = blockStart + Int64(index + 1)
                        if end - memberStart >= JSONByteIndex.keptCountBytes {
                            kept.append((memberStart, memberIsEmpty.map { $0 ? 0 : memberCommas + 1 }, end))
                        }
                    }
                default: break
                }
                index += 1
            }
            return (index, false)
        }

        /// Whether the container opened at `index` is empty; `nil` when the block ends first.
        static func emptiness(_ bytes: UnsafePointer<UInt8>, count: Int, after index: Int) -> Bool? {
            var next = index + 1
            while next < count {
                switch bytes[next] {
                case 0x20, 0x09, 0x0A, 0x0D: next += 1
                case 0x5D, 0x7D: return true
                default: return false
                }
            }
            return nil
        }
    }

    // MARK: - Values

    /// A member's key, decoded.
    func key(of member: JSONMember) throws(DocumentReadError) -> String {
        guard member.key >= 0 else { return "" }
        guard case .string(let key) = try event(at: member.key, first: UInt8(ascii: "\"")) else {
            throw malformed("expected a key", at: member.key)
        }
        return key
    }

    /// A scalar value decoded by the strict reader: `.string`, `.number`, `.bool` or `.null`;
    /// `nil` for a container.
    func scalar(_ member: JSONMember) throws(DocumentReadError) -> DocumentEvent? {
        guard !member.isContainer else { return nil }
        return try event(at: member.value, first: member.first)
    }

    private func event(at offset: Int64, first: UInt8) throws(DocumentReadError) -> DocumentEvent {
        var cursor = JSONByteCursor(file: file, offset: offset)
        try skipValue(&cursor, first: first)
        let end = cursor.offset
        guard end - offset <= Int64(DocumentLimits.longestJSONValue) else {
            throw malformed(DocumentLimits.longValueMessage, at: offset)
        }
        cursor.offset = offset
        let bytes = try cursor.bytes(upTo: end, limit: DocumentLimits.longestJSONValue)
        var reader = JSONEventReader(input: ByteInput(bytes: bytes))
        do throws(DocumentReadError) {
            guard let event = try reader.next() else { throw malformed("expected a value", at: offset) }
            return event
        } catch {
            guard error.kind == .malformed else { throw error }
            throw malformed(error.message, at: offset + Int64((error.column ?? 1) - 1))
        }
    }

    // MARK: - Errors

    /// A `.malformed` error at an offset, with its line and column.
    func malformed(_ message: String, at offset: Int64? = nil) -> DocumentReadError {
        let place = offset ?? file.size
        let (line, column) = (try? position(of: place)) ?? (nil, nil)
        return DocumentReadError(.malformed, message, line: line, column: column)
    }

    /// The 1-based line and column (in bytes) of an offset, by counting line feeds before it.
    func position(of offset: Int64) throws(DocumentReadError) -> (Int, Int) {
        var cursor = JSONByteCursor(file: file, offset: 0)
        var line = 1
        var lineStart: Int64 = 0
        while cursor.offset < offset, try cursor.load() {
            let from = Int(cursor.offset - cursor.blockStart)
            let to = min(cursor.block.count, from + Int(offset - cursor.offset))
            cursor.block.withUnsafeBufferPointer { buffer in
                var index = from
                while index < to, let found = memchr(buffer.baseAddress! + index, 0x0A, to - index) {
                    index = UnsafeRawPointer(found) - UnsafeRawPointer(buffer.baseAddress!) + 1
                    line += 1
                    lineStart = cursor.blockStart + Int64(index)
                }
            }
            cursor.offset += Int64(to - from)
        }
        return (line, Int(offset - lineStart) + 1)
    }
}
