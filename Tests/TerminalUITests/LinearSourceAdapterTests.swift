import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchySources
import HierarchyTestSupport
import Testing

@testable import TerminalUI

/// Source items as linear items: kinds, identity, limits and errors.
@MainActor
@Suite struct LinearSourceAdapterTests {
    @Test func containersAreDynamicAndLeavesStatic() {
        let adapter = LinearSourceAdapter(source: TestTreeSource.flat(0))
        let container = adapter.item(for: HierarchyNode(id: "a", title: "A", isContainer: true))
        let counted = adapter.item(for: HierarchyNode(id: "b", title: "B", childCount: 3))
        let leaf = adapter.item(for: HierarchyNode(id: "c", title: "C"))
        #expect(container.kind == .dynamic && container.children.isEmpty)
        #expect(counted.kind == .dynamic)
        #expect(leaf.kind == .static && leaf.isLeaf)
        #expect([container.payload, counted.payload, leaf.payload] == ["a", "b", "c"])
    }

    @Test func identityFollowsTheSourceIDNotTheTitle() {
        let adapter = LinearSourceAdapter(source: TestTreeSource.flat(0))
        let first = adapter.item(for: HierarchyNode(id: "x", title: "Same"))
        let other = adapter.item(for: HierarchyNode(id: "y", title: "Same"))
        let again = adapter.item(for: HierarchyNode(id: "x", title: "Renamed"))
        #expect(first.id != other.id)
        #expect(first.id == again.id)
        #expect(adapter.node(for: first.id)?.title == "Renamed")
        #expect(adapter.identifier(forSourceID: "y") == other.id)
        #expect(adapter.identifier(forSourceID: "z") == nil)
    }

    @Test(arguments: [0, 1, 999, 1000, 1001, 2500])
    func childrenAreReadInPagesUpToTheLimit(count: Int) async throws {
        let adapter = LinearSourceAdapter(source: TestTreeSource.flat(count), childLimit: 2000)
        _ = adapter.item(for: HierarchyNode(id: "r", title: "Root", isContainer: true))
        let children = try await adapter.children(ofSourceID: "r")
        #expect(children.totalCount == count)
        #expect(children.items.count == min(count, 2000))
        #expect(children.items.last?.payload == (count == 0 ? nil : "c\(min(count, 2000) - 1)"))
        // The parent's count is now known (shown on its chip).
        let rootID = try #require(adapter.identifier(forSourceID: "r"))
        #expect(adapter.node(for: rootID)?.childCount == count)
    }

    @Test func sourceErrorsAreThrown() async {
        var source = TestTreeSource.flat(1)
        source.failingIDs = ["r"]
        let adapter = LinearSourceAdapter(source: source)
        await #expect(throws: HierarchySourceError.self) {
            try await adapter.children(ofSourceID: "r")
        }
    }

    @Test func aSourcesControllerReadsAContainersChildrenWhenItIsChosen() async throws {
        var source = TestTreeSource.flat(0)
        source.childrenByID["r"] = [
            HierarchyNode(id: "a", title: "A", isContainer: true),
            HierarchyNode(id: "bad", title: "Broken", isContainer: true),
            HierarchyNode(id: "leaf", title: "Leaf"),
        ]
        source.childrenByID["a"] = (0..<5).map { HierarchyNode(id: "a\($0)", title: "A \($0)") }
        source.failingIDs = ["bad"]
        let controller = LinearHierarchyViewController(source: source, childLimit: 3)
        var redraws = 0
        controller.collectionView.setNeedsDisplayHandler = { redraws += 1 }
        try await controller.load()
        #expect(controller.hierarchyLevel == 1)
        #expect(controller.currentItems.map(\.name) == ["A", "Broken", "Leaf"])
        #expect(controller.lastUpdate?.insertedItems.count == 3)
        #expect(redraws >= 2)
        // A container: its children are read (up to the limit, and said so), the update is theirs.
        controller.collectionView.selectItem(at: IndexPath(indexes: [1, 0]))
        #expect(controller.isLoading)
        await controller.settle()
        #expect(controller.currentItems.map(\.payload) == ["a0", "a1", "a2"])
        #expect(controller.lastUpdate?.insertedItems.map(\.item) == [0, 1, 2])
        #expect(controller.takeNotice() == "Showing the first 3 of 5 items")
        #expect(controller.takeNotice() == nil)
        // A container that cannot be read: one error queued, the path back where it was.
        controller.collectionView.selectItem(at: IndexPath(indexes: [1, 0]))
        controller.collectionView.selectItem(at: IndexPath(indexes: [1, 1]))
        await controller.settle()
        #expect(controller.hierarchyLevel == 1)
        #expect(!controller.isLoading)
        let errors = controller.takeErrors()
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasPrefix("Cannot list the children of Broken: ") == true)
        // A leaf is selected.
        controller.collectionView.selectItem(at: IndexPath(indexes: [1, 2]))
        #expect(controller.selectedItem?.payload == "leaf")
    }

    @Test func cancelledLoadsShowNothing() async throws {
        let controller = LinearHierarchyViewController(source: try SharedSample.source())
        try await controller.load()
        controller.collectionView.selectItem(at: IndexPath(indexes: [1, 0]))
        #expect(controller.isLoading)
        controller.cancelLoads()
        await controller.settle()
        #expect(controller.isLoading)
        #expect(controller.currentItems.isEmpty)
    }

    @Test func aStartThatIsNotThereIsAnError() async {
        let controller = LinearHierarchyViewController(source: TestTreeSource.flat(2))
        await #expect(throws: HierarchySourceError.self) { try await controller.load(startingAt: "nowhere") }
        #expect(controller.currentItems.isEmpty)
    }
}
