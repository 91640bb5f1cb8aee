import HierarchySources

/// How a file name that is not valid UTF-8 is kept in an identifier of ``FileSystemSource``.
///
/// Identifiers are `String`s, but a name may hold any bytes except `/` and NUL. A name that
/// is valid UTF-8 is its own component. Any other name is written as NUL followed by its bytes
/// in hexadecimal (`"\u{0}626164ff"` for the bytes `b a d 0xFF`): no name holds NUL, so the two
/// forms never meet, and the bytes come back whole for the system calls. Titles show such a
/// name decoded with U+FFFD for the bytes that are not UTF-8.
package enum FileNameCoding {
    /// The first character of a component that holds a name's bytes in hexadecimal.
    package static let marker: Character = "\u{0}"

    /// The identifier component of a name.
    ///
    /// - Complexity: O(n) for a name of n bytes.
    package static func component(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var encoded = String(marker)
        encoded.reserveCapacity(1 + 2 * bytes.count)
        let digits = Array("0123456789abcdef")
        for byte in bytes {
            encoded.append(digits[Int(byte >> 4)])
            encoded.append(digits[Int(byte & 0x0F)])
        }
        return encoded
    }

    /// The bytes of the name an identifier component stands for.
    package static func bytes(ofComponent component: Substring) -> [UInt8] {
        guard component.first == marker else { return Array(component.utf8) }
        var result: [UInt8] = []
        var high: UInt8?
        for unit in component.utf8.dropFirst() {
            let value: UInt8 =
                switch unit {
                case 0x30...0x39: unit - 0x30
                case 0x61...0x66: unit - 0x61 + 10
                case 0x41...0x46: unit - 0x41 + 10
                default: 0
                }
            if let first = high {
                result.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return result
    }

    /// The name to show for an identifier component: its bytes decoded, U+FFFD for bytes
    /// that are not UTF-8.
    package static func displayName(ofComponent component: Substring) -> String {
        guard component.first == marker else { return String(component) }
        return String(decoding: bytes(ofComponent: component), as: UTF8.self)
    }

    /// A path (or identifier) with every encoded component shown as its name.
    package static func displayPath(_ path: String) -> String {
        guard path.contains(marker) else { return path }
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { displayName(ofComponent: $0) }
            .joined(separator: "/")
    }

    /// The NUL-terminated bytes of a path for the system calls, with every encoded component
    /// turned back into the name's bytes.
    ///
    /// - Complexity: O(n) for a path of n bytes.
    package static func systemPath(_ path: String) -> [CChar] {
        var bytes: [UInt8]
        if path.contains(marker) {
            bytes = []
            bytes.reserveCapacity(path.utf8.count)
            for (index, component) in path.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { bytes.append(0x2F) }
                bytes.append(contentsOf: Self.bytes(ofComponent: component))
            }
        } else {
            bytes = Array(path.utf8)
        }
        bytes.append(0)
        return bytes.map { CChar(bitPattern: $0) }
    }
}
