/// The stores' search paging rule, as a value: which windows of which tier to read to fill a
/// range of results, and which of the rows read are results. SQLite and PostgreSQL perform the
/// reads (`Step`) with their own queries and hand the rows back; nothing here reads or waits.
///
/// A search has tiers (items matching every word exactly, then items matching the last word only
/// as a prefix). Within a tier, matches are read in key order in windows of `window` rows, each
/// window ranked by the store; the results are the tiers' ranked windows one after another. A
/// range that starts inside a later tier skips the earlier tiers by their counts: a tier's count
/// is known when its last window was read, else the store counts it (`Step.count`).
package struct TieredSearchPaging<Element> {
    /// What the store does next.
    package enum Step: Equatable {
        /// Read the window of tier `tier` at `offset` (at most `limit` rows in key order), rank
        /// it, and hand the rows to ``read(_:)``.
        case read(tier: Int, offset: Int, limit: Int)
        /// Count the matches of tier `tier` and hand the count to ``counted(_:)``.
        case count(tier: Int)
        /// The range is filled, or the matches ended: the results are ``results``.
        case done
    }

    private let range: Range<Int>
    private let tiers: Int
    private let window: Int
    /// The results so far, in result order.
    package private(set) var results: [Element] = []
    /// The position wanted next, relative to the start of the current tier.
    private var position: Int
    private var tier = 0
    private var index = 0
    private var firstIndex = 0
    /// The current tier's match count, once a short window showed where it ends.
    private var tierCount: Int?

    /// - Parameters:
    ///   - range: The positions of the results wanted (not empty, from 0 up).
    ///   - tiers: The number of tiers.
    ///   - window: The rows ranked together.
    package init(range: Range<Int>, tiers: Int, window: Int) {
        self.range = range
        self.tiers = tiers
        self.window = window
        position = range.lowerBound
    }

    /// The first step.
    package mutating func start() -> Step { beginTier() }

    /// Takes the ranked rows of the window asked for; returns the next step.
    package mutating func read(_ ranked: [Element]) -> Step {
        if ranked.count < window, !ranked.isEmpty || index == 0 || index > firstIndex {
            tierCount = index * window + ranked.count
        }
        let start = position - index * window
        if start < ranked.count {
            let end = min(ranked.count, start + range.count - results.count)
            results += ranked[start..<end]
            position += end - start
        }
        if ranked.count >= window, results.count < range.count {
            index += 1
            return .read(tier: tier, offset: index * window, limit: window)
        }
        guard results.count < range.count else { return .done }
        if let tierCount { return endTier(count: tierCount) }
        return .count(tier: tier)
    }

    /// Takes the count of the tier asked for; returns the next step.
    package mutating func counted(_ count: Int) -> Step { endTier(count: count) }

    private mutating func beginTier() -> Step {
        guard tier < tiers, results.count < range.count else { return .done }
        index = position / window
        firstIndex = index
        tierCount = nil
        return .read(tier: tier, offset: index * window, limit: window)
    }

    private mutating func endTier(count: Int) -> Step {
        position = max(0, position - count)
        tier += 1
        return beginTier()
    }
}
