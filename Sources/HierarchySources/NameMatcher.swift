import Foundation

/// Whether an entry name contains a search text, ignoring case and diacritics.
///
/// The same rule as `String.range(of:options: [.caseInsensitive, .diacriticInsensitive])`,
/// with a fast path for the common case of an ASCII text and an ASCII name: bytes are
/// compared with ASCII case folding, and no `String` is made. A name with other bytes
/// (accents, other scripts, invalid UTF-8) goes the slow way.
public struct NameMatcher: Sendable {
    /// The text searched for, trimmed.
    public let needle: String
    /// The needle's bytes folded to lower case when it is ASCII, else `nil`.
    private let asciiNeedle: [UInt8]?

    /// - Parameter text: What the user typed; surrounding white space is ignored.
    public init(_ text: String) {
        needle = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let bytes = Array(needle.utf8)
        asciiNeedle = bytes.allSatisfy { $0 < 0x80 } ? bytes.map(Self.lower) : nil
    }

    /// Whether the text searched for is ASCII (a store can then filter with `LIKE` first).
    public var isASCII: Bool { asciiNeedle != nil }

    /// Whether there is nothing to search for.
    public var isEmpty: Bool { needle.isEmpty }

    /// Whether the name (UTF-8 bytes, possibly invalid) contains the needle.
    ///
    /// - Complexity: O(name × needle) bytes for ASCII names.
    package func matches(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let ascii = asciiNeedle, name.allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: name, as: UTF8.self)
                .range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
        guard !ascii.isEmpty else { return true }
        guard name.count >= ascii.count else { return false }
        let first = ascii[0]
        var start = 0
        let last = name.count - ascii.count
        while start <= last {
            if Self.lower(name[start]) == first {
                var index = 1
                while index < ascii.count, Self.lower(name[start + index]) == ascii[index] { index += 1 }
                if index == ascii.count { return true }
            }
            start += 1
        }
        return false
    }

    /// Whether the name (UTF-8 bytes, possibly invalid) starts with the needle.
    ///
    /// - Complexity: O(needle) bytes for an ASCII start of the name.
    public func isPrefix(of name: UnsafeBufferPointer<UInt8>) -> Bool {
        if let ascii = asciiNeedle, name.count >= ascii.count, name[0..<ascii.count].allSatisfy({ $0 < 0x80 }),
            name.count == ascii.count || name[ascii.count] < 0x80
        {
            // An ASCII start followed by ASCII (or the end): no combining mark can follow.
            for index in 0..<ascii.count where Self.lower(name[index]) != ascii[index] { return false }
            return true
        }
        return String(decoding: name, as: UTF8.self)
            .range(of: needle, options: [.anchored, .caseInsensitive, .diacriticInsensitive]) != nil
    }

    /// Whether `name` starts with the needle.
    public func isPrefix(of name: String) -> Bool {
        var name = name
        return name.withUTF8 { isPrefix(of: $0) }
    }

    /// Whether `name` contains the needle.
    package func matches(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { matches($0) }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
    }
}
