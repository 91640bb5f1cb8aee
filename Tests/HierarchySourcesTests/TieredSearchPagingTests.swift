import Testing

@testable import HierarchySources

/// The stores' search paging as a value: rows handed in, the exact next read out. Both stores
/// drive it with their own queries (SQLite's `searchKeys`, PostgreSQL's `search(_:in:)`).
@Suite struct TieredSearchPagingTests {
    typealias Paging = TieredSearchPaging<String>

    @Test("a range inside the first window: one read")
    func oneWindow() {
        var paging = Paging(range: 0..<3, tiers: 2, window: 4)
        #expect(paging.start() == .read(tier: 0, offset: 0, limit: 4))
        #expect(paging.read(["a", "b", "c", "d"]) == .done)
        #expect(paging.results == ["a", "b", "c"])
    }

    @Test("a range across windows and tiers: the short window tells the tier's count, no count query")
    func acrossWindowsAndTiers() {
        var paging = Paging(range: 2..<7, tiers: 2, window: 4)
        #expect(paging.start() == .read(tier: 0, offset: 0, limit: 4))
        #expect(paging.read(["0", "1", "2", "3"]) == .read(tier: 0, offset: 4, limit: 4))
        #expect(paging.read(["4", "5"]) == .read(tier: 1, offset: 0, limit: 4))
        #expect(paging.read(["x", "y"]) == .done)
        #expect(paging.results == ["2", "3", "4", "5", "x"])
    }

    @Test("a range in a later tier skips the first by its count, asked for when no window showed it")
    func laterTierNeedsACount() {
        var paging = Paging(range: 10..<12, tiers: 2, window: 4)
        #expect(paging.start() == .read(tier: 0, offset: 8, limit: 4))
        #expect(paging.read([]) == .count(tier: 0))
        #expect(paging.counted(7) == .read(tier: 1, offset: 0, limit: 4))
        #expect(paging.read(["p", "q", "r", "s"]) == .read(tier: 1, offset: 4, limit: 4))
        #expect(paging.read(["t"]) == .done)
        #expect(paging.results == ["s", "t"])
    }

    @Test("matches that end before the range is full, and a search without tiers")
    func matchesEnd() {
        var paging = Paging(range: 0..<10, tiers: 1, window: 4)
        #expect(paging.start() == .read(tier: 0, offset: 0, limit: 4))
        #expect(paging.read(["a", "b", "c", "d"]) == .read(tier: 0, offset: 4, limit: 4))
        #expect(paging.read(["e", "f", "g", "h"]) == .read(tier: 0, offset: 8, limit: 4))
        #expect(paging.read(["i"]) == .done)
        #expect(paging.results.count == 9)
        var none = Paging(range: 0..<10, tiers: 0, window: 4)
        #expect(none.start() == .done)
        #expect(none.results.isEmpty)
    }
}
