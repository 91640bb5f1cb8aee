import HierarchySources
import HierarchyStore
import NIOCore
import PostgresNIO

/// Reads the columns of a result row in order, straight from their bytes.
///
/// `PostgresRow.decode((String, String?, …).self)` decodes through generic tuple metadata that
/// the Swift runtime looks up for every row; the engine's rows are only text and integers, so
/// this reads a text column's bytes as UTF-8 and an integer column as its big-endian binary
/// value (or its digits, in text format). It saves a few percent of the client's CPU per page
/// (docs/performance.md).
struct PostgresRowReader {
    private var cells: PostgresRow.Iterator

    init(_ row: PostgresRow) {
        cells = row.makeIterator()
    }

    private mutating func cell() throws -> PostgresCell {
        guard let cell = cells.next() else {
            throw HierarchySourceError(.io, "the server sent a row with fewer columns than asked for")
        }
        return cell
    }

    /// The next column as text, `nil` for SQL `NULL`.
    ///
    /// - Complexity: O(length of the value).
    mutating func text() throws -> String? {
        guard var bytes = try cell().bytes else { return nil }
        return bytes.readString(length: bytes.readableBytes)
    }

    /// The next column as an integer (`smallint`, `integer` or `bigint`); `NULL` is 0.
    mutating func integer() throws -> Int64 {
        try Self.integer(try cell())
    }

    /// The next column, `nil` after the last: an integer column as its number, any other as text.
    mutating func value() throws -> StoreValue? {
        guard let cell = cells.next() else { return nil }
        guard var bytes = cell.bytes else { return .null }
        switch cell.dataType {
        case .int2, .int4, .int8: return .integer(try Self.integer(cell))
        default: return bytes.readString(length: bytes.readableBytes).map(StoreValue.text) ?? .null
        }
    }

    private static func integer(_ cell: PostgresCell) throws -> Int64 {
        guard var bytes = cell.bytes else { return 0 }
        if cell.format == .binary {
            switch (cell.dataType, bytes.readableBytes) {
            case (.int8, 8): if let value = bytes.readInteger(as: Int64.self) { return value }
            case (.int4, 4): if let value = bytes.readInteger(as: Int32.self) { return Int64(value) }
            case (.int2, 2): if let value = bytes.readInteger(as: Int16.self) { return Int64(value) }
            default: break
            }
        } else if let text = bytes.readString(length: bytes.readableBytes), let value = Int64(text) {
            return value
        }
        throw HierarchySourceError(.io, "the column \"\(cell.columnName)\" is not an integer (type \(cell.dataType))")
    }
}
