extension InMemoryTree {
    /// A stretch of the child list whose entries are consecutive node indexes: from list
    /// position `position` on, `first`, `first + 1`, … up to the next run's position.
    ///
    /// In a tree read in document order a node's leaf children are consecutive indexes, so a
    /// document whose nodes are mostly leaves needs few runs: 8 bytes per run instead of 4
    /// per child (1,000,000 children of one item are one run).
    package struct ChildRun: Sendable, Equatable {
        package var position: Int32
        package var first: Int32
    }

    /// The child list: every node's children, grouped by parent, each group in index order.
    ///
    /// Stored as the plain list (4 bytes per child) or as runs of consecutive indexes
    /// (8 bytes per run), whichever is smaller (``InMemoryTree/finish()`` decides).
    ///
    /// - Complexity: Memory 4 bytes per child, or 8 bytes per run when runs are fewer than
    ///   half the children; an entry O(1) from the list, O(log r) from r runs.
    package struct ChildList: Sendable {
        package private(set) var list: [Int32] = []
        package private(set) var runs: [ChildRun] = []

        /// The plain list.
        package init(list: [Int32]) {
            self.list = list
        }

        /// Runs sorted by position.
        package init(runs: [ChildRun]) {
            self.runs = runs
        }

        package init() {}

        /// Bytes held.
        package var allocatedByteCount: Int {
            list.capacity * MemoryLayout<Int32>.stride + runs.capacity * MemoryLayout<ChildRun>.stride
        }

        /// The node index at a list position.
        ///
        /// - Complexity: O(1) for a plain list, O(log r) for r runs.
        package subscript(position: Int) -> Int32 {
            guard !runs.isEmpty else { return list[position] }
            // The last run starting at or before the position.
            var low = 0
            var high = runs.count
            while high - low > 1 {
                let middle = (low + high) / 2
                if Int(runs[middle].position) <= position { low = middle } else { high = middle }
            }
            let run = runs[low]
            return run.first + Int32(position - Int(run.position))
        }
    }

    /// A node's children (a stretch of the child list), as node indexes in index order.
    package struct Children: RandomAccessCollection, Sendable {
        package let list: ChildList
        package let startIndex: Int
        package let endIndex: Int

        package subscript(position: Int) -> Int32 { list[position] }
    }
}
