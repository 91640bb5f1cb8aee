import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyKit

/// Random sequences of every operation keep the view's invariants, and what it shows always
/// equals what a naive layout of every row computes.
@MainActor
@Suite struct HierarchyViewPropertyTests {
    typealias SeededRandom = SplitMix64

    func randomTree(_ rng: inout SeededRandom) -> TestTreeDataSource {
        var tree: [String: [String]] = [:]
        var queue = ["n0"]
        var next = 1
        while let parent = queue.first, next < 300 {
            queue.removeFirst()
            let count = [0, 0, 1, 2, 3, 5, 8, 40][Int.random(in: 0..<8, using: &rng)]
            let kids = (0..<count).map { _ -> String in
                defer { next += 1 }
                return "n\(next)"
            }
            tree[parent] = kids
            queue += kids
        }
        let source = TestTreeDataSource(root: "n\(Int.random(in: 0..<min(next, 20), using: &rng))", tree)
        return source
    }

    /// The rows a full layout of every row puts in each visible column's viewport.
    func naiveVisibleRows(_ view: HierarchyView) -> [[Int]] {
        let layout = view.collectionViewLayout
        let offset = view.horizontalOffset
        return layout.visibleColumns(horizontalOffset: offset, count: view.core.columns.count).map { c in
            let column = view.core.columns[c]
            var rows: [Int] = []
            var y = layout.sectionInset.top
            for row in 0..<column.count {
                let extent = column.heights.extent(at: row)
                let top = y - column.contentOffsetY
                let bottom = top + extent
                if bottom > 0 && top < layout.columnHeight { rows.append(row) }
                y += extent
                if top >= layout.columnHeight { break }
            }
            return rows
        }
    }

    @Test(arguments: 0..<12)
    func randomSequencesKeepInvariantsAndMatchANaiveLayout(seed: Int) {
        var rng = SeededRandom(state: UInt64(seed) &* 7919)
        let source = randomTree(&rng)
        let view = makeView(source, width: Double(Int.random(in: 30...150, using: &rng)), height: 14)
        view.itemHeightProvider = { cell, _ in Double((cell.title.text ?? "").count % 3 + 2) }
        var counter = 10_000
        for step in 0..<250 {
            let columns = view.core.columns
            switch Int.random(in: 0..<13, using: &rng) {
            case 0, 1:
                if let uuid = view.visibleItemUUIDs.randomElement(using: &rng)?.randomElement(using: &rng) {
                    view.send(.tapIndicator(ofItemWith: uuid))
                }
            case 2:
                if let c = columns.indices.randomElement(using: &rng), let e = columns[c].expandedUUID {
                    view.send(.collapseItem(with: e))
                }
            case 3:
                if let parent = columns.dropFirst().randomElement(using: &rng)?.parent,
                    !columns.contains(where: \.isPinned)
                {
                    counter += 1
                    let index = Int.random(in: 0...(source.children[parent]?.count ?? 0), using: &rng)
                    source.children[parent, default: []].insert("x\(counter)", at: index)
                    source.parents["x\(counter)"] = parent
                    view.insertChildren(of: parent, at: IndexSet([index]))
                }
            case 4:
                if let parent = columns.dropFirst().randomElement(using: &rng)?.parent,
                    let count = source.children[parent]?.count, count > 0, !columns.contains(where: \.isPinned)
                {
                    let index = Int.random(in: 0..<count, using: &rng)
                    source.children[parent]?.remove(at: index)
                    view.removeChildren(of: parent, at: IndexSet([index]))
                }
            case 5:
                if let parent = columns.dropFirst().randomElement(using: &rng)?.parent {
                    source.children[parent]?.shuffle(using: &rng)
                    view.invalidateChildren(of: parent)
                }
            case 6:
                view.send(.swipe(Bool.random(using: &rng) ? .left : .right))
            case 7:
                view.send(.beginPan)
                view.send(.pan(translation: Double.random(in: -80...80, using: &rng)))
                #expect(view.visibleItemUUIDs.count == naiveVisibleRows(view).count)
                view.send(.endPan(velocity: Double.random(in: -200...200, using: &rng)))
            case 8:
                view.send(
                    .setSize(
                        Size(
                            width: Double(Int.random(in: 20...160, using: &rng)),
                            height: Double(Int.random(in: 3...30, using: &rng)))))
            case 9:
                view.send(
                    .scroll(
                        column: Int.random(in: 0..<max(1, columns.count), using: &rng),
                        by: Double.random(in: -40...40, using: &rng)))
            case 10:
                view.send(.moveFocus([.up, .down, .pageDown, .pageUp, .home, .end].randomElement(using: &rng)!))
            case 11:
                Bool.random(using: &rng) ? view.send(.focusNextLevel) : view.send(.focusPreviousLevel)
            default:
                if let uuid = view.visibleItemUUIDs.randomElement(using: &rng)?.randomElement(using: &rng) {
                    view.invalidateItems(with: [uuid])
                }
            }
            let snapshot = view.snapshot()
            view._checkInvariants()
            let shown = snapshot.columns.map { $0.items.map(\.row) }
            #expect(shown == naiveVisibleRows(view), "seed \(seed) step \(step)")
            for column in snapshot.columns {
                guard let parent = column.parentUUID, !column.isLoadingSiblings else { continue }
                for item in column.items {
                    #expect(
                        source.children[parent]?[item.row] == item.uuid,
                        "seed \(seed) step \(step): row \(item.row) of \(parent)")
                }
            }
            #expect(
                view.recentErrors.filter { $0.code != .cycle && $0.code != .duplicateItem }.isEmpty,
                "seed \(seed) step \(step): \(view.recentErrors)")
        }
    }
}
