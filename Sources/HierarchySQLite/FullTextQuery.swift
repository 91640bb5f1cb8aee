import Foundation

/// A user's search text turned into safe FTS5 queries.
///
/// Every word becomes a quoted term (`"word"`), with embedded quotes doubled,
/// so FTS5 operators (`AND`, `OR`, `NOT`, `NEAR`, `:`, `^`, `*`, parentheses,
/// stray quotes) are searched for as plain words and never parsed. The last
/// word is a prefix term (`"wor"*`, search as you type) unless the text ends
/// with a space. Terms are implicitly combined with AND. Words with no letter
/// or digit are dropped (the tokenizer would drop them too).
///
/// Exact terms are much cheaper than prefix terms on a large index (one
/// streamed doclist instead of a merge of every term with the prefix), hence
/// only the last word is a prefix, and the matches are split into two tiers
/// (see `tiers`) so that the first page rarely needs the prefix merge.
struct FullTextQuery: Equatable, Sendable {
    /// The FTS5 `MATCH` expression of every match, or `nil` when the text has no searchable word.
    var expression: String?
    /// The searchable words, as typed.
    var words: [String]
    /// Whether the last word is matched as a prefix.
    var prefixLast: Bool

    /// Escapes `text` for FTS5.
    ///
    /// - Parameter text: Whatever the user typed.
    /// - Complexity: O(text.count).
    init(_ text: String) {
        words = text.split(whereSeparator: { $0.isWhitespace })
            .filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }
            .map(String.init)
        prefixLast = !words.isEmpty && !(text.last?.isWhitespace ?? true)
        expression = words.isEmpty ? nil : Self.expression(words, prefixLast: prefixLast)
    }

    /// The disjoint match sets, in result order: items matching every word
    /// exactly, then (for a prefix query) items matching the last word only as
    /// a prefix. Their union is what `expression` matches.
    var tiers: [String] {
        guard !words.isEmpty else { return [] }
        let exact = Self.expression(words, prefixLast: false)
        guard prefixLast, let last = words.last else { return [exact] }
        return [exact, "(\(Self.expression(words, prefixLast: true))) NOT \(Self.quoted(last))"]
    }

    /// Folds case and diacritics, as the index's tokenizer does.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func quoted(_ word: String) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func expression(_ words: [String], prefixLast: Bool) -> String {
        words.enumerated().map { index, word in
            prefixLast && index == words.count - 1 ? quoted(word) + "*" : quoted(word)
        }.joined(separator: " ")
    }
}
