import Foundation
import Testing

@testable import HierarchyKit

/// Updates a data source makes from inside its own answers: applied as if made right after
/// the answer, in one loop with no pass or round limit, and a data source that would make the
/// same update forever is reported once instead of looping.
@MainActor
@Suite struct HierarchyViewReentrancyTests {
    /// R with `count` children "c0"…; hooks run inside the answers.
    final class HookedSource: HierarchyViewDataSource {
        var count = 3
        var onCount: ((HierarchyView, String) -> Void)?
        var onCell: ((HierarchyView, String) -> Void)?
        var countCalls = 0
        var cellCalls = 0

        func rootUUID(in hierarchyView: HierarchyView) -> String? { "R" }
        func hierarchyView(_ hierarchyView: HierarchyView, numberOfChildrenForItemWith uuid: String) -> Int {
            countCalls += 1
            onCount?(hierarchyView, uuid)
            return uuid == "R" ? count : 0
        }
        func hierarchyView(_ hierarchyView: HierarchyView, uuidForChildItemAt index: Int, with parentUUID: String)
            -> String
        { "c\(index)" }
        func hierarchyView(_ hierarchyView: HierarchyView, cellForItemWith uuid: String) -> HierarchyCollectionItem {
            cellCalls += 1
            onCell?(hierarchyView, uuid)
            let cell = hierarchyView.dequeueReusableCell(withReuseIdentifier: "HierarchyCollectionItem", with: uuid)
            cell.title.text = uuid
            return cell
        }
    }

    func makeView(_ source: HookedSource) -> (HierarchyView, () -> [HierarchyError]) {
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 120, height: 12)))
        var errors: [HierarchyError] = []
        view.errorHandler = { errors.append($0) }
        view.register(HierarchyCollectionItem.self, forCellWithReuseIdentifier: "HierarchyCollectionItem")
        view.dataSource = source
        return (view, { errors })
    }

    @Test func anInsertFromInsideACountIsAppliedAsIfMadeRightAfter() {
        let source = HookedSource()
        var inserted = false
        // The first count of R's children loads two more children at once and says so.
        source.onCount = { view, uuid in
            guard uuid == "R", !inserted else { return }
            inserted = true
            source.count = 5
            view.insertChildren(of: "R", at: IndexSet([3, 4]))
        }
        let (view, errors) = makeView(source)
        view.layoutIfNeeded()
        // The count answered 5 (the source changed before it returned): the insert made inside
        // it then adds 2 more, and the count check finds 7 against the source's 5 and reads
        // the column again, as it would for the same insert made right after.
        #expect(view.itemCount(ofColumn: 1) == 5)
        #expect(errors().map(\.code) == [.inconsistentCount])
        #expect(view.updates.isEmpty)
    }

    @Test func aCellThatInvalidatesItselfEveryTimeIsReportedOnceAndTheLayoutEnds() {
        let source = HookedSource()
        source.onCell = { view, uuid in view.invalidateItems(with: [uuid]) }
        let (view, errors) = makeView(source)
        let snapshot = view.snapshot()
        #expect(snapshot.columns.count == 2)
        let repeats = errors().filter { $0.code == .invalidOperation }
        #expect(repeats.count == 1)
        #expect(repeats.first?.message.contains("again from inside its answers") == true)
        // Each visible cell was asked at most twice: once, and once more for its first update.
        #expect(source.cellCalls <= 2 * 4)
    }

    @Test func aCountThatInvalidatesItsParentEveryTimeIsReportedOnce() {
        let source = HookedSource()
        var armed = false
        source.onCount = { view, uuid in if armed && uuid == "R" { view.invalidateChildren(of: "R") } }
        let (view, errors) = makeView(source)
        view.layoutIfNeeded()
        armed = true
        let before = source.countCalls
        view.invalidateChildren(of: "R")
        #expect(errors().filter { $0.code == .invalidOperation }.count == 1)
        #expect(source.countCalls - before <= 3)
        #expect(view.itemCount(ofColumn: 1) == 3)
    }
}
