/// A user's search text turned into a safe FTS5 query.
///
/// Every word becomes a quoted prefix term (`"word"*`), with embedded quotes
/// doubled, so FTS5 operators (`AND`, `OR`, `NOT`, `NEAR`, `:`, `^`, `*`,
/// parentheses, stray quotes) are searched for as plain words and never parsed.
/// Terms are implicitly combined with AND. Words with no letter or digit are
/// dropped (the tokenizer would drop them too).
struct FullTextQuery: Equatable, Sendable {
    /// The FTS5 `MATCH` expression, or `nil` when the text has no searchable word.
    var expression: String?

    /// Escapes `text` for FTS5.
    ///
    /// - Parameter text: Whatever the user typed.
    /// - Complexity: O(text.count).
    init(_ text: String) {
        let words = text.split(whereSeparator: { $0.isWhitespace })
            .filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }
        guard !words.isEmpty else {
            expression = nil
            return
        }
        expression = words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
            .joined(separator: " ")
    }
}
