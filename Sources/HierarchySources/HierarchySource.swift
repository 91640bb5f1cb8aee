/// A hierarchy that can be browsed lazily: the one protocol every data source
/// (in-memory, documents, the file system, SQLite) conforms to.
///
/// All requirements are `async` so that a source may go to disk or a database
/// without blocking its caller. The engine never asks for more than it shows:
/// counts first, then ranges of children for the rows on screen.
public protocol HierarchySource: Sendable {
    /// A short human name for the source (a file name, a directory path).
    var displayName: String { get }

    /// The item shown first, or `nil` for an empty hierarchy.
    func root() async throws -> HierarchyNode?

    /// The item with this identifier, or `nil` if the source does not know it.
    func node(withID id: String) async throws -> HierarchyNode?

    /// The parent of an item, or `nil` for a top-level item.
    func parent(ofID id: String) async throws -> HierarchyNode?

    /// The number of children of an item.
    ///
    /// - Complexity: expected O(1) or one indexed query; a file system source
    ///   reads the directory once and caches the names.
    func childCount(ofID id: String) async throws -> Int

    /// The children of an item in `range` (indexes in the item's child order).
    ///
    /// A range past the end is clamped; the result may be shorter than the range.
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode]

    /// The path from the topmost ancestor to the item, both included.
    func path(toID id: String) async throws -> [HierarchyNode]

    /// The position of `childID` among the children of `parentID`, if known cheaply.
    func index(ofChildID childID: String, inParentID parentID: String) async throws -> Int?

    /// Items whose text matches `query`, in a stable order, limited to `range`.
    ///
    /// Sources with an index (SQLite FTS) answer directly; the default walks the
    /// hierarchy breadth first and compares titles, subtitles and footnotes
    /// case- and diacritic-insensitively.
    func search(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode]

    /// The index of the first child of `parentID`, from `start` to the last and then from the
    /// first, whose title starts with `prefix` ignoring case and diacritics (type-select over
    /// every child of a column of any size); nil when none does.
    ///
    /// The default reads the children a page at a time; stores answer in one query.
    func indexOfChild(ofID parentID: String, titlePrefix prefix: String, from start: Int) async throws -> Int?

    /// The changes made to the data from now on (see `HierarchySourceChange`); by default none.
    func changes() -> AsyncStream<HierarchySourceChange>
}

extension HierarchySource {
    public func path(toID id: String) async throws -> [HierarchyNode] {
        guard let start = try await node(withID: id) else { return [] }
        var path = [start]
        var seen: Set<String> = [start.id]
        var current = start.id
        while let parent = try await parent(ofID: current) {
            guard seen.insert(parent.id).inserted else {
                throw HierarchySourceError(.cycle, "the item \(parent.id) is its own ancestor")
            }
            path.append(parent)
            current = parent.id
        }
        return path.reversed()
    }

    public func index(ofChildID childID: String, inParentID parentID: String) async throws -> Int? {
        nil
    }

    public func search(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        try await HierarchySearchScan(source: self).matches(query, in: range)
    }

    /// - Complexity: O(n) children read in pages of 1,000; cancellable between pages.
    public func indexOfChild(ofID parentID: String, titlePrefix prefix: String, from start: Int) async throws -> Int? {
        try await indexOfChildByPages(ofID: parentID, titlePrefix: prefix, from: start)
    }

    /// ``indexOfChild(ofID:titlePrefix:from:)`` by reading the children a page at a time:
    /// the default, and the fallback of sources that answer faster only for some items.
    ///
    /// - Complexity: O(n) children read in pages of 1,000; cancellable between pages.
    public func indexOfChildByPages(ofID parentID: String, titlePrefix prefix: String, from start: Int) async throws
        -> Int?
    {
        guard !prefix.isEmpty,
            let search = ChildTitleSearch(
                prefix: prefix, childCount: try await childCount(ofID: parentID), start: start)
        else { return nil }
        let page = 1_000
        for range in search.ranges {
            var lower = range.lowerBound
            while lower < range.upperBound {
                try Task.checkCancellation()
                let upper = min(lower + page, range.upperBound)
                let children = try await children(ofID: parentID, in: lower..<upper)
                if let hit = children.firstIndex(where: { search.matcher.isPrefix(of: $0.title) }) {
                    return lower + hit
                }
                guard children.count == upper - lower else { break }
                lower = upper
            }
        }
        return nil
    }
}
