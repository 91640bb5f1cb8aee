import HierarchySources
import NIOCore
import PostgresNIO

/// Reads a PostgreSQL array column in its binary format, element by element, straight from its
/// bytes.
///
/// The binary format (`array_send`): the number of dimensions, a flags word, the element type's
/// OID, a length and a lower bound per dimension, then every element in row-major order as a
/// 32-bit length (-1 for `NULL`) followed by that many bytes. A `NULL` column (an aggregate over
/// no rows) reads as an empty array.
///
/// The page statement sends a page of children as one such array (`PostgresSource.ChildrenPage`):
/// postgres-nio then handles one row per page instead of one per child, and this reader walks
/// the elements without any per-element allocation besides the strings it returns.
struct PostgresArrayReader {
    private var bytes: ByteBuffer
    private let column: String
    /// The length of each dimension; empty for an empty array.
    private(set) var dimensions: [Int] = []
    /// How many elements are left to read.
    private(set) var remaining = 0

    /// The most dimensions PostgreSQL allows (`MAXDIM`).
    private static let maximumDimensions = 6

    /// Reads the header of the array in `cell`.
    ///
    /// - Throws: `HierarchySourceError` (`.io`) when the cell is not a binary array or its header
    ///   is malformed.
    init(_ cell: PostgresCell) throws {
        try self.init(cell.bytes, binary: cell.format == .binary, column: cell.columnName)
    }

    /// Reads the header of an array given as its bytes (`nil` for `NULL`).
    ///
    /// - Throws: `HierarchySourceError` (`.io`) when the value is not a binary array or its header
    ///   is malformed.
    init(_ value: ByteBuffer?, binary: Bool, column: String) throws {
        self.column = column
        guard let value else {
            bytes = ByteBuffer()
            return
        }
        bytes = value
        guard binary,
            let count = bytes.readInteger(as: Int32.self),
            (0...Int32(Self.maximumDimensions)).contains(count),
            bytes.readInteger(as: Int32.self) != nil,  // flags: whether there are NULLs
            bytes.readInteger(as: UInt32.self) != nil  // the element type
        else { throw malformed() }
        var total = count > 0 ? 1 : 0
        for _ in 0..<Int(count) {
            guard let length = bytes.readInteger(as: Int32.self), length >= 0, bytes.readInteger(as: Int32.self) != nil
            else {
                throw malformed()
            }
            dimensions.append(Int(length))
            total = total.multipliedReportingOverflow(by: Int(length)).partialValue
        }
        // Every element takes at least its 4-byte length.
        guard total <= bytes.readableBytes / 4 else { throw malformed() }
        remaining = total
    }

    /// Reads the header of an array in binary format given as bytes (`nil` for `NULL`).
    ///
    /// - Throws: `HierarchySourceError` (`.io`) when the header is malformed.
    init(bytes: [UInt8]?, column: String) throws {
        try self.init(bytes.map { ByteBuffer(bytes: $0) }, binary: true, column: column)
    }

    /// The next element's bytes, `nil` for `NULL`.
    ///
    /// - Complexity: O(1).
    private mutating func element() throws -> ByteBuffer? {
        guard remaining > 0, let length = bytes.readInteger(as: Int32.self) else { throw malformed() }
        remaining -= 1
        if length < 0 { return nil }
        guard let slice = bytes.readSlice(length: Int(length)) else { throw malformed() }
        return slice
    }

    /// The next element as text, `nil` for `NULL`.
    ///
    /// - Complexity: O(length of the element).
    mutating func text() throws -> String? {
        guard var slice = try element() else { return nil }
        return slice.readString(length: slice.readableBytes)
    }

    /// The next element, a text holding a decimal integer, as an integer; `NULL` is 0.
    ///
    /// - Complexity: O(length of the element).
    mutating func integer() throws -> Int64 {
        guard let slice = try element() else { return 0 }
        var value: Int64 = 0
        var negative = false
        var digits = 0
        for (offset, byte) in slice.readableBytesView.enumerated() {
            if offset == 0, byte == UInt8(ascii: "-") {
                negative = true
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 18 else { throw malformed() }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            digits += 1
        }
        guard digits > 0 else { throw malformed() }
        return negative ? -value : value
    }

    private func malformed() -> HierarchySourceError {
        HierarchySourceError(.io, "the server sent a malformed array in the column \"\(column)\"")
    }
}
