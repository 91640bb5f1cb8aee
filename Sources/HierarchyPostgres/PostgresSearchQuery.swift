import HierarchyStore

/// A user's search text turned into PostgreSQL text-search queries, with the semantics of the
/// SQLite store (see `SearchWords`): every word must match the start of a word of the title,
/// subtitle or footnote (case and diacritics ignored); the last word is a prefix unless the text
/// ends with a space; items matching every word exactly come first.
///
/// Words become quoted lexemes (`'pump'`, quotes doubled), so text-search operators typed by the
/// user are searched for as words, never parsed. Words are cut into runs of letters and digits,
/// as the `simple` parser cuts the indexed text.
struct PostgresSearchQuery: Equatable, Sendable, FullTextSyntax {
    /// The words and the tiers.
    var search: SearchWords

    init(_ text: String) {
        var tokens: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                tokens.append(current)
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        search = SearchWords(text, words: tokens)
    }

    /// The disjoint match sets, in result order, each with the `tsquery` a title must match to
    /// rank first; empty when there is nothing to search for.
    var tiers: [SearchWords.Tier] { search.tiers(Self.self) }

    /// Every match (the union of the tiers).
    var expression: String? { search.expression(Self.self) }

    static func term(_ word: String, prefix: Bool) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "''").replacingOccurrences(of: "\\", with: "\\\\") + "'"
            + (prefix ? ":*" : "")
    }

    static let conjunction = " & "

    static func excluding(_ expression: String, _ term: String) -> String { "\(expression) & !\(term)" }
}
