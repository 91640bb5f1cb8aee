import HierarchyKit
import Testing

@Suite struct ColumnLayoutTests {
    @Test(arguments: [0, 1, 2, 500])
    func indexedFramesEqualNaiveFrames(count: Int) {
        let heights = (0..<count).map { Double($0 * 7 % 5 + 1) }
        let layout = ColumnLayout(heights: heights, spacing: 1)
        for (top, bottom) in [(0.0, 10.0), (3.5, 40.0), (100.0, 130.0), (-5.0, 2.0), (1e9, 2e9)] {
            #expect(
                layout.frames(from: top, to: bottom)
                    == ColumnLayout.naiveFrames(heights: heights, spacing: 1, from: top, to: bottom))
        }
    }

    @Test func editsKeepFramesConsistent() {
        var layout = ColumnLayout(count: 10, height: 2)
        layout.insert(count: 2, height: 5, at: 1)
        layout.remove(0..<1)
        layout.setHeight(1, at: 0)
        #expect(layout.count == 11)
        #expect(layout.contentHeight == 1 + 5 + 9 * 2)
        #expect(layout.frames(from: 0, to: 7).map(\.description) == ["(0, 0, 1, 1)", "(0, 1, 1, 5)", "(0, 6, 1, 2)"])
    }
}
