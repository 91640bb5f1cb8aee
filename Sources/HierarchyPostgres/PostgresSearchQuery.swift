/// A user's search text turned into PostgreSQL text-search queries, with the semantics of the
/// SQLite store: every word must match the start of a word of the title, subtitle or footnote
/// (case and diacritics ignored); the last word is a prefix unless the text ends with a space;
/// items matching every word exactly come first (the exact tier), then those matching the last
/// word only as a prefix.
///
/// Words become quoted lexemes (`'pump'`, quotes doubled), so text-search operators typed by the
/// user are searched for as words, never parsed. Words are cut into runs of letters and digits,
/// as the `simple` parser cuts the indexed text.
struct PostgresSearchQuery: Equatable, Sendable {
    /// One tier: the `tsquery` text of its matches and the query a title must match to rank first.
    struct Tier: Equatable, Sendable {
        var match: String
        var title: String
    }

    /// The searchable tokens, as typed (letters and digits only).
    var tokens: [String]
    /// Whether the last token is matched as a prefix.
    var prefixLast: Bool

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
        self.tokens = tokens
        prefixLast = !tokens.isEmpty && !(text.last?.isWhitespace ?? true)
    }

    /// The disjoint match sets, in result order; empty when there is nothing to search for.
    var tiers: [Tier] {
        guard let last = tokens.last else { return [] }
        let exact = Self.expression(tokens, prefixLast: false)
        guard prefixLast else { return [Tier(match: exact, title: exact)] }
        let prefix = Self.expression(tokens, prefixLast: true)
        return [Tier(match: exact, title: exact), Tier(match: "(\(prefix)) & !\(Self.quoted(last))", title: prefix)]
    }

    /// Every match (the union of the tiers).
    var expression: String? {
        tokens.isEmpty ? nil : Self.expression(tokens, prefixLast: prefixLast)
    }

    static func quoted(_ token: String) -> String {
        "'" + token.replacingOccurrences(of: "'", with: "''").replacingOccurrences(of: "\\", with: "\\\\") + "'"
    }

    private static func expression(_ tokens: [String], prefixLast: Bool) -> String {
        tokens.enumerated().map { index, token in
            prefixLast && index == tokens.count - 1 ? quoted(token) + ":*" : quoted(token)
        }.joined(separator: " & ")
    }
}
