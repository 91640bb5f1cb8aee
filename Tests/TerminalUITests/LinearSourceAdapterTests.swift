import HierarchyAdapters
import HierarchyKit
import HierarchySources
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
}
