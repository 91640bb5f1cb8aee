extension InMemoryTree {
    /// The rows type-select checks between two looks at cancellation.
    package static let titleSearchStride = 32_768

    /// The position of the first child of `parent`, from `start` to the last and then from
    /// the first, whose title starts with `prefix` ignoring case and diacritics (type-select),
    /// the titles read in place. The tree must be finished.
    ///
    /// - Throws: `CancellationError` when the task is cancelled (checked every
    ///   ``titleSearchStride`` rows).
    /// - Complexity: O(n) titles for n children at worst; no node is made, nor a string for
    ///   an ASCII title.
    package func indexOfChild(of parent: Int32, titlePrefix prefix: String, from start: Int) throws -> Int? {
        guard let search = ChildTitleSearch(prefix: prefix, childCount: childCount(of: parent), start: start) else {
            return nil
        }
        for range in search.ranges {
            var position = range.lowerBound
            for child in children(of: parent, in: range) {
                if (position - range.lowerBound) % Self.titleSearchStride == 0 { try Task.checkCancellation() }
                if withTitle(of: child, { search.matcher.isPrefix(of: $0) }) { return position }
                position += 1
            }
        }
        return nil
    }

    /// ``indexOfChild(of:titlePrefix:from:)`` while the tree is built: one pass over the
    /// children read so far, in sibling order.
    ///
    /// - Throws: `CancellationError` when the task is cancelled.
    /// - Complexity: O(m) for the m nodes between the parent and the hit (or the last child).
    package func partialIndexOfChild(of parent: Int32, titlePrefix prefix: String, from start: Int) throws -> Int? {
        guard let search = ChildTitleSearch(prefix: prefix, childCount: childCount(of: parent), start: start) else {
            return nil
        }
        let first = search.ranges[0].lowerBound
        var position = 0
        var hit: Int?
        var wrapped: Int?
        try forEachPartialChild(of: parent) { child in
            if position % Self.titleSearchStride == 0 { try Task.checkCancellation() }
            defer { position += 1 }
            // Before the start row only the first match counts (the search wraps to it).
            guard position >= first || wrapped == nil else { return true }
            guard withTitle(of: child, { search.matcher.isPrefix(of: $0) }) else { return true }
            if position < first {
                wrapped = position
                return true
            }
            hit = position
            return false
        }
        return hit ?? wrapped
    }
}
