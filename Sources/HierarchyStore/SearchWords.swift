/// How a store's full-text query language writes the terms of a search (FTS5 in SQLite,
/// `tsquery` in PostgreSQL).
package protocol FullTextSyntax {
    /// A word as a term: quoted, so that the language's operators typed by the user are
    /// searched for as words; with `prefix`, matching the words it begins.
    static func term(_ word: String, prefix: Bool) -> String
    /// What joins terms that must all match.
    static var conjunction: String { get }
    /// The matches of `expression` that do not match the exact term `term`.
    static func excluding(_ expression: String, _ term: String) -> String
}

/// A user's search text as both stores search it: every word must match (the start of a word,
/// case and diacritics ignored), the last one as a prefix unless the text ends with a space
/// (search as you type). Items matching every word exactly come first (the exact tier), then
/// those matching the last word only as a prefix: exact terms are much cheaper than prefix terms
/// on a large index, so the first page rarely needs the prefix tier.
///
/// Each store splits the words where its index's tokenizer splits the text, and writes the
/// terms in its query language (``FullTextSyntax``).
package struct SearchWords: Equatable, Sendable {
    /// One tier: the query of its matches, and the query a title must match to rank first in a
    /// window (every word, the last one as the tier matches it).
    package struct Tier: Equatable, Sendable {
        package var match: String
        package var title: String

        package init(match: String, title: String) {
            self.match = match
            self.title = title
        }
    }

    /// The searchable words, as typed (case and diacritics kept).
    package var words: [String]
    /// Whether the last word is matched as a prefix.
    package var prefixLast: Bool

    /// How many matches (in key order) a store ranks together (see `TieredSearchPaging`).
    package static let window = 256

    /// - Parameters:
    ///   - text: Whatever the user typed.
    ///   - words: The words of `text`, split as the store's index splits text.
    package init(_ text: String, words: [String]) {
        self.words = words
        prefixLast = !words.isEmpty && !(text.last?.isWhitespace ?? true)
    }

    /// The query of every match (the union of the tiers), `nil` when there is no word to search for.
    package func expression<Syntax: FullTextSyntax>(_ syntax: Syntax.Type) -> String? {
        words.isEmpty ? nil : Self.expression(words, prefixLast: prefixLast, syntax)
    }

    /// The disjoint match sets, in result order; empty when there is no word to search for.
    package func tiers<Syntax: FullTextSyntax>(_ syntax: Syntax.Type) -> [Tier] {
        guard let last = words.last else { return [] }
        let exact = Self.expression(words, prefixLast: false, syntax)
        guard prefixLast else { return [Tier(match: exact, title: exact)] }
        let prefix = Self.expression(words, prefixLast: true, syntax)
        return [
            Tier(match: exact, title: exact),
            Tier(match: Syntax.excluding("(\(prefix))", Syntax.term(last, prefix: false)), title: prefix),
        ]
    }

    private static func expression<Syntax: FullTextSyntax>(_ words: [String], prefixLast: Bool, _: Syntax.Type)
        -> String
    {
        words.enumerated().map { index, word in
            Syntax.term(word, prefix: prefixLast && index == words.count - 1)
        }.joined(separator: Syntax.conjunction)
    }
}
