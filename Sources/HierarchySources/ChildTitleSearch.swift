/// What every search for a child by the start of its title shares (type-select over a
/// column): the matcher, and the rows to look at in order, from the start row to the last
/// and then from the first.
public struct ChildTitleSearch: Sendable {
    /// Compares titles with the prefix, ignoring case and diacritics.
    public let matcher: NameMatcher
    /// The rows to look at, in order.
    public let ranges: [Range<Int>]

    /// Nil when there is nothing to look for (an empty prefix, no children).
    public init?(prefix: String, childCount: Int, start: Int) {
        let matcher = NameMatcher(prefix)
        guard !matcher.isEmpty, childCount > 0 else { return nil }
        let first = min(max(0, start), childCount - 1)
        self.matcher = matcher
        ranges = [first..<childCount, 0..<first]
    }
}
