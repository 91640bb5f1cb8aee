import FioriCompat
import Foundation
import HierarchyAdapters
import HierarchySources
import HierarchyTestSupport
import Testing

@testable import TerminalUI

/// A seed data source that breaks the contract on request: a count that shrinks under the
/// view, a duplicate uuid, an insert for an item it never announced.
@MainActor
final class BreakingDataSource: @MainActor HierarchyViewDataSource {
    var counts: [String: Int] = ["root": 5]
    var duplicate = false

    func rootUUID(in hierarchyView: HierarchyView) -> String? { "root" }

    func hierarchyView(_ hierarchyView: HierarchyView, numberOfChildrenForItemWith uuid: String) -> Int {
        counts[uuid] ?? 0
    }

    func hierarchyView(_ hierarchyView: HierarchyView, uuidForChildItemAt index: Int, with parentUUID: String) -> String
    {
        duplicate ? "\(parentUUID)-dup" : "\(parentUUID)-\(index)"
    }

    func hierarchyView(_ hierarchyView: HierarchyView, cellForItemWith uuid: String) -> HierarchyCollectionItem {
        let cell = hierarchyView.dequeueReusableCell(withReuseIdentifier: "HierarchyCollectionItem", with: uuid)
        cell.title.text = "Item \(uuid)"
        cell.isHierarchyButtonHidden = (counts[uuid] ?? 0) == 0
        return cell
    }
}

@Suite("Contract-breaking data sources on the terminal face")
@MainActor
struct ContractBreakingSourceTests {
    func makeScreen(_ source: BreakingDataSource) -> (HierarchyView, TableBrowser) {
        let view = HierarchyView()
        view.dataSource = source
        let screen = TerminalBrowser.makeScreen(view: view, palette: .monochrome, columns: 120, rows: 20)
        return (view, screen)
    }

    @Test("a count that shrinks underneath the view is reported and the face goes on")
    func shrinkingCount() {
        let source = BreakingDataSource()
        let (view, screen) = makeScreen(source)
        #expect(screen.render().plainText.contains("Item root-4"))
        source.counts["root"] = 2
        view.insertChildren(of: "root", at: IndexSet(integer: 5))
        let frame = screen.render().plainText
        #expect(!view.recentErrors.isEmpty)
        #expect(frame.contains("Item root-1"))
        #expect(!frame.contains("Item root-4"))
        #expect(screen.handle([.key(KeyEvent(.character("q")))]) == [.quit])
    }

    @Test("duplicate uuids in one column show as an error on the status line, not a crash")
    func duplicateUUIDs() {
        let source = BreakingDataSource()
        source.duplicate = true
        let (view, screen) = makeScreen(source)
        let frame = screen.render().plainText
        #expect(frame.contains("Item root-dup"))
        _ = screen.handle([.key(KeyEvent(.down)), .key(KeyEvent(.down))])
        _ = screen.render()
        #expect(view.recentErrors.contains { $0.description.contains("root-dup") })
        #expect(screen.handle([.key(KeyEvent(.character("c"), modifiers: .control))]) == [.quit])
    }

    @Test("an insert for an item the source never announced is an error message")
    func unknownItem() {
        let source = BreakingDataSource()
        let (view, screen) = makeScreen(source)
        _ = screen.render()
        view.insertChildren(of: "nobody", at: IndexSet(integer: 0))
        let frame = screen.render().plainText
        #expect(view.recentErrors.contains { $0.description.contains("nobody") })
        #expect(frame.contains("nobody"))  // the status line says so
        #expect(frame.contains("Item root-0"))
    }
}

/// A source whose children never come (a hung mount, a dead server).
struct SilentSource: HierarchySource {
    var displayName: String { "silent" }
    func root() async throws -> HierarchyNode? { HierarchyNode(id: "R", title: "Root", isContainer: true) }
    func node(withID id: String) async throws -> HierarchyNode? { nil }
    func parent(ofID id: String) async throws -> HierarchyNode? { nil }
    func childCount(ofID id: String) async throws -> Int {
        // Waits until cancelled (the session closes), never answering.
        await untilCancelled()
        throw CancellationError()
    }
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] { [] }
}

@Suite("A source that never answers")
@MainActor
struct SilentSourceTests {
    @Test("the face draws, keys work and q quits at once while the load hangs")
    func quitsAtOnce() async throws {
        let view = HierarchyView()
        let adapter = HierarchySourceDataSource(source: SilentSource())
        adapter.attach(to: view)
        try await adapter.load()
        let screen = TerminalBrowser.makeScreen(view: view, palette: .monochrome, columns: 100, rows: 20)
        let frame = screen.render().plainText
        #expect(frame.contains("Root"))
        #expect(frame.contains("loading…"))
        _ = screen.handle([.key(KeyEvent(.down)), .key(KeyEvent(.character("?")))])
        _ = screen.render()
        #expect(screen.handle([.key(KeyEvent(.character("q")))]) == [.quit])
        // Answered while the load (which never ends) is still in flight.
        #expect(adapter.activeLoads > 0)
        adapter.cancelLoads()
        #expect(adapter.activeLoads == 0)
    }
}
