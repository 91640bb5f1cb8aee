extension InMemorySource {
    /// The first child of `parentID` from `start` (then from the first child) whose title
    /// starts with `prefix`, ignoring case and diacritics: the titles are compared where the
    /// tree keeps them, with no node made. A dynamic item's children go the page-by-page way
    /// of every source.
    ///
    /// Runs on the global executor, never on the caller's actor; cancelling the task stops it.
    ///
    /// - Complexity: O(n) titles for n children at worst.
    public func indexOfChild(ofID parentID: String, titlePrefix prefix: String, from start: Int) async throws -> Int? {
        guard let parent = tree.index(ofID: parentID), !tree.isDynamic(parent) else {
            return try await indexOfChildByPages(ofID: parentID, titlePrefix: prefix, from: start)
        }
        return try tree.indexOfChild(of: parent, titlePrefix: prefix, from: start)
    }
}
