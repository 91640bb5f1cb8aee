import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A strict RFC 8259 check of a whole JSON input that makes no values: the grammar, escapes,
/// UTF-8 (RFC 3629, as ``JSONEventReader`` checks it), the nesting limit, a UTF-8 byte order
/// mark skipped. It accepts exactly what the reader accepts, and says only where it stopped:
/// the reader, run again, gives the message, line and column.
///
/// Strings are skipped eight bytes at a time while no byte is a quote, a backslash, a control
/// character or above ASCII.
///
/// - Complexity: O(n) time for n bytes; memory one 1 MiB buffer and one byte per open level.
struct JSONValidator {
    /// The outcome: valid, or invalid with the offset where the check stopped.
    enum Outcome: Equatable {
        case valid
        case invalid(at: Int64)
        /// Stopped before the input's end: by ``progress``, or by what the items check (``items``) found.
        case stopped(at: Int64)
    }

    private let descriptor: Int32
    private var buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var index = 0
    private var end = 0
    private var base: Int64 = 0
    private var atEnd = false
    /// A read failed with this `errno`.
    private(set) var readError: Int32 = 0
    /// Called with the bytes consumed so far each time the buffer is read again; the pass
    /// stops (``Outcome/stopped(at:)``) when it returns false.
    var progress: ((Int64) -> Bool)?
    /// JSON Lines: values one after another, each on one line (a line feed inside a value is
    /// an error, as for ``JSONEventReader``), to the input's end.
    var readsLines = false
    /// The items reading checked on the same pass, when set: it is told every key and value
    /// (see ``JSONItemsCheck``), and the pass stops soon after it finds a repeated id, or (read
    /// as items, not automatically) a misfit.
    var items: JSONItemsCheck?
    /// Where in the buffer a key or value the items check wants begins (-1 for none): a refill
    /// keeps the bytes from there, unless they fill half the buffer (then it is -1 again).
    private var mark = -1
    private var stopped = false

    /// - Parameters:
    ///   - descriptor: An open file or pipe, read from where it is to its end (not closed).
    ///   - capacity: Bytes read at a time.
    init(descriptor: Int32, capacity: Int = 1 << 20) {
        self.descriptor = descriptor
        self.capacity = capacity
        buffer = .allocate(capacity: capacity + 8)
    }

    func close() { buffer.deallocate() }

    /// The bytes consumed so far.
    var bytesRead: Int64 { base + Int64(index) }

    /// Reads on when the buffer is used up; false at the end of the input.
    @inline(never)
    private mutating func refill() -> Bool {
        guard !atEnd else { return false }
        if items?.endsPass == true {
            stopped = true
            atEnd = true
            return false
        }
        // Every byte read so far has been looked at (the bytes kept from the mark included).
        let consumed = base + Int64(end)
        var kept = 0
        if mark >= 0, end - mark <= capacity / 2 {
            kept = end - mark
            memmove(buffer, buffer + mark, kept)
            base += Int64(mark)
            mark = 0
        } else {
            mark = -1
            base += Int64(end)
        }
        if let progress, !progress(consumed) {
            stopped = true
            atEnd = true
            return false
        }
        index = kept
        end = kept
        while true {
            let got = read(descriptor, buffer + kept, capacity - kept)
            if got > 0 {
                end = kept + got
                return true
            }
            if got < 0, errno == EINTR { continue }
            if got < 0 { readError = errno }
            atEnd = true
            return false
        }
    }

    @inline(__always)
    private mutating func peek() -> UInt8? {
        if index < end || refill() { return buffer[index] }
        return nil
    }

    @inline(__always)
    private mutating func next() -> UInt8? {
        guard index < end || refill() else { return nil }
        let byte = buffer[index]
        index += 1
        return byte
    }

    /// The next byte that is not whitespace, not consumed; reading JSON Lines, a line feed is
    /// returned (it may only come between values: ``significantAcrossLines()``).
    @inline(__always)
    private mutating func significant() -> UInt8? {
        while index < end || refill() {
            let byte = buffer[index]
            switch byte {
            case 0x20, 0x0D, 0x09: index += 1
            case 0x0A:
                if readsLines { return byte }
                index += 1
            default: return byte
            }
        }
        return nil
    }

    /// The next byte that is not whitespace, line feeds included, not consumed.
    private mutating func significantAcrossLines() -> UInt8? {
        while index < end || refill() {
            let byte = buffer[index]
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return byte
            }
        }
        return nil
    }

    /// Checks the input to its end.
    mutating func validate() -> Outcome {
        // A UTF-8 byte order mark is skipped; any other start with 0xEF is refused.
        if peek() == 0xEF {
            for expected: UInt8 in [0xEF, 0xBB, 0xBF] where next() != expected { return failure() }
        }
        // The open containers' closing brackets, innermost last.
        let levels = UnsafeMutablePointer<UInt8>.allocate(capacity: DocumentLimits.maximumJSONNesting)
        defer { levels.deallocate() }
        var depth = 0
        value: while true {
            guard let byte = depth == 0 ? significantAcrossLines() : significant() else { return failure() }
            switch byte {
            case UInt8(ascii: "{"):
                guard depth < DocumentLimits.maximumJSONNesting else { return failure() }
                let offset = bytesRead
                items?.begin(isObject: true, offset: offset)
                index += 1
                guard let next = significant() else { return failure() }
                if next == UInt8(ascii: "}") {
                    index += 1
                    items?.end()
                } else {
                    levels[depth] = UInt8(ascii: "}")
                    depth += 1
                    guard key() else { return failure() }
                    continue value
                }
            case UInt8(ascii: "["):
                guard depth < DocumentLimits.maximumJSONNesting else { return failure() }
                let offset = bytesRead
                items?.begin(isObject: false, offset: offset)
                index += 1
                guard let next = significant() else { return failure() }
                if next == UInt8(ascii: "]") {
                    index += 1
                    items?.end()
                } else {
                    levels[depth] = UInt8(ascii: "]")
                    depth += 1
                    continue value
                }
            case UInt8(ascii: "\""):
                index += 1
                if items?.wantsValue == true {
                    mark = index
                    guard string() else { return failure() }
                    let text = marked(to: index - 1)
                    items?.scalar(.string, text: text)
                } else {
                    guard string() else { return failure() }
                    items?.scalar(.string)
                }
            case UInt8(ascii: "t"):
                guard literal("true") else { return failure() }
                items?.scalar(.bool(true))
            case UInt8(ascii: "f"):
                guard literal("false") else { return failure() }
                items?.scalar(.bool(false))
            case UInt8(ascii: "n"):
                guard literal("null") else { return failure() }
                items?.scalar(.null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if items?.wantsValue == true {
                    mark = index
                    guard number() else { return failure() }
                    let text = marked(to: index)
                    items?.scalar(.number, text: text)
                } else {
                    guard number() else { return failure() }
                    items?.scalar(.number)
                }
            default:
                return failure()
            }
            // After a value: a comma, the end of its container, or the end of the document.
            while depth > 0 {
                guard let byte = significant() else { return failure() }
                index += 1
                let close = levels[depth - 1]
                if byte == UInt8(ascii: ",") {
                    if close == UInt8(ascii: "}") {
                        guard significant() != nil, key() else { return failure() }
                    }
                    continue value
                }
                guard byte == close else {
                    index -= 1
                    return failure()
                }
                depth -= 1
                items?.end()
            }
            if readsLines, significantAcrossLines() != nil { continue value }
            guard significantAcrossLines() == nil, readError == 0 else { return failure() }
            if readsLines { items?.endLines() }
            return .valid
        }
    }

    private func failure() -> Outcome { stopped ? .stopped(at: bytesRead) : .invalid(at: bytesRead) }

    /// The marked bytes up to `end` (`nil` when they did not fit the buffer); the mark is cleared.
    private mutating func marked(to end: Int) -> UnsafeBufferPointer<UInt8>? {
        defer { mark = -1 }
        return mark < 0 ? nil : UnsafeBufferPointer(start: buffer + mark, count: end - mark)
    }

    /// An object's key and its colon, at the key's opening quote.
    @inline(__always)
    private mutating func key() -> Bool {
        guard next() == UInt8(ascii: "\"") else { return false }
        if items?.wantsKey == true {
            mark = index
            guard string() else { return false }
            let text = marked(to: index - 1)
            items?.key(text)
        } else {
            guard string() else { return false }
        }
        guard significant() == UInt8(ascii: ":") else { return false }
        index += 1
        return true
    }

    private mutating func literal(_ text: StaticString) -> Bool {
        let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        for expected in bytes where next() != expected { return false }
        return true
    }

    private mutating func digits() -> Bool {
        guard let first = peek(), first >= 0x30, first <= 0x39 else { return false }
        index += 1
        while let byte = peek(), byte >= 0x30, byte <= 0x39 { index += 1 }
        return true
    }

    private mutating func number() -> Bool {
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), first >= 0x30, first <= 0x39 else { return false }
        if first == UInt8(ascii: "0") {
            index += 1
            if let byte = peek(), byte >= 0x30, byte <= 0x39 { return false }
        } else {
            _ = digits()
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return false }
        }
        if let marker = peek(), marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            index += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            guard digits() else { return false }
        }
        return true
    }

    /// A string's rest, after its opening quote.
    private mutating func string() -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while true {
            // Eight plain bytes at a time: none a quote, a backslash, below 0x20 or above 0x7F;
            // in a word that has one, the plain bytes before the first are passed at once (the
            // lowest flag is exact: a false one only follows a true one).
            while index + 8 <= end {
                let word = UnsafeRawPointer(buffer + index).loadUnaligned(as: UInt64.self)
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let special =
                    ((word | ((word &- ones &* 0x20) & ~word))
                        | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs
                if special != 0 {
                    index += special.trailingZeroBitCount >> 3
                    break
                }
                index += 8
            }
            guard let byte = next() else { return false }
            switch byte {
            case 0x22: return true
            case 0x5C:
                guard let escaped = next() else { return false }
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                case UInt8(ascii: "u"):
                    for _ in 0..<4 {
                        guard let digit = next() else { return false }
                        switch digit {
                        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                            UInt8(ascii: "A")...UInt8(ascii: "F"):
                            break
                        default: return false
                        }
                    }
                default: return false
                }
            case 0..<0x20: return false
            case 0x80...: guard multiByte(lead: byte) else { return false }
            default: break
            }
        }
    }

    /// One multi-byte UTF-8 sequence after its lead byte (RFC 3629: no overlongs, no surrogates).
    private mutating func multiByte(lead: UInt8) -> Bool {
        guard let (count, low, high) = UTF8Sequence.continuation(after: lead) else { return false }
        for position in 0..<count {
            guard let byte = next(), byte >= (position == 0 ? low : 0x80), byte <= (position == 0 ? high : 0xBF)
            else { return false }
        }
        return true
    }
}
