/// The order of entries in a file system listing: folders first, then names in
/// natural order.
///
/// Natural order is close to Finder's "localized standard" order: ASCII letters
/// compare without regard to case, and runs of digits compare by numeric value
/// (`file2` before `file10`; leading zeros ignored, ties broken by the full
/// name). Other characters compare by Unicode scalar value. It is computed from
/// a sort key per name, so a listing of n names sorts in O(n log n) comparisons
/// of plain strings.
enum FileNameOrder {
    /// The sort key of a name: ASCII lowercased, each digit run replaced by a
    /// length mark and the digits without leading zeros.
    ///
    /// - Complexity: O(m) for a name of m bytes.
    static func key(_ name: String) -> String {
        var utf8 = Array(name.utf8)
        var needsRewrite = false
        for byte in utf8 where (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) {
            needsRewrite = true
            break
        }
        guard needsRewrite else { return name }
        var key: [UInt8] = []
        key.reserveCapacity(utf8.count + 4)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte >= 0x30 && byte <= 0x39 {
                var end = index
                while end < utf8.count, utf8[end] >= 0x30, utf8[end] <= 0x39 { end += 1 }
                var start = index
                while start < end - 1, utf8[start] == 0x30 { start += 1 }
                // Length mark: '1'...'9' for short numbers, then onwards (still below 'a').
                key.append(UInt8(min(0x30 + (end - start), 0x60)))
                key.append(contentsOf: utf8[start..<end])
                index = end
            } else {
                key.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
                index += 1
            }
        }
        utf8 = key
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Sorts names: folders first, then by natural order, ties by the plain name.
    ///
    /// - Parameters:
    ///   - names: The names.
    ///   - isFolder: Whether each name (same index) is a folder.
    /// - Returns: The permutation of indexes in display order.
    /// - Complexity: O(n log n) string comparisons.
    static func order(_ names: [String], isFolder: [Bool]) -> [Int] {
        let keys = names.map(key)
        return names.indices.sorted { left, right in
            if isFolder[left] != isFolder[right] { return isFolder[left] }
            if keys[left] != keys[right] { return keys[left] < keys[right] }
            return names[left] < names[right]
        }
    }
}
