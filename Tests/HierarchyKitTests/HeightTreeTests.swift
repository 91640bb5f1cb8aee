import HierarchyTestSupport
import Testing

@testable import HierarchyKit

@Suite struct HeightTreeTests {
    /// A deterministic generator so failures reproduce.
    typealias SeededRandom = SplitMix64

    func naiveOffset(_ extents: [Double], _ index: Int) -> Double { extents[0..<index].reduce(0, +) }

    func naiveIndex(_ extents: [Double], _ position: Double) -> Int {
        var sum = 0.0
        for (i, e) in extents.enumerated() {
            if position < sum + e { return i }
            sum += e
        }
        return extents.count - 1
    }

    @Test(arguments: [0, 1, 2, 10_000_000])
    func uniformColumnIsOneRun(count: Int) {
        let tree = HeightTree(count: count, extent: 3)
        #expect(tree.count == count)
        #expect(tree.totalExtent == Double(count) * 3)
        #expect(tree.runCount == (count > 0 ? 1 : 0))
        if count > 0 {
            #expect(tree.offset(of: count - 1) == Double(count - 1) * 3)
            #expect(tree.index(containing: Double(count) * 3 - 0.5) == count - 1)
            #expect(tree.index(containing: 4) == min(1, count - 1))
        }
    }

    /// Measuring rows one after the other through a long run (a scroll, either way) keeps the
    /// treap shallow: before, every row cut from the run got a lower priority than the last,
    /// and 5,000 rows made a list 5,000 nodes deep.
    @Test(arguments: [false, true])
    func measuringRowsInOrderKeepsTheTreeShallow(backwards: Bool) {
        var tree = HeightTree(count: 10_000_000, extent: 3)
        let rows = backwards ? Array((10_000_000 - 5_000..<10_000_000).reversed()) : Array(0..<5_000)
        // Alternating heights, so neighbouring rows cannot join one run.
        for row in rows { tree.setExtent(row % 2 == 0 ? 2 : 1, at: row) }
        #expect(tree.count == 10_000_000)
        #expect(tree.totalExtent == 30_000_000 - 7_500)
        #expect(tree.runCount == 5_001)
        #expect(tree.extent(at: rows[0]) == (backwards ? 1 : 2))
        #expect(tree.extent(at: backwards ? 10_000_000 - 5_001 : 5_000) == 3)
        // A balanced tree of ~5,000 nodes is a few dozen deep; the list was 5,000.
        #expect(tree.height() < 100)
        tree._checkInvariants()
    }

    /// Rows measured away from the estimate and back return to one run; a row measured like
    /// its neighbour joins it.
    @Test func rowsMeasuredBackToTheirNeighboursJoinTheirRun() {
        var tree = HeightTree(count: 1_000_000, extent: 4)
        for row in 500..<600 { tree.setExtent(2, at: row) }  // "Loading…" rows
        #expect(tree.runCount == 3)  // before, the hundred rows, after
        for row in 500..<600 { tree.setExtent(4, at: row) }  // the items arrive
        #expect(tree.runCount == 1)
        #expect(tree.totalExtent == 4_000_000)
        tree.setExtent(3, at: 0)
        tree.setExtent(3, at: 2)
        #expect(tree.runCount == 4)  // 3, 4, 3, the rest
        tree.setExtent(3, at: 1)  // joins both neighbours
        #expect(tree.runCount == 2)
        #expect(tree.offset(of: 3) == 9)
        #expect(tree.extent(at: 3) == 4)
        tree.setExtent(3, at: 999_999)
        tree.setExtent(4, at: 999_999)
        #expect(tree.runCount == 2)
        #expect(tree.totalExtent == 4_000_000 - 3)
        tree._checkInvariants()
    }

    @Test func measuringSplitsRunsAndQueriesFollow() {
        var tree = HeightTree(count: 10, extent: 2)
        tree.setExtent(5, at: 3)
        tree.setExtent(1, at: 0)
        #expect(tree.offset(of: 3) == 1 + 2 + 2)
        #expect(tree.offset(of: 4) == 10)
        #expect(tree.extent(at: 3) == 5)
        #expect(tree.index(containing: 5) == 3)
        #expect(tree.index(containing: 9.99) == 3)
        #expect(tree.index(containing: 10) == 4)
        #expect(tree.totalExtent == 1 + 8 * 2 + 5)
        tree._checkInvariants()
    }

    @Test func forEachVisitsExactlyTheRange() {
        var tree = HeightTree(count: 6, extent: 1)
        tree.setExtent(4, at: 2)
        var visited: [String] = []
        tree.forEach(in: 1..<4) { i, offset, extent in visited.append("\(i)@\(offset.compact)+\(extent.compact)") }
        #expect(visited == ["1@1+1", "2@2+4", "3@6+1"])
        visited = []
        tree.forEach(in: 5..<99) { i, offset, _ in visited.append("\(i)@\(offset.compact)") }
        #expect(visited == ["5@8"])
        visited = []
        tree.forEach(in: 3..<3) { i, _, _ in visited.append("\(i)") }
        #expect(visited.isEmpty)
    }

    @Test func randomOperationsMatchANaiveArray() {
        var rng = SeededRandom(state: 42)
        for round in 0..<40 {
            var tree = HeightTree()
            var naive: [Double] = []
            for _ in 0..<150 {
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    let k = Int.random(in: 1...5, using: &rng)
                    let at = Int.random(in: 0...naive.count, using: &rng)
                    let e = Double(Int.random(in: 1...4, using: &rng))
                    tree.insert(count: k, extent: e, at: at)
                    naive.insert(contentsOf: Array(repeating: e, count: k), at: at)
                case 1 where !naive.isEmpty:
                    let a = Int.random(in: 0..<naive.count, using: &rng)
                    let b = Int.random(in: a...min(naive.count, a + 4), using: &rng)
                    tree.remove(a..<b)
                    naive.removeSubrange(a..<b)
                case 2 where !naive.isEmpty:
                    let at = Int.random(in: 0..<naive.count, using: &rng)
                    let e = Double(Int.random(in: 1...6, using: &rng))
                    tree.setExtent(e, at: at)
                    naive[at] = e
                default:
                    break
                }
                tree._checkInvariants()
                #expect(tree.count == naive.count, "round \(round)")
                guard !naive.isEmpty else { continue }
                let probe = Int.random(in: 0..<naive.count, using: &rng)
                #expect(tree.offset(of: probe) == naiveOffset(naive, probe))
                #expect(tree.extent(at: probe) == naive[probe])
                let position = Double.random(in: 0..<(naive.reduce(0, +)), using: &rng)
                #expect(tree.index(containing: position) == naiveIndex(naive, position))
            }
        }
    }

    @Test func builtFromExtentsIsBalancedAndCorrect() {
        let extents = (0..<1000).map { Double($0 % 7 + 1) }
        let tree = HeightTree(extents: extents)
        tree._checkInvariants()
        #expect(tree.count == 1000)
        #expect(tree.offset(of: 500) == extents[0..<500].reduce(0, +))
        var seen = 0
        tree.forEach(in: 0..<1000) { i, _, e in
            #expect(e == extents[i])
            seen += 1
        }
        #expect(seen == 1000)
    }
}
