import Foundation
import HierarchySources
import NIOCore

/// Writes rows in PostgreSQL's COPY text format: fields separated by tabs, rows by newlines,
/// `\N` for NULL, and backslash, tab, newline and carriage return escaped.
///
/// PostgreSQL text cannot hold NUL (U+0000), in any encoding or escape: a row with one in any
/// field is refused (`.malformed`, naming the item and the field), never stored cut or changed.
struct CopyTextEncoder {
    /// Appends one field (and its separator) to `buffer`.
    ///
    /// - Returns: false when `text` holds a NUL (then the field is written without it, and the
    ///   row must not be sent).
    /// - Complexity: O(text length).
    @discardableResult
    static func append(_ text: String?, last: Bool = false, to buffer: inout ByteBuffer) -> Bool {
        var clean = true
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
                    case 0:
                        escaped = nil
                        clean = false
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
        return clean
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
    /// - Throws: `HierarchySourceError` `.malformed` for a row with a NUL in its id, title,
    ///   subtitle, footnote, status or attributes (what was appended must then not be sent).
    /// - Complexity: O(row length).
    static func append(_ row: ItemRecord, to buffer: inout ByteBuffer) throws {
        append(row.key, to: &buffer)
        guard append(row.id, to: &buffer) else { throw nul(in: "id", of: row) }
        append(row.parent, to: &buffer)
        append(row.position, to: &buffer)
        guard append(row.title, to: &buffer) else { throw nul(in: "title", of: row) }
        guard append(row.subtitle, to: &buffer) else { throw nul(in: "subtitle", of: row) }
        guard append(row.footnote, to: &buffer) else { throw nul(in: "footnote", of: row) }
        guard append(row.status, to: &buffer) else { throw nul(in: "status", of: row) }
        append(row.childCount, to: &buffer)
        // jsonb refuses \u0000 as PostgreSQL text refuses NUL.
        if row.attributes.contains(where: { $0.name.utf8.contains(0) || $0.value.utf8.contains(0) }) {
            throw nul(in: "attributes", of: row)
        }
        append(row.attributes.isEmpty ? nil : attributesJSON(row.attributes), last: true, to: &buffer)
    }

    /// The error for a row with a NUL in `field`.
    static func nul(in field: String, of row: ItemRecord) -> HierarchySourceError {
        HierarchySourceError(
            .malformed,
            "the item \"\(row.id.prefix(200))\" has a NUL character in its \(field), which PostgreSQL text cannot hold (an SQLite store keeps it)"
        )
    }

    /// The attributes as a JSON object with sorted keys (the first of a name wins), `nil` when
    /// there are none.
    static func attributesJSON(_ attributes: [ItemRecord.Attribute]) -> String? {
        let object = Dictionary(attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard !object.isEmpty,
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
