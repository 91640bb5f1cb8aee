import Foundation
import HierarchyKit
import HierarchySources
import HierarchyTestSupport

@testable import TerminalUI

/// Frames with trailing spaces trimmed, as the literal frames in the tests are written.
func trimmedFrame(_ frame: String) -> String {
    frame.split(separator: "\n", omittingEmptySubsequences: false)
        .map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }
        .joined(separator: "\n")
}

/// A linear browser over the bundled sample, loaded (the root expanded), monochrome.
@MainActor
func sampleLinearBrowser(axis: LinearCollectionScreen.Axis, columns: Int, rows: Int, rightToLeft: Bool = false)
    async throws
    -> LinearCollectionScreen
{
    let browser = LinearCollectionScreen(
        source: try SharedSample.source(), sourceName: "Sample plant", axis: axis,
        rightToLeft: rightToLeft, palette: .monochrome, columns: columns, rows: rows)
    try await browser.load()
    return browser
}

/// A table browser over the bundled sample, loaded and settled, monochrome.
@MainActor
func sampleTableBrowser(
    columns: Int, rows: Int, rightToLeft: Bool = false,
    presentation: TableBrowser.Presentation = .always
) async throws -> TableBrowser {
    let clock = ManualClock()
    let table = TableBrowser.make(
        source: try SharedSample.source(), sourceName: "Sample plant", presentation: presentation,
        rightToLeft: rightToLeft, palette: .monochrome, columns: columns, rows: rows, now: { clock.now })
    try await table.dataSource!.load()
    await table.dataSource!.settle()
    return table
}

extension LinearCollectionScreen {
    /// Sends keys and waits for the loads they start.
    @discardableResult
    func press(_ keys: KeyEvent...) async -> [BrowserCommand] {
        var commands: [BrowserCommand] = []
        for key in keys {
            commands += handle([.key(key)])
            await settle()
        }
        return commands
    }

    /// Clicks (press and release) at a screen cell and waits for the loads it starts.
    func click(x: Int, y: Int) async {
        _ = handle([
            .mouse(MouseEvent(kind: .press, button: .left, x: x, y: y)),
            .mouse(MouseEvent(kind: .release, button: .left, x: x, y: y)),
        ])
        await settle()
    }

    var frame: String { trimmedFrame(render().plainText) }
}

extension TableBrowser {
    /// Sends keys and waits for the loads they start.
    func press(_ keys: KeyEvent...) async {
        for key in keys {
            _ = handle([.key(key)])
            await dataSource?.settle()
        }
    }

    var frame: String { trimmedFrame(render().plainText) }
}

/// A small source for the tests: children by parent id, a root, and ids whose children fail.
struct TestTreeSource: HierarchySource {
    var displayName = "test"
    var rootNode: HierarchyNode?
    var childrenByID: [String: [HierarchyNode]]
    var failingIDs: Set<String> = []

    /// A root "r" with `count` leaf children named "Item 0"… (or `name` for every one).
    static func flat(_ count: Int, name: String? = nil) -> TestTreeSource {
        let children = (0..<count).map { HierarchyNode(id: "c\($0)", title: name ?? "Item \($0)") }
        return TestTreeSource(
            rootNode: HierarchyNode(id: "r", title: "Root", childCount: count, isContainer: true),
            childrenByID: ["r": children])
    }

    func root() async throws -> HierarchyNode? { rootNode }
    func node(withID id: String) async throws -> HierarchyNode? {
        if rootNode?.id == id { return rootNode }
        return childrenByID.values.joined().first { $0.id == id }
    }
    func parent(ofID id: String) async throws -> HierarchyNode? {
        guard let parentID = childrenByID.first(where: { $0.value.contains { $0.id == id } })?.key else { return nil }
        return try await node(withID: parentID)
    }
    func childCount(ofID id: String) async throws -> Int {
        if failingIDs.contains(id) { throw HierarchySourceError(.io, "cannot read \(id)") }
        return childrenByID[id]?.count ?? 0
    }
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        let all = childrenByID[id] ?? []
        let clamped = range.clamped(to: 0..<all.count)
        return Array(all[clamped])
    }
}
