import Foundation
import GRDB
import HierarchyStore

/// Reads and binds the store's text columns byte for byte.
///
/// GRDB reads a `TEXT` value as a C string and binds a `String` as one, so a NUL
/// inside a title or an id would end it there. Text columns are therefore
/// selected as `CAST(column AS BLOB)` (``select(_:)``) and decoded with every
/// byte (``decode(_:)``); identifiers are bound as bytes and compared with
/// `CAST(? AS TEXT)` (``argument(_:)``).
enum StoredText {
    /// A select-list expression reading `column` as bytes, named after the column.
    static func select(_ column: String) -> String {
        let name = column.split(separator: ".").last.map(String.init) ?? column
        return "CAST(\(column) AS BLOB) AS \(name)"
    }

    /// The text of a value selected with ``select(_:)``: every byte kept (invalid
    /// UTF-8, which the store never holds, becomes U+FFFD), `nil` for SQL `NULL`.
    static func decode(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .null: return nil
        case .blob(let data): return String(decoding: data, as: UTF8.self)
        case .string(let string): return string
        case .int64(let number): return String(number)
        case .double(let number): return String(number)
        }
    }

    /// An identifier bound as its bytes, for comparison with `CAST(? AS TEXT)`.
    static func argument(_ text: String) -> DatabaseValue {
        Data(text.utf8).databaseValue
    }

    /// A shared query's arguments, text bound as its bytes (for comparison with `CAST(? AS TEXT)`).
    static func arguments(_ values: [StoreValue]) -> StatementArguments {
        StatementArguments(
            values.map { value -> DatabaseValue in
                switch value {
                case .null: .null
                case .integer(let number): number.databaseValue
                case .text(let text): argument(text)
                }
            })
    }
}
