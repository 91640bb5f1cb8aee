/// A user's search text turned into a safe FTS5 query.
///
/// Every word becomes a quoted term (`"word"`), with embedded quotes doubled,
/// so FTS5 operators (`AND`, `OR`, `NOT`, `NEAR`, `:`, `^`, `*`, parentheses,
/// stray quotes) are searched for as plain words and never parsed. The last
/// word is a prefix term (`"wor"*`, search as you type) unless the text ends
/// with a space. Terms are implicitly combined with AND. Words with no letter
/// or digit are dropped (the tokenizer would drop them too).
///
/// Exact terms are much cheaper than prefix terms on a large index (one
/// doclist instead of a merge over a range of terms), hence only the last.
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
        let prefixLast = !(text.last?.isWhitespace ?? true)
        expression = words.enumerated().map { index, word in
            let term = "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return prefixLast && index == words.count - 1 ? term + "*" : term
        }.joined(separator: " ")
    }
}
