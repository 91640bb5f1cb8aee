import HierarchySources

extension FileSystemSource {
    /// The first entry of folder `parentID` from `start` (then from the first entry) whose
    /// name (its title) starts with `prefix`, ignoring case and diacritics: the names of the
    /// listing are compared where the listing keeps them, with no entry stat'ed.
    ///
    /// Runs on the global executor (the listing is read on a worker thread the first time);
    /// cancelling the task stops it.
    ///
    /// - Complexity: one directory read on first request, then O(n) names for n entries at worst.
    public func indexOfChild(ofID parentID: String, titlePrefix prefix: String, from start: Int) async throws -> Int? {
        let listing = try await listing(of: parentID)
        guard let search = ChildTitleSearch(prefix: prefix, childCount: listing.count, start: start) else { return nil }
        return try listing.names.bytes.withUnsafeBufferPointer { bytes -> Int? in
            for range in search.ranges {
                for position in range {
                    if (position - range.lowerBound) % 32_768 == 0 { try Task.checkCancellation() }
                    let name = UnsafeBufferPointer(rebasing: bytes[listing.names.range(at: position)])
                    if search.matcher.isPrefix(of: name) { return position }
                }
            }
            return nil
        }
    }
}
