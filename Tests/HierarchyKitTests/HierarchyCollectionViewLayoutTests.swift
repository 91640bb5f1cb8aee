import Testing

@testable import HierarchyKit

@MainActor
@Suite struct HierarchyCollectionViewLayoutTests {
    @Test(arguments: [
        (40.0, 1, true), (59.0, 1, true), (60.0, 2, false), (89.0, 2, false), (90.0, 3, false),
        (120.0, 4, false), (1000.0, 8, false),
    ])
    func columnCountFollowsTheWidth(width: Double, columns: Int, compact: Bool) {
        let layout = HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: width, height: 24))
        #expect(layout.visibleColumnCount == columns)
        #expect(layout.isCompact == compact)
    }

    @Test func pointMetricsShowTwoColumnsUnder840AndThreeAbove() {
        let layout = HierarchyCollectionViewLayout(metrics: .points, size: Size(width: 839, height: 600))
        #expect(layout.visibleColumnCount == 2)
        layout.size = Size(width: 840, height: 600)
        #expect(layout.visibleColumnCount == 3)
        layout.size = Size(width: 599, height: 600)
        #expect(layout.isCompact && layout.visibleColumnCount == 1)
    }

    @Test func regularWidthLeftToRightRectangles() {
        let view = makeView(plantSource(), width: 90, height: 12)
        view.send(.expandItem(with: "A1"))
        let rects = view.collectionViewLayout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 90, height: 12))
        #expect(
            rects.map(\.description) == [
                "[0,0] (0, 0, 30, 3)",
                "[1,0] (30, 0, 30, 3)", "[1,1] (30, 3, 30, 3)", "[1,2] (30, 6, 30, 3)",
                "[2,0] (60, 0, 30, 3)", "[2,1] (60, 3, 30, 3)", "[2,2] (60, 6, 30, 3)",
            ])
    }

    @Test func rightToLeftMirrorsTheColumns() {
        let view = makeView(plantSource(), width: 90, height: 12, direction: .rightToLeft)
        view.send(.expandItem(with: "A1"))
        let rects = view.collectionViewLayout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 90, height: 12))
        #expect(
            rects.map(\.description) == [
                "[0,0] (60, 0, 30, 3)",
                "[1,0] (30, 0, 30, 3)", "[1,1] (30, 3, 30, 3)", "[1,2] (30, 6, 30, 3)",
                "[2,0] (0, 0, 30, 3)", "[2,1] (0, 3, 30, 3)", "[2,2] (0, 6, 30, 3)",
            ])
    }

    @Test func insetsSpacingAndVariedHeights() {
        let source = plantSource()
        let layout = HierarchyCollectionViewLayout(
            metrics: .terminal, size: Size(width: 60, height: 20),
            sectionInset: EdgeInsets(top: 1, leading: 2, bottom: 1, trailing: 1), interItemSpacing: 1)
        let view = HierarchyView(layout: layout)
        view.itemHeightProvider = { cell, _ in cell.title.text == "A2" ? 5 : 2 }
        view.dataSource = source
        view.layoutIfNeeded()
        let rects = layout.layoutAttributesForElements(in: Rect(x: 30, y: 0, width: 30, height: 20))
        #expect(rects.map(\.description) == ["[1,0] (32, 1, 27, 2)", "[1,1] (32, 4, 27, 5)", "[1,2] (32, 10, 27, 2)"])
        // A band in the middle returns only the rows it crosses.
        let band = layout.layoutAttributesForElements(in: Rect(x: 0, y: 5, width: 60, height: 1))
        #expect(band.map(\.description) == ["[1,1] (32, 4, 27, 5)"])
    }

    @Test func compactWidthShowsOneLevelUnderTheHeader() {
        let view = makeView(plantSource(), width: 40, height: 10)
        let snapshot = view.snapshot()
        #expect(snapshot.isCompact)
        #expect(snapshot.header?.frame == Rect(x: 0, y: 0, width: 40, height: 1))
        #expect(snapshot.header?.title == "Plant")
        #expect(snapshot.header?.isPreviousEnabled == true)
        #expect(snapshot.header?.isNextEnabled == false)
        #expect(snapshot.columns.map(\.frame) == [Rect(x: 0, y: 1, width: 40, height: 9)])
        #expect(snapshot.columns[0].items.map(\.uuid) == ["A1", "A2", "A3"])
        view.send(.showPreviousLevel)
        let back = view.snapshot()
        #expect(back.columns[0].items.map(\.uuid) == ["Plant"])
        #expect(back.header?.title == nil)
        #expect(back.header?.isPreviousEnabled == false)
        #expect(back.header?.isNextEnabled == true)
    }

    @Test func scrollIndicatorAppearsOnlyForColumnsThatScroll() {
        let source = TestTreeDataSource(root: "R")
        source.virtualCounts["R"] = 40
        let view = makeView(source, width: 60, height: 12)
        let snapshot = view.snapshot()
        #expect(snapshot.columns[0].scrollIndicator == nil)
        #expect(snapshot.columns[1].scrollIndicator == Rect(x: 59, y: 0, width: 1, height: 1))
        view.send(.scroll(column: 1, by: 10_000))
        #expect(view.snapshot().columns[1].scrollIndicator == Rect(x: 59, y: 11, width: 1, height: 1))
        view.collectionViewLayout.showVerticalScrollIndicator = false
        #expect(view.snapshot().columns[1].scrollIndicator == nil)
    }
}
