import Foundation
import HierarchyStore

/// A user's search text turned into safe FTS5 queries.
///
/// The text is split into words where the index's tokenizer splits it (see
/// `isWordScalar(_:)`): `pump-house` is the two words `pump` and `house`.
/// Every word becomes a quoted term (`"word"`), so FTS5 operators (`AND`, `OR`,
/// `NOT`, `NEAR`, `:`, `^`, `*`, parentheses, quotes) are searched for as plain
/// words and never parsed, and no term is a phrase of several words (an index
/// without positions, schema version 3, cannot answer phrases). The last word is
/// a prefix term (`"wor"*`, search as you type) unless the text ends with a
/// space. Terms are implicitly combined with AND.
///
/// Exact terms are much cheaper than prefix terms on a large index (one
/// streamed doclist instead of a merge of every term with the prefix), hence
/// only the last word is a prefix, and the matches are split into two tiers
/// (see `tiers` and `SearchWords`) so that the first page rarely needs the prefix merge.
struct FullTextQuery: Equatable, Sendable, FullTextSyntax {
    /// The words and the tiers.
    var search: SearchWords
    /// The FTS5 `MATCH` expression of every match, or `nil` when the text has no searchable word.
    var expression: String? { search.expression(Self.self) }
    /// The searchable words, as typed (case and diacritics kept).
    var words: [String] { search.words }
    /// Whether the last word is matched as a prefix.
    var prefixLast: Bool { search.prefixLast }

    /// Escapes `text` for FTS5.
    ///
    /// - Parameter text: Whatever the user typed.
    /// - Complexity: O(text.count).
    init(_ text: String) {
        search = SearchWords(text, words: Self.words(text))
    }

    /// The disjoint match sets, in result order: items matching every word
    /// exactly, then (for a prefix query) items matching the last word only as
    /// a prefix. Their union is what `expression` matches.
    var tiers: [String] { search.tiers(Self.self).map(\.match) }

    static func term(_ word: String, prefix: Bool) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (prefix ? "*" : "")
    }

    static let conjunction = " "

    static func excluding(_ expression: String, _ term: String) -> String { "\(expression) NOT \(term)" }

    /// Folds case and diacritics, as the index's tokenizer does.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The words of `text` as the index's tokenizer finds them, in order.
    ///
    /// - Complexity: O(text.count).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
    }

    /// Whether `unicode61` keeps `scalar` inside a word: letters, numbers and private-use
    /// characters (its default categories `L* N* Co`). Marks count as separators: the
    /// tokenizer keeps some (the diacritics it removes) and splits at others, and a split
    /// here where it keeps one only splits a decomposed letter from its accent. The New Tai
    /// Lue vowel signs (U+19B0–U+19C9) and two Vedic signs (U+1CF2, U+1CF3), letters in
    /// today's Unicode but marks in SQLite's table, split as the tokenizer splits them.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return (0x30...0x39).contains(scalar.value) || (0x41...0x5A).contains(scalar.value)
                || (0x61...0x7A).contains(scalar.value)
        }
        if (0x19B0...0x19C9).contains(scalar.value) || (0x1CF2...0x1CF3).contains(scalar.value) { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            return true
        default:
            return false
        }
    }
}
