/// Whole numbers as every face shows them: digits in groups of three, `1,234,567`.
///
/// The output of Foundation's `Int.formatted()` for the locale a Linux process has
/// (`en_001` whatever `LANG` says, since the program never calls `setlocale`), made
/// without it: `formatted()` loads ICU's number data, about 5 MB resident, for a
/// status line and a few counts (docs/performance.md, "Memory").
public enum CountText {
    /// The grouping separator.
    static let separator: UInt8 = UInt8(ascii: ",")

    /// A number with its digits grouped in threes and a leading `-` when negative.
    ///
    /// - Parameter value: Any integer, `Int.min` included.
    /// - Returns: For example `-1,234,567`, `999`, `0`.
    /// - Complexity: O(d) for d digits.
    public static func grouped<Value: BinaryInteger>(_ value: Value) -> String {
        let digits = value.magnitude.description.utf8
        guard digits.count > 3 || value < 0 else { return String(describing: value.magnitude) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count + digits.count / 3 + 1)
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var remaining = digits.count
        for digit in digits {
            bytes.append(digit)
            remaining -= 1
            if remaining > 0, remaining % 3 == 0 { bytes.append(separator) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
