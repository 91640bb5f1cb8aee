import Foundation
import HierarchySources
import NIOCore

/// Writes rows in PostgreSQL's COPY text format: fields separated by tabs, rows by newlines,
/// `\N` for NULL, and backslash, tab, newline and carriage return escaped.
struct CopyTextEncoder {
    /// Appends one field (and its separator) to `buffer`.
    ///
    /// - Complexity: O(text length).
    static func append(_ text: String?, last: Bool = false, to buffer: inout ByteBuffer) {
        if let text {
            var text = text
            text.withUTF8 { bytes in
                var start = 0
                for index in 0..<bytes.count {
                    let escaped: UInt8?
                    switch bytes[index] {
                    case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
                    case UInt8(ascii: "\t"): escaped = UInt8(ascii: "t")
                    case UInt8(ascii: "\n"): escaped = UInt8(ascii: "n")
                    case UInt8(ascii: "\r"): escaped = UInt8(ascii: "r")
                    case 0: escaped = nil  // NUL cannot be stored in text: dropped below
                    default: continue
                    }
                    buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<index]))
                    if let escaped {
                        buffer.writeInteger(UInt8(ascii: "\\"))
                        buffer.writeInteger(escaped)
                    }
                    start = index + 1
                }
                buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<bytes.count]))
            }
        } else {
            buffer.writeStaticString("\\N")
        }
        buffer.writeInteger(last ? UInt8(ascii: "\n") : UInt8(ascii: "\t"))
    }

    /// Appends one integer field (decimal digits, or `\N` for `nil`) and a tab, with no
    /// intermediate string.
    ///
    /// - Complexity: O(digits).
    static func append(_ value: Int64?, to buffer: inout ByteBuffer) {
        guard let value else {
            buffer.writeStaticString("\\N\t")
            return
        }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                count += 1
                raw[24 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                count += 1
                raw[24 - count] = UInt8(ascii: "-")
            }
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(raw)[(24 - count)...]))
        }
        buffer.writeInteger(UInt8(ascii: "\t"))
    }

    /// Appends a row of `PostgresSchema.copyColumns` to `buffer`.
    ///
    /// - Complexity: O(row length).
    static func append(_ row: StoreRow, to buffer: inout ByteBuffer) {
        append(row.key, to: &buffer)
        append(row.id, to: &buffer)
        append(row.parent, to: &buffer)
        append(row.position, to: &buffer)
        append(row.title, to: &buffer)
        append(row.subtitle, to: &buffer)
        append(row.footnote, to: &buffer)
        append(row.status, to: &buffer)
        append(row.childCount, to: &buffer)
        append(row.attributes.isEmpty ? nil : attributesJSON(row.attributes), last: true, to: &buffer)
    }

    /// The attributes as a JSON object, `nil` when there are none.
    static func attributesJSON(_ attributes: [String: String]) -> String? {
        guard !attributes.isEmpty,
            let data = try? JSONSerialization.data(withJSONObject: attributes, options: [.sortedKeys])
        else { return nil }
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\u0000", with: "")
    }
}
