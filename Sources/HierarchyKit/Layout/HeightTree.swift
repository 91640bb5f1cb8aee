/// The extents (height plus spacing) of the items of one column, kept as runs of equal
/// extents in an implicit treap with subtree counts and sums.
///
/// A column of ten million items that were never measured is a single run: one node.
/// Each measured item with a different extent splits a run, so the tree holds O(r) nodes
/// for r runs, r ≤ n. Positions are implicit (by subtree counts), so inserting or removing
/// items shifts every later item without touching it.
///
/// - Complexity: `offset(of:)`, `index(containing:)`, `extent(at:)`, `setExtent(_:at:)`,
///   `insert(count:extent:at:)` and `remove(_:)` are O(log r) expected; `forEach(in:_:)` is
///   O(log r + k) for k items.
struct HeightTree: Sendable {
    private var left: [Int32] = []
    private var right: [Int32] = []
    private var priority: [UInt32] = []
    private var runLength: [Int] = []
    private var runExtent: [Double] = []
    private var subtreeCount: [Int] = []
    private var subtreeSum: [Double] = []
    private var freeNodes: [Int32] = []
    private var root: Int32 = -1
    private var randomState: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// An empty column.
    init() {}

    /// A column of `count` items that all have `extent`.
    init(count: Int, extent: Double) {
        if count > 0 { root = makeNode(length: count, extent: extent) }
    }

    /// A column with one extent per item, built in O(n) as a balanced tree.
    init<C: Collection>(extents: C) where C.Element == Double {
        let values = Array(extents)
        reserve(values.count)
        root = build(values, 0..<values.count, depth: 0)
    }

    /// The number of items.
    var count: Int { root < 0 ? 0 : subtreeCount[Int(root)] }

    /// The sum of all extents.
    var totalExtent: Double { root < 0 ? 0 : subtreeSum[Int(root)] }

    /// The number of runs (tree nodes) in use: a measure of memory.
    var runCount: Int { left.count - freeNodes.count }

    // MARK: Queries

    /// The sum of the extents of the items before `index` (`index` may equal `count`).
    func offset(of index: Int) -> Double {
        var node = root
        var remaining = index
        var total = 0.0
        while node >= 0 {
            let n = Int(node)
            let leftCount = count(left[n])
            if remaining <= leftCount {
                node = left[n]
                continue
            }
            total += sum(left[n])
            remaining -= leftCount
            if remaining <= runLength[n] {
                return total + Double(remaining) * runExtent[n]
            }
            total += Double(runLength[n]) * runExtent[n]
            remaining -= runLength[n]
            node = right[n]
        }
        return total
    }

    /// The extent of the item at `index`.
    func extent(at index: Int) -> Double {
        var node = root
        var remaining = index
        while node >= 0 {
            let n = Int(node)
            let leftCount = count(left[n])
            if remaining < leftCount {
                node = left[n]
            } else if remaining < leftCount + runLength[n] {
                return runExtent[n]
            } else {
                remaining -= leftCount + runLength[n]
                node = right[n]
            }
        }
        return 0
    }

    /// The index of the item whose extent contains `position` (measured from the top of the
    /// first item), clamped to `0..<count`. Returns 0 for an empty tree.
    func index(containing position: Double) -> Int {
        guard count > 0 else { return 0 }
        if position <= 0 { return 0 }
        var node = root
        var remaining = position
        var index = 0
        while node >= 0 {
            let n = Int(node)
            let leftSum = sum(left[n])
            if remaining < leftSum {
                node = left[n]
                continue
            }
            remaining -= leftSum
            index += count(left[n])
            let runTotal = Double(runLength[n]) * runExtent[n]
            if remaining < runTotal {
                let inRun = runExtent[n] > 0 ? Int(remaining / runExtent[n]) : 0
                return min(index + min(inRun, runLength[n] - 1), self.count - 1)
            }
            remaining -= runTotal
            index += runLength[n]
            node = right[n]
        }
        return self.count - 1
    }

    /// Calls `body` with the index, offset and extent of each item in `range`, in order.
    ///
    /// - Complexity: O(log r + k) for k items in `range`.
    func forEach(in range: Range<Int>, _ body: (_ index: Int, _ offset: Double, _ extent: Double) -> Void) {
        let range = range.clamped(to: 0..<count)
        guard !range.isEmpty else { return }
        var stack: [Int32] = []
        var node = root
        var skipped = range.lowerBound
        var offset = 0.0
        var index = 0
        // Descend to the run containing range.lowerBound, stacking ancestors we go left from.
        while node >= 0 {
            let n = Int(node)
            let leftCount = count(left[n])
            if skipped < leftCount {
                stack.append(node)
                node = left[n]
            } else {
                offset += sum(left[n])
                index += leftCount
                skipped -= leftCount
                if skipped < runLength[n] {
                    break
                }
                offset += Double(runLength[n]) * runExtent[n]
                index += runLength[n]
                skipped -= runLength[n]
                node = right[n]
            }
        }
        // In-order walk from this run.
        var first = true
        while node >= 0 || !stack.isEmpty {
            if !first {
                while node >= 0 {
                    stack.append(node)
                    node = left[Int(node)]
                }
                guard let top = stack.popLast() else { break }
                node = top
            }
            let n = Int(node)
            let start = first ? skipped : 0
            if first {
                offset += Double(start) * runExtent[n]
                index += start
            }
            first = false
            for _ in start..<runLength[n] {
                if index >= range.upperBound { return }
                body(index, offset, runExtent[n])
                offset += runExtent[n]
                index += 1
            }
            node = right[n]
        }
    }

    // MARK: Updates

    /// Sets the extent of one item.
    mutating func setExtent(_ extent: Double, at index: Int) {
        guard index >= 0, index < count, self.extent(at: index) != extent else { return }
        var (before, rest) = split(root, index)
        var (middle, after) = split(rest, 1)
        // Join a neighbour run of the same extent instead of keeping a run of one, so a
        // column whose rows are measured back to the estimate (a "Loading…" row, then the
        // item) returns to one run instead of a node per row shown.
        if growLast(&before, by: 1, extent: extent) {
            release(middle)
            middle = -1
        } else if growFirst(&after, by: 1, extent: extent) {
            release(middle)
            middle = -1
        } else {
            let n = Int(middle)
            runExtent[n] = extent
            update(n)
        }
        // The row may have been the only thing between two runs of its new extent: join them.
        if middle < 0, let first = firstRun(after), runExtent[Int(first)] == extent,
            let last = lastRun(before), runExtent[Int(last)] == extent
        {
            let length = runLength[Int(first)]
            let (head, tail) = split(after, length)
            release(head)
            after = tail
            _ = growLast(&before, by: length, extent: extent)
        }
        root = merge(merge(before, middle), after)
    }

    /// Lengthens the last run of a subtree by `length` items if its extent is `extent`.
    ///
    /// - Complexity: O(depth of the subtree's right spine).
    private mutating func growLast(_ node: inout Int32, by length: Int, extent: Double) -> Bool {
        guard node >= 0 else { return false }
        let n = Int(node)
        if right[n] >= 0 {
            var child = right[n]
            guard growLast(&child, by: length, extent: extent) else { return false }
        } else {
            guard runExtent[n] == extent else { return false }
            runLength[n] += length
        }
        update(n)
        return true
    }

    /// Lengthens the first run of a subtree by `length` items if its extent is `extent`.
    ///
    /// - Complexity: O(depth of the subtree's left spine).
    private mutating func growFirst(_ node: inout Int32, by length: Int, extent: Double) -> Bool {
        guard node >= 0 else { return false }
        let n = Int(node)
        if left[n] >= 0 {
            var child = left[n]
            guard growFirst(&child, by: length, extent: extent) else { return false }
        } else {
            guard runExtent[n] == extent else { return false }
            runLength[n] += length
        }
        update(n)
        return true
    }

    /// The node of the first run of a subtree.
    private func firstRun(_ node: Int32) -> Int32? {
        guard node >= 0 else { return nil }
        var n = node
        while left[Int(n)] >= 0 { n = left[Int(n)] }
        return n
    }

    /// The node of the last run of a subtree.
    private func lastRun(_ node: Int32) -> Int32? {
        guard node >= 0 else { return nil }
        var n = node
        while right[Int(n)] >= 0 { n = right[Int(n)] }
        return n
    }

    /// Inserts `count` items of `extent` before `index`.
    mutating func insert(count newCount: Int, extent: Double, at index: Int) {
        guard newCount > 0 else { return }
        let index = min(max(index, 0), count)
        let (before, after) = split(root, index)
        root = merge(merge(before, makeNode(length: newCount, extent: extent)), after)
    }

    /// Removes the items in `range`.
    mutating func remove(_ range: Range<Int>) {
        let range = range.clamped(to: 0..<count)
        guard !range.isEmpty else { return }
        let (before, rest) = split(root, range.lowerBound)
        let (middle, after) = split(rest, range.count)
        release(middle)
        root = merge(before, after)
    }

    /// Removes every item.
    mutating func removeAll() {
        self = HeightTree()
    }

    // MARK: Treap internals

    private func count(_ node: Int32) -> Int { node < 0 ? 0 : subtreeCount[Int(node)] }
    private func sum(_ node: Int32) -> Double { node < 0 ? 0 : subtreeSum[Int(node)] }

    private mutating func update(_ n: Int) {
        subtreeCount[n] = count(left[n]) + runLength[n] + count(right[n])
        subtreeSum[n] = sum(left[n]) + Double(runLength[n]) * runExtent[n] + sum(right[n])
    }

    private mutating func nextPriority() -> UInt32 {
        // SplitMix64: deterministic, so layouts are reproducible run to run.
        randomState &+= 0x9E37_79B9_7F4A_7C15
        var z = randomState
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt32(truncatingIfNeeded: z ^ (z >> 31))
    }

    private mutating func reserve(_ capacity: Int) {
        left.reserveCapacity(capacity)
        right.reserveCapacity(capacity)
        priority.reserveCapacity(capacity)
        runLength.reserveCapacity(capacity)
        runExtent.reserveCapacity(capacity)
        subtreeCount.reserveCapacity(capacity)
        subtreeSum.reserveCapacity(capacity)
    }

    private mutating func makeNode(length: Int, extent: Double, priority fixed: UInt32? = nil) -> Int32 {
        let p = fixed ?? nextPriority()
        if let reused = freeNodes.popLast() {
            let n = Int(reused)
            left[n] = -1
            right[n] = -1
            priority[n] = p
            runLength[n] = length
            runExtent[n] = extent
            subtreeCount[n] = length
            subtreeSum[n] = Double(length) * extent
            return reused
        }
        left.append(-1)
        right.append(-1)
        priority.append(p)
        runLength.append(length)
        runExtent.append(extent)
        subtreeCount.append(length)
        subtreeSum.append(Double(length) * extent)
        return Int32(left.count - 1)
    }

    private mutating func release(_ node: Int32) {
        var pending = [node]
        while let next = pending.popLast() {
            guard next >= 0 else { continue }
            pending.append(left[Int(next)])
            pending.append(right[Int(next)])
            freeNodes.append(next)
        }
    }

    private mutating func build(_ values: [Double], _ range: Range<Int>, depth: Int) -> Int32 {
        guard !range.isEmpty else { return -1 }
        let mid = range.lowerBound + range.count / 2
        // Priorities fall with depth, so the balanced shape is a valid treap.
        let node = makeNode(length: 1, extent: values[mid], priority: UInt32.max - UInt32(min(depth, 63)) << 26)
        let l = build(values, range.lowerBound..<mid, depth: depth + 1)
        let r = build(values, (mid + 1)..<range.upperBound, depth: depth + 1)
        left[Int(node)] = l
        right[Int(node)] = r
        update(Int(node))
        return node
    }

    /// Splits into the first `k` items and the rest, cutting a run in two when needed.
    private mutating func split(_ node: Int32, _ k: Int) -> (Int32, Int32) {
        guard node >= 0 else { return (-1, -1) }
        let n = Int(node)
        let leftCount = count(left[n])
        if k <= leftCount {
            let (a, b) = split(left[n], k)
            left[n] = b
            update(n)
            return (a, node)
        }
        if k >= leftCount + runLength[n] {
            let (a, b) = split(right[n], k - leftCount - runLength[n])
            right[n] = a
            update(n)
            return (node, b)
        }
        let keep = k - leftCount
        // The run is cut in two; the larger piece stays in this node with its priority, the
        // smaller one becomes a new node whose priority is at or below it, keeping the heap
        // order for every ancestor that will point at either part. (Always giving the new
        // node to the same side made a scroll through a long run lower the priority of each
        // new tail below the last: after a few dozen rows every priority was 0 and the treap
        // a list thousands of nodes deep.)
        let bound = UInt64(priority[n]) + 1
        let smaller = UInt32(UInt64(nextPriority()) % bound)
        if 2 * keep <= runLength[n] {
            let head = makeNode(length: keep, extent: runExtent[n], priority: smaller)
            let leftSubtree = left[n]
            left[n] = -1
            runLength[n] -= keep
            update(n)
            return (merge(leftSubtree, head), node)
        }
        let tail = makeNode(length: runLength[n] - keep, extent: runExtent[n], priority: smaller)
        runLength[n] = keep
        let rightSubtree = right[n]
        right[n] = -1
        update(n)
        return (node, merge(tail, rightSubtree))
    }

    private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
        if a < 0 { return b }
        if b < 0 { return a }
        if priority[Int(a)] >= priority[Int(b)] {
            right[Int(a)] = merge(right[Int(a)], b)
            update(Int(a))
            return a
        } else {
            left[Int(b)] = merge(a, left[Int(b)])
            update(Int(b))
            return b
        }
    }

    /// The number of nodes on the longest path from the root (for tests of the balance).
    ///
    /// - Complexity: O(n) for n nodes.
    func height() -> Int {
        var deepest = 0
        var stack: [(Int32, Int)] = root >= 0 ? [(root, 1)] : []
        while let (node, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            if left[Int(node)] >= 0 { stack.append((left[Int(node)], depth + 1)) }
            if right[Int(node)] >= 0 { stack.append((right[Int(node)], depth + 1)) }
        }
        return deepest
    }

    #if DEBUG
        /// Checks subtree counts, sums and the heap order; traps on a broken invariant (tests only).
        func _checkInvariants() {
            func check(_ node: Int32, parentPriority: UInt32) -> (Int, Double) {
                guard node >= 0 else { return (0, 0) }
                let n = Int(node)
                precondition(priority[n] <= parentPriority, "treap heap order")
                precondition(runLength[n] > 0, "empty run")
                let (lc, ls) = check(left[n], parentPriority: priority[n])
                let (rc, rs) = check(right[n], parentPriority: priority[n])
                precondition(subtreeCount[n] == lc + runLength[n] + rc, "subtree count")
                let expected = ls + Double(runLength[n]) * runExtent[n] + rs
                precondition(abs(subtreeSum[n] - expected) <= 1e-6 * max(1, abs(expected)), "subtree sum")
                return (subtreeCount[n], subtreeSum[n])
            }
            _ = check(root, parentPriority: .max)
        }
    #endif
}
