import Testing

@testable import HierarchyKit

/// The view's state as a value, driven with no view, no data source and no actor.
@Suite struct HierarchyCoreTests {
    /// Two columns side by side, 40 units each, left to right, 4 units high; rows of 1 unit.
    let geometry = HierarchyCore.Geometry(visibleColumnCount: 2, columnWidth: 40, columnHeight: 4)

    /// A root, its children (10), a child's children (5) and a grandchild's children (3).
    func fourColumns() -> HierarchyCore {
        var core = HierarchyCore()
        core.columns = [
            ColumnState(parent: nil, single: "R", extent: 1, expanded: true),
            ColumnState(parent: "R", count: 10, extent: 1),
            ColumnState(parent: "R/4", count: 5, extent: 1),
            ColumnState(parent: "R/4/2", count: 3, extent: 1),
        ]
        core.columns[1].expandedRow = 4
        core.columns[1].expandedUUID = "R/4"
        core.columns[2].expandedRow = 2
        core.columns[2].expandedUUID = "R/4/2"
        core.leadingColumn = 2
        core.focus = (3, 1)
        return core
    }

    @Test func aPanFollowsTheFingerWithinTheLevels() {
        var core = fourColumns()
        core.beginPan()
        #expect(core.pan == .init(startLeading: 2, offset: 0))
        core.pan(translation: 50, geometry)  // to the right: towards earlier columns
        #expect(core.pan?.offset == -50)
        core.pan(translation: 500, geometry)  // no further back than the first column
        #expect(core.pan?.offset == -80)
        core.pan(translation: -30, geometry)  // no further on than the last level
        #expect(core.pan?.offset == 0)
        #expect(core.leadingColumn == 2)
    }

    @Test func endingAPanSnapsOneLevelPerColumnCountingAQuarter() {
        var core = fourColumns()
        core.beginPan()
        core.pan(translation: 50, geometry)  // 1.25 columns back: two levels (the second a quarter in)
        #expect(core.endPan(velocity: 0, geometry) == false)
        #expect(core.pan == nil)
        #expect(core.leadingColumn == 0)
        // The focus was in a column that left the screen: the nearest visible column's
        // expanded row.
        #expect(core.focus?.column == 1)
        #expect(core.focus?.row == 4)

        core.beginPan()
        core.pan(translation: -9, geometry)  // under a quarter: stays
        #expect(core.endPan(velocity: 0, geometry) == false)
        #expect(core.leadingColumn == 0)
    }

    @Test func aFastReleaseCommitsOneLevel() {
        var core = fourColumns()
        core.leadingColumn = 0
        core.focus = (1, 4)
        core.beginPan()
        core.pan(translation: -5, geometry)
        #expect(core.endPan(velocity: -1_000, geometry) == false)  // flung to the left: onwards
        #expect(core.leadingColumn == 1)
        #expect(core.focus?.column == 1)
        #expect(core.focus?.row == 4)
    }

    @Test func panningBackPastTheFirstColumnAsksForItsParent() {
        var core = fourColumns()
        core.leadingColumn = 0
        core.focus = (0, 0)
        core.beginPan()
        core.pan(translation: 30, geometry)  // nothing before the first column yet: offset 0
        #expect(core.pan?.offset == 0)
        core.pan?.offset = -30  // as if the first column had a level before it
        #expect(core.endPan(velocity: 0, geometry) == true)
        #expect(core.leadingColumn == 0)
        // The owner attached a parent column before the first one.
        core.columns.insert(ColumnState(parent: nil, single: "P", extent: 1, expanded: true), at: 0)
        core.columns[1].parentAsked = true
        core.leadingColumn = 1
        core.didAttachParentAfterPan(geometry)
        #expect(core.leadingColumn == 0)
        // Once asked, going back past the first column only clamps.
        core.columns[0].parentAsked = true
        core.beginPan()
        core.pan?.offset = -30
        #expect(core.endPan(velocity: 0, geometry) == false)
        #expect(core.leadingColumn == 0)
    }

    @Test func endingAPanThatDidNotBeginDoesNothing() {
        var core = fourColumns()
        #expect(core.endPan(velocity: 10_000, geometry) == false)
        #expect(core.leadingColumn == 2)
    }

    @Test func selectionRules() {
        var core = HierarchyCore()
        core.toggleSelection(of: "a", allowsMultiple: false)
        core.toggleSelection(of: "b", allowsMultiple: false)
        #expect(core.selection == ["b"])
        core.toggleSelection(of: "c", allowsMultiple: true)
        core.toggleSelection(of: "a", allowsMultiple: true)
        #expect(core.selection == ["b", "c", "a"])
        core.toggleSelection(of: "c", allowsMultiple: true)
        #expect(core.selection == ["b", "a"])
        core.setSelected(true, uuid: "b", allowsMultiple: true)
        #expect(core.selection == ["a", "b"])
        core.setSelected(false, uuid: "a", allowsMultiple: true)
        #expect(core.selection == ["b"])
        core.setSelected(true, uuid: "d", allowsMultiple: true)
        core.limitSelectionToOne()
        #expect(core.selection == ["d"])
        core.setSelected(true, uuid: "e", allowsMultiple: false)
        #expect(core.selection == ["e"])
    }

    @Test func clampingKeepsPositionsAndFocusInsideWhatExists() {
        var core = fourColumns()
        core.leadingColumn = 7
        core.focus = (9, 100)
        core.columns[1].contentOffsetY = 50
        core.columns[2].contentOffsetY = -3
        core.clampPositions(geometry)
        #expect(core.leadingColumn == 2)
        #expect(core.focus?.column == 3)
        #expect(core.focus?.row == 2)
        #expect(core.columns[1].contentOffsetY == 6)
        #expect(core.columns[2].contentOffsetY == 0)

        var empty = HierarchyCore()
        empty.focus = (0, 0)
        empty.clampPositions(geometry)
        #expect(empty.focus == nil)
        #expect(empty.leadingColumn == 0)
    }

    @Test func revealingAColumnMovesTheFewestLevels() {
        var core = fourColumns()
        core.revealColumn(0, geometry)
        #expect(core.leadingColumn == 0)
        core.revealColumn(1, geometry)
        #expect(core.leadingColumn == 0)
        core.revealColumn(3, geometry)
        #expect(core.leadingColumn == 2)
        core.revealColumn(9, geometry)  // past the last: the last levels
        #expect(core.leadingColumn == 2)
    }

    @Test func scrollingARowIntoViewMovesTheLeast() {
        var core = fourColumns()
        core.scrollRowIntoView(column: 1, row: 6, geometry)  // rows 3...6 shown
        #expect(core.columns[1].contentOffsetY == 3)
        core.scrollRowIntoView(column: 1, row: 4, geometry)  // already shown
        #expect(core.columns[1].contentOffsetY == 3)
        core.scrollRowIntoView(column: 1, row: 1, geometry)  // rows 1...4
        #expect(core.columns[1].contentOffsetY == 1)
        core.scrollRowIntoView(column: 1, row: 9, geometry)  // the end
        #expect(core.columns[1].contentOffsetY == 6)
        core.scrollRowIntoView(column: 7, row: 0, geometry)  // no such column: nothing
        #expect(core.columns[1].contentOffsetY == 6)

        // With insets, the first and last rows bring their insets along.
        let inset = HierarchyCore.Geometry(
            visibleColumnCount: 2, columnWidth: 40, columnHeight: 4, insetTop: 0.5, insetBottom: 0.5)
        core.scrollRowIntoView(column: 1, row: 0, inset)
        #expect(core.columns[1].contentOffsetY == 0)
        core.scrollRowIntoView(column: 1, row: 9, inset)
        #expect(core.columns[1].contentOffsetY == 7)
        #expect(inset.contentHeight(of: core.columns[1]) == 11)
    }

    @Test func scrollingStaysWithinTheContent() {
        var core = fourColumns()
        core.scroll(column: 1, by: 2.5, geometry)
        #expect(core.columns[1].contentOffsetY == 2.5)
        core.scroll(column: 1, by: 100, geometry)
        #expect(core.columns[1].contentOffsetY == 6)
        core.scroll(column: 1, by: -100, geometry)
        #expect(core.columns[1].contentOffsetY == 0)
        core.scroll(column: 0, by: 5, geometry)  // one row: nothing to scroll
        #expect(core.columns[0].contentOffsetY == 0)
        core.scroll(column: -1, by: 5, geometry)
        #expect(core.columns.map(\.contentOffsetY) == [0, 0, 0, 0])
    }

    @Test func theCoreRunsOffTheMainActor() async {
        let core = fourColumns()
        let geometry = self.geometry
        let leading = await Task.detached {
            var copy = core
            copy.beginPan()
            copy.pan(translation: 80, geometry)
            _ = copy.endPan(velocity: 0, geometry)
            return copy.leadingColumn
        }.value
        #expect(leading == 0)
        #expect(core.leadingColumn == 2)  // a value: the copy moved, not the original
    }

    @Test func rememberedUUIDsStayBounded() {
        var core = HierarchyCore()
        let limit = HierarchyCore.knownUUIDLimit
        for index in 0...(2 * limit + 1) { core.remember("u\(index)") }
        #expect(core.knownUUIDs.count <= limit)
        #expect(core.knownUUIDs.contains("u\(2 * limit + 1)"))
    }
}
