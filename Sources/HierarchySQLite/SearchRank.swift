/// The sort key of one match inside a search window (see `SQLiteSource.search(_:in:)`):
/// title holding every word first, then shorter titles, then key order.
struct SearchRank: Comparable {
    var key: Int64
    var titleHasAllWords: Bool
    /// The title's length in Unicode scalars.
    var titleLength: Int

    /// - Parameters:
    ///   - key: The item's key.
    ///   - highlightedTitle: The title with every matched phrase between U+0001 and U+0002
    ///     (FTS5 `highlight`).
    ///   - words: The query's words, folded and reduced to letters and digits
    ///     (`SearchRank.normalize`).
    /// - Complexity: O(title length).
    init(key: Int64, highlightedTitle: String, words: [String]) {
        var title = highlightedTitle
        self = title.withUTF8 { SearchRank(key: key, highlightedTitle: $0, words: words) }
    }

    /// - Parameters:
    ///   - key: The item's key.
    ///   - highlightedTitle: The UTF-8 bytes of the title with every matched phrase
    ///     between U+0001 and U+0002 (FTS5 `highlight`).
    ///   - words: The query's words, as `SearchRank.normalize` makes them.
    /// - Complexity: O(title length).
    init(key: Int64, highlightedTitle: UnsafeBufferPointer<UInt8>, words: [String]) {
        self.key = key
        var segments: [String] = []
        var length = 0
        var segment: [UInt8]?
        for byte in highlightedTitle {
            switch byte {
            case 0x01: segment = []
            case 0x02:
                if let bytes = segment { segments.append(Self.normalize(bytes)) }
                segment = nil
            default:
                if byte & 0xC0 != 0x80 { length += 1 }
                segment?.append(byte)
            }
        }
        titleLength = length
        titleHasAllWords = !words.isEmpty && words.allSatisfy { word in segments.contains { $0.contains(word) } }
    }

    /// Folds case (and diacritics, for non-ASCII text) and keeps letters and digits only.
    static func normalize(_ text: String) -> String {
        normalize(Array(text.utf8))
    }

    private static func normalize(_ bytes: [UInt8]) -> String {
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return SQLiteSource.alphanumerics(FullTextQuery.fold(String(decoding: bytes, as: UTF8.self)))
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): out.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): out.append(byte + 32)
            default: break
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func < (a: SearchRank, b: SearchRank) -> Bool {
        if a.titleHasAllWords != b.titleHasAllWords { return a.titleHasAllWords }
        if a.titleLength != b.titleLength { return a.titleLength < b.titleLength }
        return a.key < b.key
    }
}
