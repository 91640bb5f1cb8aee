import HierarchySources

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The order of entries in a file system listing: folders first, then names in
/// natural order.
///
/// Natural order is close to Finder's "localized standard" order: ASCII letters
/// compare without regard to case, and runs of digits compare by numeric value
/// (`file2` before `file10`; leading zeros ignored, ties broken by the plain
/// bytes). Other characters compare by Unicode scalar value (UTF-8 byte order).
/// It works on sort keys made of bytes, compared with `memcmp`, so 200,000
/// names sort in a fraction of a second.
enum FileNameOrder {
    /// Appends the sort key of a name: ASCII lowercased, each digit run replaced
    /// by a length mark and the digits without leading zeros.
    ///
    /// - Complexity: O(m) for a name of m bytes.
    static func appendKey(of name: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
        var index = 0
        let count = name.count
        while index < count {
            let byte = name[index]
            if byte >= 0x30 && byte <= 0x39 {
                var end = index
                while end < count, name[end] >= 0x30, name[end] <= 0x39 { end += 1 }
                var start = index
                while start < end - 1, name[start] == 0x30 { start += 1 }
                // Length mark: '1'...'9' for short numbers, then onwards (still below 'a').
                key.append(UInt8(min(0x30 + (end - start), 0x60)))
                key.append(contentsOf: UnsafeBufferPointer(rebasing: name[start..<end]))
                index = end
            } else {
                key.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
                index += 1
            }
        }
    }

    /// The sort key of one name, as text (for tests and diagnostics).
    static func key(_ name: String) -> String {
        var name = name
        var key: [UInt8] = []
        name.withUTF8 { appendKey(of: $0, to: &key) }
        return String(decoding: key, as: UTF8.self)
    }

    /// Sorts names: folders first, then by natural order, ties by the plain bytes.
    ///
    /// - Parameters:
    ///   - names: The names.
    ///   - isFolder: Whether each name (same index) is a folder.
    /// - Returns: The permutation of indexes in display order.
    /// - Complexity: O(n log n) `memcmp` comparisons of short keys.
    static func order(_ names: NameTable, isFolder: [Bool]) -> [Int] {
        var keys = NameTable()
        keys.reserveCapacity(names: names.count, bytes: names.bytes.count + names.count)
        names.bytes.withUnsafeBufferPointer { bytes in
            for index in 0..<names.count {
                keys.appendMade { appendKey(of: UnsafeBufferPointer(rebasing: bytes[names.range(at: index)]), to: &$0) }
            }
        }
        // Each entry gets a 64-bit prefix (folder flag, then the first 7 key bytes) so
        // that most comparisons are one integer comparison; ties fall back to memcmp.
        var entries: [(prefix: UInt64, index: Int32)] = []
        entries.reserveCapacity(names.count)
        keys.bytes.withUnsafeBufferPointer { keyBytes in
            for index in 0..<keys.count {
                let key = keys.range(at: index)
                var prefix: UInt64 = isFolder[index] ? 0 : 1
                for position in 0..<7 {
                    prefix <<= 8
                    if position < key.count { prefix |= UInt64(keyBytes[key.lowerBound + position]) }
                }
                entries.append((prefix, Int32(index)))
            }
        }
        keys.bytes.withUnsafeBufferPointer { keyBytes in
            names.bytes.withUnsafeBufferPointer { nameBytes in
                guard let keyBase = keyBytes.baseAddress ?? nameBytes.baseAddress, let nameBase = nameBytes.baseAddress
                else { return }
                func compare(_ base: UnsafePointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Int {
                    let result = memcmp(base + a.lowerBound, base + b.lowerBound, min(a.count, b.count))
                    if result != 0 { return Int(result) }
                    return a.count - b.count
                }
                entries.sort { left, right in
                    if left.prefix != right.prefix { return left.prefix < right.prefix }
                    let (l, r) = (Int(left.index), Int(right.index))
                    let byKey = compare(keyBase, keys.range(at: l), keys.range(at: r))
                    if byKey != 0 { return byKey < 0 }
                    return compare(nameBase, names.range(at: l), names.range(at: r)) < 0
                }
            }
        }
        return entries.map { Int($0.index) }
    }

    /// Sorts `String` names (convenience for small lists and tests).
    static func order(_ names: [String], isFolder: [Bool]) -> [Int] {
        var table = NameTable()
        for name in names { table.append(name) }
        return order(table, isFolder: isFolder)
    }
}
