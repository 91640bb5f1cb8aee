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
    /// Called with the bytes consumed so far each time the buffer is read again.
    var progress: ((Int64) -> Void)?
    /// JSON Lines: values one after another, each on one line (a line feed inside a value is
    /// an error, as for ``JSONEventReader``), to the input's end.
    var readsLines = false

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
        base += Int64(end)
        progress?(base)
        index = 0
        end = 0
        while true {
            let got = read(descriptor, buffer, capacity)
            if got > 0 {
                end = got
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
                index += 1
                guard let next = significant() else { return failure() }
                if next == UInt8(ascii: "}") {
                    index += 1
                } else {
                    levels[depth] = UInt8(ascii: "}")
                    depth += 1
                    guard key() else { return failure() }
                    continue value
                }
            case UInt8(ascii: "["):
                guard depth < DocumentLimits.maximumJSONNesting else { return failure() }
                index += 1
                guard let next = significant() else { return failure() }
                if next == UInt8(ascii: "]") {
                    index += 1
                } else {
                    levels[depth] = UInt8(ascii: "]")
                    depth += 1
                    continue value
                }
            case UInt8(ascii: "\""):
                index += 1
                guard string() else { return failure() }
            case UInt8(ascii: "t"):
                guard literal("true") else { return failure() }
            case UInt8(ascii: "f"):
                guard literal("false") else { return failure() }
            case UInt8(ascii: "n"):
                guard literal("null") else { return failure() }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard number() else { return failure() }
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
            }
            if readsLines, significantAcrossLines() != nil { continue value }
            return significantAcrossLines() == nil && readError == 0 ? .valid : failure()
        }
    }

    private func failure() -> Outcome { .invalid(at: bytesRead) }

    /// An object's key and its colon, at the key's opening quote.
    @inline(__always)
    private mutating func key() -> Bool {
        guard next() == UInt8(ascii: "\""), string(), significant() == UInt8(ascii: ":") else { return false }
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
