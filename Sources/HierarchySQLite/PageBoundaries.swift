/// The sort keys of the last child served at page boundaries, per parent.
///
/// Lets `SQLiteSource` continue a page where the previous one ended with a
/// keyset condition (`sort_key > ?`) instead of counting rows from the start.
/// Bounded: forgets everything once it holds `capacity` boundaries.
struct PageBoundaries: Sendable {
    /// How the next page is found.
    enum Seek: Equatable {
        /// From the first child.
        case start
        /// After the child with this sort key (keyset).
        case after(Int64)
        /// From this sort key on (dense sort keys: the sort key is the position).
        case atLeast(Int64)
        /// Skipping this many children (`OFFSET`).
        case offset(Int)
    }

    struct Boundary: Hashable {
        var parentID: String
        var position: Int
    }

    var capacity = 4096
    private var sortKeys: [Boundary: Int64] = [:]

    /// The number of boundaries remembered.
    var count: Int { sortKeys.count }

    /// The sort key of the child just before `position`, if a page ended there.
    func sortKey(parentID: String, endingAt position: Int) -> Int64? {
        sortKeys[Boundary(parentID: parentID, position: position)]
    }

    /// Remembers that the child at `position - 1` has `sortKey`.
    mutating func record(parentID: String, endingAt position: Int, sortKey: Int64) {
        if sortKeys.count >= capacity { sortKeys.removeAll(keepingCapacity: true) }
        sortKeys[Boundary(parentID: parentID, position: position)] = sortKey
    }
}
