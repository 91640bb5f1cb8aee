import HierarchyTestSupport
import Testing

@testable import HierarchyKit

@MainActor
@Suite struct HierarchyViewNavigationTests {
    @Test func tapOnTheIndicatorExpandsAndClosesDeeperColumns() {
        let source = plantSource()
        let view = makeView(source, width: 120)
        view.send(.tapIndicator(ofItemWith: "A1"))
        #expect(view.visibleItemUUIDs == [["Plant"], ["A1", "A2", "A3"], ["P1", "P2", "P3"]])
        view.send(.tapIndicator(ofItemWith: "A3"))
        #expect(view.visibleItemUUIDs == [["Plant"], ["A1", "A2", "A3"], ["M1", "M2"]])
        let snapshot = view.snapshot()
        #expect(snapshot.columns[1].items.map(\.isExpanded) == [false, false, true])
        #expect(snapshot.columns[1].items[2].cell.state == .selected)
        #expect(source.indicatorTaps == ["A1", "A3"])
    }

    @Test func aDelegateThatTakesIndicatorTapsStopsTheExpansion() {
        let source = plantSource()
        source.takesIndicatorTaps = true
        let view = makeView(source)
        var handlerRan = 0
        view.cellForItem(with: "A1")?.hierarchyIndicator.didTapHandler = { handlerRan += 1 }
        view.send(.tapIndicator(ofItemWith: "A1"))
        #expect(view.numberOfColumns == 2)
        #expect(source.indicatorTaps == ["A1"])
        #expect(handlerRan == 1)
    }

    @Test func withoutADelegateTheIndicatorExpands() {
        let view = makeView(plantSource(), delegate: false)
        view.send(.tapIndicator(ofItemWith: "A3"))
        #expect(view.visibleItemUUIDs.last == ["M1", "M2"])
    }

    @Test func editingSelectsSinglyOrMultiplyAndTellsTheDelegate() {
        let source = plantSource()
        let view = makeView(source)
        view.isEditing = true
        view.send(.tapItem(with: "A1"))
        view.send(.tapItem(with: "A2"))
        #expect(view.selectedUUIDs == ["A2"])
        view.allowsMultipleSelectionDuringEditing = true
        view.send(.tapItem(with: "A3"))
        view.send(.tapItem(with: "A2"))
        #expect(view.selectedUUIDs == ["A3"])
        view.send(.tapItem(with: "A1"))
        #expect(view.selectedUUIDs == ["A3", "A1"])
        #expect(source.selections == ["A1", "A2", "A3", "A2", "A1"])
        #expect(view.numberOfColumns == 2)  // taps in editing mode do not expand
        let items = view.snapshot().columns[1].items
        #expect(items.map(\.isSelected) == [true, false, true])
        #expect(items[0].cell.editingAccessoryType == .checkmark)
        view.isEditing = false
        #expect(view.selectedUUIDs.isEmpty)
    }

    @Test func selectionIsOffWhenNotAllowedDuringEditing() {
        let view = makeView(plantSource())
        view.isEditing = true
        view.allowsSelectionDuringEditing = false
        view.send(.tapItem(with: "A1"))
        #expect(view.selectedUUIDs.isEmpty)
    }

    @Test func tapOnTheBodyOutsideEditingFocusesAndExpands() {
        let source = plantSource()
        let view = makeView(source)
        view.send(.tapItem(with: "A3"))
        #expect(view.snapshot().focusedUUID == "A3")
        #expect(view.visibleItemUUIDs.last == ["M1", "M2"])
        #expect(source.selections == ["A3"])
        view.send(.tapItem(with: "A2"))  // a leaf: focused, nothing expands
        #expect(view.visibleItemUUIDs.last == ["M1", "M2"])
    }

    func deepView(direction: LayoutDirection = .leftToRight) -> HierarchyView {
        let view = makeView(plantSource(), width: 60, direction: direction)
        view.send(.expandItem(with: "A1"))
        return view
    }

    @Test func swipesMoveOneLevelAndSwapRightToLeft() {
        let view = deepView()
        #expect(view.leadingColumnIndex == 1)
        view.send(.swipe(.right))
        #expect(view.leadingColumnIndex == 0)
        view.send(.swipe(.right))
        #expect(view.leadingColumnIndex == 0)
        view.send(.swipe(.left))
        #expect(view.leadingColumnIndex == 1)
        view.send(.swipe(.left))
        #expect(view.leadingColumnIndex == 1)

        let rtl = deepView(direction: .rightToLeft)
        rtl.send(.swipe(.left))
        #expect(rtl.leadingColumnIndex == 0)
        rtl.send(.swipe(.right))
        #expect(rtl.leadingColumnIndex == 1)
    }

    @Test(arguments: [
        // translation (units, column width 30), velocity, expected leading column (start 1)
        (7.0, 0.0, 1), (8.0, 0.0, 0), (-8.0, 0.0, 1), (3.0, 100.0, 0), (3.0, 10.0, 1), (100.0, 0.0, 0),
    ])
    func panSnapsPastAQuarterColumnOrByVelocity(translation: Double, velocity: Double, expected: Int) {
        let view = deepView()
        view.send(.beginPan)
        view.send(.pan(translation: translation))
        #expect(view.horizontalOffset == min(30, max(0, 30 - translation)))
        view.send(.endPan(velocity: velocity))
        #expect(view.leadingColumnIndex == expected)
        #expect(view.horizontalOffset == Double(expected) * 30)
        view._checkInvariants()
    }

    @Test func panFollowsContinuouslyAndShowsBothColumnsHalfway() {
        let view = deepView()
        view.send(.beginPan)
        view.send(.pan(translation: 15))
        let columns = view.snapshot().columns
        #expect(columns.map(\.index) == [0, 1, 2])
        #expect(columns.map(\.frame.minX) == [-15, 15, 45])
        let rtl = deepView(direction: .rightToLeft)
        rtl.send(.beginPan)
        rtl.send(.pan(translation: -15))
        #expect(rtl.snapshot().columns.map(\.frame.minX) == [45, 15, -15])
    }

    @Test func headerButtonsAreEnabledOnlyWithSomewhereToGo() {
        let view = makeView(plantSource(), width: 40)
        view.send(.expandItem(with: "A1"))
        var header = view.snapshot().header!
        #expect(header.title == "A1")
        #expect(header.isPreviousEnabled && !header.isNextEnabled)
        view.send(.tap(at: Point(x: 1, y: 0)))  // previous
        header = view.snapshot().header!
        #expect(header.title == "Plant")
        #expect(header.isPreviousEnabled && header.isNextEnabled)
        view.send(.tap(at: Point(x: 39, y: 0)))  // next
        #expect(view.snapshot().header!.title == "A1")
        #expect(view.hitTest(Point(x: 20, y: 0)) == .headerTitle)
    }

    @Test func hitTestFindsIndicatorsAndBodies() {
        let view = makeView(plantSource(), width: 60, height: 12)
        #expect(view.hitTest(Point(x: 31, y: 1)) == .item(uuid: "A1", column: 1, row: 0))
        #expect(view.hitTest(Point(x: 58, y: 1)) == .indicator(uuid: "A1", column: 1, row: 0))
        #expect(view.hitTest(Point(x: 58, y: 4)) == .item(uuid: "A2", column: 1, row: 1))  // a leaf has no indicator
        #expect(view.hitTest(Point(x: 40, y: 11)) == .column(1))
        view.send(.tap(at: Point(x: 58, y: 7)))
        #expect(view.visibleItemUUIDs.last == ["M1", "M2"])
    }

    @Test func keyboardFocusMovesAndDrillsDown() {
        let view = makeView(plantSource(), width: 90)
        #expect(view.snapshot().focusedUUID == "A1")
        view.send(.moveFocus(.down))
        view.send(.moveFocus(.down))
        view.send(.moveFocus(.down))
        #expect(view.snapshot().focusedUUID == "A3")
        view.send(.focusNextLevel)
        #expect(view.snapshot().focusedUUID == "M1")
        view.send(.moveFocus(.end))
        #expect(view.snapshot().focusedUUID == "M2")
        view.send(.focusPreviousLevel)
        #expect(view.snapshot().focusedUUID == "A3")
        view.send(.moveFocus(.home))
        #expect(view.snapshot().focusedUUID == "A1")
        view.send(.focusPreviousLevel)
        #expect(view.snapshot().focusedUUID == "Plant")
    }

    @Test func expandsFocusedItemPreviewsChildren() {
        let view = makeView(plantSource(), width: 90)
        view.expandsFocusedItem = true
        view.send(.moveFocus(.home))
        #expect(view.visibleItemUUIDs.last == ["P1", "P2", "P3"])
        view.send(.moveFocus(.down))  // A2 has no children: the preview closes
        #expect(view.numberOfColumns == 2)
        view.send(.moveFocus(.down))
        #expect(view.visibleItemUUIDs.last == ["M1", "M2"])
    }

    @Test func typeSelectFindsByPrefixWithoutCaseOrAccents() {
        let source = TestTreeDataSource(root: "R", ["R": ["Álpha", "beta", "Bravo", "charlie"]])
        let view = makeView(source)
        let commands = HierarchyViewCommands(view: view)
        #expect(commands.focusItem(startingWith: "br"))
        #expect(view.snapshot().focusedUUID == "Bravo")
        #expect(commands.focusItem(startingWith: "alp"))
        #expect(view.snapshot().focusedUUID == "Álpha")
        #expect(!commands.focusItem(startingWith: "zulu"))
    }

    @Test func scrollingAColumnUnderThePointerMovesOnlyThatColumn() {
        let source = TestTreeDataSource(root: "R")
        source.virtualCounts["R"] = 100
        let view = makeView(source, width: 60, height: 12)
        view.send(.scrollColumn(at: Point(x: 40, y: 3), by: 9))
        #expect(view.contentOffsetY(ofColumn: 1) == 9)
        #expect(view.contentOffsetY(ofColumn: 0) == 0)
        #expect(view.visibleItemUUIDs[1] == ["R/3", "R/4", "R/5", "R/6"])
        view.send(.scroll(column: 1, by: -100))
        #expect(view.contentOffsetY(ofColumn: 1) == 0)
    }

    @Test func resizingToCompactAndBackKeepsTheFocusedLevelVisible() {
        let view = makeView(plantSource(), width: 120)
        view.send(.focusNextLevel)
        #expect(view.snapshot().focusedUUID == "P1")
        view.send(.setSize(Size(width: 40, height: 12)))
        #expect(view.snapshot().columns.map { $0.items.map(\.uuid) } == [["P1", "P2", "P3"]])
        view.send(.setSize(Size(width: 120, height: 12)))
        #expect(view.visibleItemUUIDs == [["Plant"], ["A1", "A2", "A3"], ["P1", "P2", "P3"]])
        view._checkInvariants()
    }

    @Test func contentCopyJoinsTitleSubtitleFootnote() {
        let view = makeView(plantSource())
        let cell = view.cellForItem(with: "A1")!
        cell.subtitle.text = "Area"
        cell.footnote.text = "North"
        #expect(view.copyContent(ofItemWith: "A1") == "A1\nArea\nNorth")
        view.isContentCopyable = false
        #expect(view.copyContent(ofItemWith: "A1") == nil)
    }
}
