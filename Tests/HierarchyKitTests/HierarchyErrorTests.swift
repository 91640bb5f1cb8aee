import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyKit

@MainActor
@Suite struct HierarchyErrorTests {
    func codes(_ view: HierarchyView) -> [HierarchyError.Code] { view.recentErrors.map(\.code) }

    @Test func insertOutOfRangeIsReportedAndChangesNothing() {
        let source = plantSource()
        let view = makeView(source)
        view.insertChildren(of: "Plant", at: IndexSet([7]))
        #expect(codes(view) == [.indexOutOfRange])
        #expect(view.visibleItemUUIDs == [["Plant"], ["A1", "A2", "A3"]])
        view._checkInvariants()
    }

    @Test func removeOutOfRangeIsReported() {
        let view = makeView(plantSource())
        view.removeChildren(of: "Plant", at: IndexSet([3]))
        #expect(codes(view) == [.indexOutOfRange])
        view._checkInvariants()
    }

    @Test func unknownAndNotExpandedParentsAreTold() {
        let view = makeView(plantSource())
        view.insertChildren(of: "ghost", at: IndexSet([0]))
        view.insertChildren(of: "A2", at: IndexSet([0]))
        view.invalidateParent(of: "ghost")
        view.send(.expandItem(with: "ghost"))
        #expect(codes(view) == [.unknownItem, .parentNotExpanded, .unknownItem, .unknownItem])
        #expect(view.recentErrors[1].message.contains("A2"))
        view._checkInvariants()
    }

    @Test func countChangedWithoutAnUpdateCallIsDetectedAndResynced() {
        let source = plantSource()
        let view = makeView(source)
        source.children["Plant"] = ["A1", "A2", "A3", "A4", "A5"]
        source.parents["A4"] = "Plant"
        source.parents["A5"] = "Plant"
        view.insertChildren(of: "Plant", at: IndexSet([3]))  // says one, the source has two more
        #expect(codes(view) == [.inconsistentCount])
        #expect(view.visibleItemUUIDs[1] == ["A1", "A2", "A3", "A4"])
        #expect(view.snapshot().columns[1].itemCount == 5)
        view._checkInvariants()
    }

    @Test func aChildThatIsItsOwnAncestorIsACycleAndIsNotExpanded() {
        let source = TestTreeDataSource(root: "A", ["A": ["B"], "B": ["A"]])
        let view = makeView(source)
        view.send(.expandItem(with: "B"))
        #expect(codes(view).contains(.cycle))
        view.send(.expandItem(with: "A"))  // the A under B
        #expect(view.numberOfColumns == 3)
        #expect(codes(view).filter { $0 == .cycle }.count >= 2)
        view._checkInvariants()
    }

    @Test func aParentThatIsAlsoAChildIsShownOnceAsEachAndNotExpandedAgain() {
        let source = TestTreeDataSource(root: "A", ["A": ["B"]])
        source.parents["A"] = "B"
        let view = makeView(source, width: 90)
        #expect(codes(view) == [.cycle])
        #expect(view.visibleItemUUIDs == [["B"], ["A"], ["B"]])
        view.send(.tapIndicator(ofItemWith: "B"))
        #expect(view.numberOfColumns == 3)
        view._checkInvariants()
    }

    @Test func duplicateUUIDsInOneColumnAreReported() {
        let source = TestTreeDataSource(root: "R", ["R": ["X", "Y", "X"]])
        let view = makeView(source)
        #expect(codes(view) == [.duplicateItem])
        #expect(view.recentErrors[0].uuid == "X")
        view._checkInvariants()
    }

    @Test func aParentThatDoesNotListTheChildIsReportedAndTheChildStays() {
        let source = TestTreeDataSource(root: "C", ["P": ["X", "Y"]])
        source.parents["C"] = "P"
        let view = makeView(source, width: 90)
        #expect(codes(view) == [.inconsistentCount])
        #expect(view.visibleItemUUIDs == [["P"], ["C"], []])
        view._checkInvariants()
    }

    @Test func updatesFromInsideADataSourceCallAreDeferredNotLost() {
        let source = plantSource()
        source.loadsSynchronously = true
        source.unloadedChildren = ["A1"]
        let view = makeView(source)
        view.send(.expandItem(with: "A1"))
        #expect(view.visibleItemUUIDs == [["Plant"], ["A1", "A2", "A3"], ["P1", "P2", "P3"]])
        #expect(view.recentErrors.isEmpty)
        view._checkInvariants()
    }

    @Test func errorsCarryAReadableDescription() {
        let error = HierarchyError(.indexOutOfRange, "index 7 of 3", uuid: "P")
        #expect(error.description == "indexOutOfRange: index 7 of 3")
    }
}
