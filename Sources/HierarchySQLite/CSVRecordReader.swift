import Foundation
import HierarchySources

/// Reads RFC 4180 CSV records one at a time from a file.
///
/// Fields are separated by commas; a field in double quotes may contain commas,
/// line breaks and doubled quotes. Records end with LF, CRLF or CR. Blank
/// lines are skipped. Memory holds one chunk and one record.
struct CSVRecordReader {
    private var bytes: ChunkedByteReader
    private var field: [UInt8] = []
    /// The current line (1-based).
    private(set) var line = 1
    /// The file, for messages.
    let path: String

    /// Bytes consumed so far.
    var offset: Int64 { bytes.offset }

    /// - Parameters:
    ///   - handle: The open file.
    ///   - path: The file's path, for messages.
    ///   - chunkSize: Bytes read at a time.
    init(handle: FileHandle, path: String, chunkSize: Int = 1 << 16) {
        self.bytes = ChunkedByteReader(handle: handle, chunkSize: chunkSize)
        self.path = path
    }

    /// The next record and the line it starts on, `nil` at the end of the file.
    ///
    /// - Throws: `HierarchySourceError` (`.malformed`) for an unterminated quote
    ///   or text after a closing quote.
    mutating func next() throws -> (fields: [String], line: Int)? {
        if bytes.offset == 0, try bytes.peek() == 0xEF {
            for _ in 0..<3 { _ = try bytes.next() }
        }
        while true {
            guard try bytes.peek() != nil else { return nil }
            let start = line
            var fields: [String] = []
            var ended = false
            while !ended {
                let (value, terminator) = try readField(recordLine: start)
                fields.append(value)
                ended = terminator != UInt8(ascii: ",")
            }
            if fields.count == 1, fields[0].isEmpty { continue }
            return (fields, start)
        }
    }

    /// Reads one field; returns it and the byte that ended it (comma, line end, or nil at EOF).
    private mutating func readField(recordLine: Int) throws -> (String, UInt8?) {
        field.removeAll(keepingCapacity: true)
        if try bytes.peek() == UInt8(ascii: "\"") {
            _ = try bytes.next()
            while true {
                guard let byte = try bytes.next() else {
                    throw HierarchySourceError(
                        .malformed, "invalid CSV: unterminated quoted field", path: path, line: recordLine)
                }
                if byte == UInt8(ascii: "\"") {
                    if try bytes.peek() == UInt8(ascii: "\"") {
                        _ = try bytes.next()
                        field.append(byte)
                    } else {
                        break
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    field.append(byte)
                }
            }
            let terminator = try readTerminator()
            guard terminator.valid else {
                throw HierarchySourceError(
                    .malformed, "invalid CSV: text after a closing quote", path: path, line: line)
            }
            return (String(decoding: field, as: UTF8.self), terminator.byte)
        }
        while let byte = try bytes.peek() {
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            field.append(byte)
            _ = try bytes.next()
        }
        return (String(decoding: field, as: UTF8.self), try readTerminator().byte)
    }

    /// Consumes the comma or line end after a field.
    private mutating func readTerminator() throws -> (byte: UInt8?, valid: Bool) {
        guard let byte = try bytes.next() else { return (nil, true) }
        switch byte {
        case UInt8(ascii: ","):
            return (byte, true)
        case UInt8(ascii: "\n"):
            line += 1
            return (byte, true)
        case UInt8(ascii: "\r"):
            if try bytes.peek() == UInt8(ascii: "\n") { _ = try bytes.next() }
            line += 1
            return (UInt8(ascii: "\n"), true)
        default:
            return (byte, false)
        }
    }
}
