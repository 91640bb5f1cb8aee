import Testing

@testable import HierarchySQLite

@Suite("PageBoundaries")
struct PageBoundariesTests {
    @Test("remembers boundaries per parent and position")
    func remembers() {
        var boundaries = PageBoundaries()
        #expect(boundaries.sortKey(parentID: "a", endingAt: 10) == nil)
        boundaries.record(parentID: "a", endingAt: 10, sortKey: 99)
        boundaries.record(parentID: "b", endingAt: 10, sortKey: 5)
        #expect(boundaries.sortKey(parentID: "a", endingAt: 10) == 99)
        #expect(boundaries.sortKey(parentID: "b", endingAt: 10) == 5)
        #expect(boundaries.sortKey(parentID: "a", endingAt: 20) == nil)
    }

    @Test("stays bounded", arguments: [1, 2, 100])
    func bounded(capacity: Int) {
        var boundaries = PageBoundaries()
        boundaries.capacity = capacity
        for index in 0..<(capacity * 3 + 1) {
            boundaries.record(parentID: "p", endingAt: index, sortKey: Int64(index))
            #expect(boundaries.count <= capacity)
        }
        #expect(boundaries.sortKey(parentID: "p", endingAt: capacity * 3) == Int64(capacity * 3))
    }
}
