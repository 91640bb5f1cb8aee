import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A scan of a file's bytes for an ASCII text, ignoring ASCII case: `memchr` for the text's
/// first byte in either case, then a comparison of the rest. With ``includesNonASCII`` every
/// byte above ASCII and every backslash is a candidate too, so that text that matches only once
/// decoded and folded (`Café` for `cafe`, `\u0041` for `a`) is not missed.
///
/// Reads the file in 1 MiB pieces with `pread` (not through the block cache, which it would
/// empty), each overlapping the last by the text's length so that no match is split.
struct JSONByteSearch {
    let file: JSONByteFile
    /// The text, lowercased ASCII.
    let needle: [UInt8]
    let includesNonASCII: Bool
    static let pieceSize = 1 << 20
    private var piece: [UInt8] = []
    private var pieceStart: Int64 = -1

    /// `nil` when the text is empty or not ASCII.
    init?(file: JSONByteFile, needle text: String, includesNonASCII: Bool = false) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        self.file = file
        self.includesNonASCII = includesNonASCII
        needle = bytes.map(Self.lower)
    }

    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    /// The offset of the first candidate at or after `offset`, `nil` when there is none.
    mutating func next(from offset: Int64) throws -> Int64? {
        var offset = offset
        let first = needle[0]
        let other = first >= 0x61 && first <= 0x7A ? first & ~0x20 : first
        while offset < file.size {
            try Task.checkCancellation()
            if offset < pieceStart || offset + Int64(needle.count) > pieceStart + Int64(piece.count) {
                piece = try file.read(at: offset, count: Self.pieceSize + needle.count - 1)
                pieceStart = offset
                guard piece.count >= needle.count else { return nil }
            }
            let from = Int(offset - pieceStart)
            let last = piece.count - needle.count
            let found = piece.withUnsafeBufferPointer { buffer -> Int? in
                let base = buffer.baseAddress!
                let special = includesNonASCII ? Self.special(base, from: from, to: last + 1) : nil
                var index = from
                let limit = special ?? (last + 1)
                while index < limit {
                    let rest = limit - index
                    let lower = memchr(base + index, Int32(first), rest).map {
                        UnsafeRawPointer($0) - UnsafeRawPointer(base)
                    }
                    let upper =
                        other == first
                        ? nil
                        : memchr(base + index, Int32(other), (lower ?? limit) - index).map {
                            UnsafeRawPointer($0) - UnsafeRawPointer(base)
                        }
                    guard let candidate = upper ?? lower else { break }
                    var matched = true
                    for position in 1..<needle.count where Self.lower(base[candidate + position]) != needle[position] {
                        matched = false
                        break
                    }
                    if matched { return candidate }
                    index = candidate + 1
                }
                return special
            }
            if let found { return pieceStart + Int64(found) }
            if piece.count < Self.pieceSize + needle.count - 1 { return nil }
            offset = pieceStart + Int64(last + 1)
        }
        return nil
    }

    /// The first byte in `from..<to` above ASCII or a backslash, eight bytes at a time.
    private static func special(_ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = from
        while index + 8 <= to {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let backslash = word ^ (ones &* 0x5C)
            if (word | ((backslash &- ones) & ~backslash)) & highs != 0 { break }
            index += 8
        }
        while index < to {
            if base[index] >= 0x80 || base[index] == 0x5C { return index }
            index += 1
        }
        return nil
    }

    /// Calls `body` with the offset of each candidate from `start` on, in order, until it returns
    /// `nil`; it returns the offset to go on from. Returns the number of bytes scanned.
    mutating func scan(from start: Int64 = 0, _ body: (Int64) throws -> Int64?) throws -> Int64 {
        var offset = start
        while let found = try next(from: offset) {
            guard let resume = try body(found) else { return found - start }
            offset = max(resume, found + 1)
        }
        return file.size - start
    }
}
