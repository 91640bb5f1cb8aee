import HierarchyStore
import Testing

/// A query language that writes terms so that each part shows.
private enum Brackets: FullTextSyntax {
    static func term(_ word: String, prefix: Bool) -> String { "[\(word)\(prefix ? "…" : "")]" }
    static let conjunction = " and "
    static func excluding(_ expression: String, _ term: String) -> String { "\(expression) but not \(term)" }
}

@Suite("SearchWords")
struct SearchWordsTests {
    @Test func typingTheLastWordSearchesItExactlyThenAsAPrefix() {
        let search = SearchWords("pump ho", words: ["pump", "ho"])
        #expect(search.prefixLast)
        #expect(search.expression(Brackets.self) == "[pump] and [ho…]")
        #expect(
            search.tiers(Brackets.self) == [
                SearchWords.Tier(match: "[pump] and [ho]", title: "[pump] and [ho]"),
                SearchWords.Tier(match: "([pump] and [ho…]) but not [ho]", title: "[pump] and [ho…]"),
            ])
    }

    @Test func aSpaceAfterTheLastWordEndsIt() {
        let search = SearchWords("pump ", words: ["pump"])
        #expect(!search.prefixLast)
        #expect(search.expression(Brackets.self) == "[pump]")
        #expect(search.tiers(Brackets.self) == [SearchWords.Tier(match: "[pump]", title: "[pump]")])
    }

    @Test func textWithoutWordsSearchesNothing() {
        let search = SearchWords("-- ", words: [])
        #expect(search.expression(Brackets.self) == nil)
        #expect(search.tiers(Brackets.self).isEmpty)
    }
}
