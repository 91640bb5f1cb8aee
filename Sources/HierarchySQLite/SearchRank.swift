/// The sort key of one match inside a search window: title holding every
/// word first, then shorter titles, then key order.
struct SearchRank: Comparable {
    var key: Int64
    var titleHasAllWords: Bool
    var titleLength: Int

    /// - Parameters:
    ///   - key: The item's key.
    ///   - highlightedTitle: The title with every matched phrase between U+0001 and U+0002.
    ///   - words: The query's words, folded and reduced to letters and digits.
    init(key: Int64, highlightedTitle: String, words: [String]) {
        self.key = key
        var segments: [String] = []
        var length = 0
        var current: String?
        for character in highlightedTitle {
            switch character {
            case "\u{1}": current = ""
            case "\u{2}":
                if let segment = current { segments.append(SQLiteSource.alphanumerics(FullTextQuery.fold(segment))) }
                current = nil
            default:
                length += 1
                current?.append(character)
            }
        }
        titleLength = length
        titleHasAllWords = words.allSatisfy { word in segments.contains { $0.contains(word) } }
    }

    static func < (a: SearchRank, b: SearchRank) -> Bool {
        if a.titleHasAllWords != b.titleHasAllWords { return a.titleHasAllWords }
        if a.titleLength != b.titleLength { return a.titleLength < b.titleLength }
        return a.key < b.key
    }
}
