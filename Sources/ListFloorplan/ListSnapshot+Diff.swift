extension ListSnapshot {
    /// An item's identity for diffing: its id and which occurrence of that id it is.
    @usableFromInline
    struct DiffKey: Hashable {
        @usableFromInline var id: Entity.ID
        @usableFromInline var occurrence: Int

        @inlinable
        init(id: Entity.ID, occurrence: Int) {
            self.id = id
            self.occurrence = occurrence
        }
    }

    /// A snapshot flattened for diffing: positions, keys and the flat index of each key.
    @usableFromInline
    struct DiffIndex {
        @usableFromInline var paths: [ListItemPath] = []
        @usableFromInline var keys: [DiffKey] = []
        @usableFromInline var index: [DiffKey: Int] = [:]

        @inlinable
        init() {}
    }

    /// The changes that turn this snapshot into another one.
    ///
    /// Items are matched by `id` across all sections (an item may move between sections). If an
    /// `id` appears several times, its first occurrence matches the first, the second the second,
    /// and so on. Every kept item that changed its section is a move (so that each section's row
    /// count adds up for renderers that update section by section); among the others, the moves are
    /// the fewest that restore their order: those outside a longest increasing run of old positions.
    ///
    /// - Parameter new: The later snapshot.
    /// - Returns: Insertions, removals, moves and reloads.
    /// - Complexity: O(*n*) expected with hashing for *n* items when kept items keep their order;
    ///   O(*n* log *n*) when items moved.
    @inlinable
    public func diff(to new: ListSnapshot) -> ListDiff {
        func flatten(_ snapshot: ListSnapshot) -> DiffIndex {
            var flat = DiffIndex()
            let count = snapshot.itemCount
            flat.paths.reserveCapacity(count)
            flat.keys.reserveCapacity(count)
            flat.index.reserveCapacity(count)
            for (section, items) in snapshot.items.enumerated() {
                for (item, entity) in items.enumerated() {
                    // Unique ids cost one lookup; the n-th duplicate of an id costs n.
                    var key = DiffKey(id: entity.id, occurrence: 0)
                    while flat.index[key] != nil { key.occurrence += 1 }
                    flat.index[key] = flat.keys.count
                    flat.keys.append(key)
                    flat.paths.append(ListItemPath(section: section, item: item))
                }
            }
            return flat
        }

        let old = flatten(self)
        let newFlat = flatten(new)
        var diff = ListDiff()
        for (index, key) in old.keys.enumerated() where newFlat.index[key] == nil {
            diff.removed.append(old.paths[index])
        }
        // Kept items in new order: (old flat index, new flat index).
        var kept: [(old: Int, new: Int)] = []
        kept.reserveCapacity(newFlat.keys.count)
        for (index, key) in newFlat.keys.enumerated() {
            guard let oldIndex = old.index[key] else {
                diff.inserted.append(newFlat.paths[index])
                continue
            }
            kept.append((oldIndex, index))
            let oldPath = old.paths[oldIndex]
            let newPath = newFlat.paths[index]
            if items[oldPath.section][oldPath.item] != new.items[newPath.section][newPath.item] {
                diff.reloaded.append(newPath)
            }
        }
        // Items that change section always move; among the others, those outside a longest run of
        // increasing old positions move.
        let sameSection = kept.filter { old.paths[$0.old].section == newFlat.paths[$0.new].section }
        let stay = Self.longestIncreasingRun(sameSection.map(\.old))
        var staying = Set<Int>()
        for (position, pair) in sameSection.enumerated() where stay[position] { staying.insert(pair.old) }
        for pair in kept where !staying.contains(pair.old) {
            diff.moved.append(ListDiff.Move(from: old.paths[pair.old], to: newFlat.paths[pair.new]))
        }
        return diff
    }

    /// Marks the elements of a longest strictly increasing subsequence.
    ///
    /// - Parameter values: Distinct integers.
    /// - Returns: For each position, whether its value belongs to the subsequence.
    /// - Complexity: O(*n*) if `values` is already increasing, otherwise O(*n* log *n*).
    @usableFromInline
    static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
        if zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) {
            return Array(repeating: true, count: values.count)
        }
        // Patience sorting: tails[k] is the position ending the best run of length k + 1.
        var tails: [Int] = []
        var previous = Array(repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var marks = Array(repeating: false, count: values.count)
        var position = tails.last ?? -1
        while position >= 0 {
            marks[position] = true
            position = previous[position]
        }
        return marks
    }
}
