import HierarchyTestSupport
import Testing

@testable import ListFloorplan

@Suite("ListSnapshot")
struct ListSnapshotTests {
    typealias Snapshot = ListSnapshot<Item, Part>

    func one(_ items: [Item]) -> Snapshot {
        Snapshot(sections: [.first], items: [items])
    }

    func path(_ item: Int, _ section: Int = 0) -> ListItemPath {
        ListItemPath(section: section, item: item)
    }

    func move(_ from: Int, _ to: Int) -> ListDiff.Move {
        ListDiff.Move(from: path(from), to: path(to))
    }

    /// Applies a diff to the old ids and checks the result is the new ids (flat, one section).
    func applies(_ diff: ListDiff, from old: [Item], to new: [Item]) -> Bool {
        let removed = Set(diff.removed.map(\.item))
        let moved = Set(diff.moved.map(\.from.item))
        let kept = old.indices.filter { !removed.contains($0) && !moved.contains($0) }.map { old[$0].id }
        var result: [Int?] = Array(repeating: nil, count: new.count)
        for index in diff.inserted.map(\.item) { result[index] = new[index].id }
        for move in diff.moved { result[move.to.item] = old[move.from.item].id }
        var rest = kept.makeIterator()
        for index in result.indices where result[index] == nil { result[index] = rest.next() }
        return result.compactMap { $0 } == new.map(\.id) && rest.next() == nil
    }

    @Test func emptyAndIdentical() {
        #expect(one([]).diff(to: one([])).isEmpty)
        #expect(one(items(0..<1)).diff(to: one(items(0..<1))).isEmpty)
        #expect(one(items(0..<100)).diff(to: one(items(0..<100))).isEmpty)
    }

    @Test func insertionsAndRemovalsByIdentity() {
        let diff = one(items(0..<4)).diff(to: one([Item(0), Item(9), Item(2), Item(3), Item(8)]))
        #expect(diff == ListDiff(inserted: [path(1), path(4)], removed: [path(1)]))
        #expect(one([]).diff(to: one(items(0..<3))) == ListDiff(inserted: [path(0), path(1), path(2)]))
        #expect(one(items(0..<2)).diff(to: one([])) == ListDiff(removed: [path(0), path(1)]))
    }

    @Test func changedValueWithSameIdentityIsAReload() {
        let diff = one(items(0..<3)).diff(to: one([Item(0), Item(1, "renamed"), Item(2)]))
        #expect(diff == ListDiff(reloaded: [path(1)]))
    }

    @Test func movesAreTheFewest() {
        // Last item to the front: one move, not three.
        let diff = one(items(0..<4)).diff(to: one([Item(3), Item(0), Item(1), Item(2)]))
        #expect(diff == ListDiff(moved: [move(3, 0)]))
        let swap = one(items(0..<2)).diff(to: one([Item(1), Item(0)]))
        #expect(swap.moved.count == 1)
    }

    @Test func moveBetweenSectionsAndReloadTogether() {
        let old = Snapshot(sections: [.first, .second], items: [[Item(0), Item(1)], [Item(2)]])
        let new = Snapshot(sections: [.first, .second], items: [[Item(0)], [Item(2), Item(1, "moved")]])
        // Item 1 changes section and value: a move and a reload; item 2 stays.
        #expect(
            old.diff(to: new)
                == ListDiff(
                    moved: [ListDiff.Move(from: path(1, 0), to: path(1, 1))], reloaded: [path(1, 1)]
                ))
        let reordered = Snapshot(sections: [.first, .second], items: [[Item(2)], [Item(0), Item(1)]])
        #expect(
            old.diff(to: reordered)
                == ListDiff(moved: [
                    ListDiff.Move(from: path(0, 1), to: path(0, 0)),
                    ListDiff.Move(from: path(0, 0), to: path(0, 1)),
                    ListDiff.Move(from: path(1, 0), to: path(1, 1)),
                ]))
    }

    @Test func duplicateIdentitiesMatchInOrder() {
        let diff = one([Item(1), Item(1), Item(2)]).diff(to: one([Item(1), Item(2)]))
        #expect(diff == ListDiff(removed: [path(1)], moved: []))
    }

    @Test(arguments: [0, 1, 2, 10, 200])
    func randomEditsApply(count: Int) {
        var generator = SplitMix64(seed: UInt64(count) &+ 7)
        for _ in 0..<20 {
            let old = items(0..<count).shuffled(using: &generator)
            var new = old.filter { _ in Int.random(in: 0..<4, using: &generator) != 0 }
            new.append(contentsOf: items(1000..<(1000 + Int.random(in: 0...3, using: &generator))))
            new.shuffle(using: &generator)
            if !new.isEmpty { new[0].name = "changed" }
            let diff = one(old).diff(to: one(new))
            #expect(applies(diff, from: old, to: new))
            #expect(diff.removed.count == old.count - old.filter { o in new.contains { $0.id == o.id } }.count)
            let reloaded = diff.reloaded.map(\.item)
            #expect(reloaded == new.indices.filter { i in old.contains { $0.id == new[i].id && $0 != new[i] } })
        }
    }

    /// For renderers updating section by section, each section's row count must add up.
    @Test(arguments: [0, 1, 3, 40])
    func sectionCountsAddUp(count: Int) {
        var generator = SplitMix64(seed: UInt64(count) &+ 99)
        for _ in 0..<20 {
            let all = items(0..<count)
            func split(_ list: [Item]) -> Snapshot {
                let cut = list.isEmpty ? 0 : Int.random(in: 0...list.count, using: &generator)
                return Snapshot(sections: [.first, .second], items: [Array(list[..<cut]), Array(list[cut...])])
            }
            let old = split(all.shuffled(using: &generator))
            let new = split(
                (all.filter { _ in Bool.random(using: &generator) } + items(500..<503)).shuffled(using: &generator))
            let diff = old.diff(to: new)
            for section in 0..<2 {
                let out =
                    diff.removed.filter { $0.section == section }.count
                    + diff.moved.filter { $0.from.section == section }.count
                let into =
                    diff.inserted.filter { $0.section == section }.count
                    + diff.moved.filter { $0.to.section == section }.count
                #expect(old.items[section].count - out + into == new.items[section].count)
            }
            #expect(Set(diff.inserted.compactMap { new.item(at: $0)?.id }) == [500, 501, 502])
        }
    }

    @Test func snapshotOfAState() {
        var state = ListState<Item, Part>(sections: [.first, .second])
        state.list = ListPages(items: [.second: items(0..<2)], pageCount: 1)
        let snapshot = ListSnapshot(state)
        #expect(snapshot.items == [[], items(0..<2)])
        #expect(snapshot.item(at: path(1, 1)) == Item(1))
        #expect(snapshot.item(at: path(2, 1)) == nil)
        #expect(snapshot.item(at: path(0, 5)) == nil)
        #expect(snapshot.itemCount == 2)
    }

    @Test func longestIncreasingRun() {
        #expect(Snapshot.longestIncreasingRun([]) == [])
        #expect(Snapshot.longestIncreasingRun([5]) == [true])
        #expect(Snapshot.longestIncreasingRun([3, 0, 1, 2]) == [false, true, true, true])
        let marks = Snapshot.longestIncreasingRun([2, 0, 3, 1, 4])
        #expect(marks.filter { $0 }.count == 3)
    }
}
