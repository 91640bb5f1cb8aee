/// A value read from or bound to a store's query: the SQL stores hold only text and integers.
package enum StoreValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case text(String)

    /// The text, `nil` for `NULL`; an integer as its digits.
    package var text: String? {
        switch self {
        case .null: nil
        case .integer(let number): String(number)
        case .text(let text): text
        }
    }

    /// The integer, 0 for `NULL` or text that is not one.
    package var integer: Int64 {
        switch self {
        case .null: 0
        case .integer(let number): number
        case .text(let text): Int64(text) ?? 0
        }
    }
}

/// One query as a value: its SQL text with a parameter marker where each argument goes, and the
/// arguments. Each database writes the markers its own way (`?` for SQLite, `$1`, `$2`… for
/// PostgreSQL) when it runs the query (``sql(placeholder:)``).
///
/// Written as a string literal: `\(raw:)` splices SQL text (names already quoted), `\(value)`
/// binds a ``StoreValue``, and `\(query)` splices another query with its arguments.
package struct StoreQuery: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// The SQL between the markers: one more than there are arguments.
    private var pieces: [String]
    /// The arguments, in marker order.
    package private(set) var arguments: [StoreValue]

    package init(stringLiteral value: String) {
        pieces = [value]
        arguments = []
    }

    package init(stringInterpolation: StringInterpolation) {
        pieces = stringInterpolation.query.pieces
        arguments = stringInterpolation.query.arguments
    }

    /// The SQL text, with `placeholder(n)` for the `n`th argument (from 1).
    ///
    /// - Complexity: O(length of the SQL).
    package func sql(placeholder: (Int) -> String) -> String {
        var sql = pieces[0]
        for index in arguments.indices {
            sql += placeholder(index + 1)
            sql += pieces[index + 1]
        }
        return sql
    }

    private mutating func append(_ text: String) {
        pieces[pieces.count - 1] += text
    }

    private mutating func append(_ query: StoreQuery) {
        append(query.pieces[0])
        pieces += query.pieces.dropFirst()
        arguments += query.arguments
    }

    package struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var query = StoreQuery(stringLiteral: "")

        package init(literalCapacity: Int, interpolationCount: Int) {}

        package mutating func appendLiteral(_ literal: String) { query.append(literal) }

        /// SQL text, spliced as it is.
        package mutating func appendInterpolation(raw text: String) { query.append(text) }

        /// An argument, bound in the marker's place.
        package mutating func appendInterpolation(_ value: StoreValue) {
            query.arguments.append(value)
            query.pieces.append("")
        }

        /// An integer argument.
        package mutating func appendInterpolation(_ number: Int) { appendInterpolation(.integer(Int64(number))) }

        /// Another query, with its arguments.
        package mutating func appendInterpolation(_ other: StoreQuery) { query.append(other) }
    }
}
