import Testing

@testable import HierarchySQLite

@Suite("SearchRank")
struct SearchRankTests {
    @Test("reads highlighted titles: every word marked, length without markers")
    func parsing() {
        let marked = SearchRank(key: 1, highlightedTitle: "\u{1}Pump\u{2} \u{1}Café\u{2} 7", words: ["pump", "cafe"])
        #expect(marked.titleHasAllWords)
        #expect(marked.titleLength == 11)
        let partial = SearchRank(key: 2, highlightedTitle: "\u{1}Pump\u{2} house", words: ["pump", "cafe"])
        #expect(!partial.titleHasAllWords)
        let none = SearchRank(key: 3, highlightedTitle: "", words: ["pump"])
        #expect(!none.titleHasAllWords && none.titleLength == 0)
        // A prefix word matches the marked word it starts.
        #expect(SearchRank(key: 4, highlightedTitle: "\u{1}Pumpkin\u{2}", words: ["pum"]).titleHasAllWords)
    }

    @Test("title matches first, then shorter titles, then keys")
    func order() {
        let a = SearchRank(key: 9, highlightedTitle: "\u{1}Pump\u{2} long title", words: ["pump"])
        let b = SearchRank(key: 5, highlightedTitle: "Valve", words: ["pump"])
        let c = SearchRank(key: 3, highlightedTitle: "\u{1}Pump\u{2}", words: ["pump"])
        let d = SearchRank(key: 1, highlightedTitle: "\u{1}Pump\u{2}", words: ["pump"])
        #expect([a, b, c, d].sorted().map(\.key) == [1, 3, 9, 5])
    }
}
