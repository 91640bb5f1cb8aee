import Foundation
import HierarchyKit
import HierarchySources
import Testing

@testable import HierarchyWeb

@Suite("WebSnapshot")
@MainActor
struct WebSnapshotTests {
    @Test("a 50 MB title is cut for display: the snapshot stays small and gives the full length")
    func hugeTitle() async throws {
        let title = "Start " + String(repeating: "x", count: 50_000_000)
        let source = try InMemorySource(
            root: .init(
                id: "r", title: "Root",
                children: [
                    .init(id: "huge", title: title), .init(id: "small", title: "Small"),
                ]))
        let session = WebSession(
            id: "s", source: source, size: Size(width: 1200, height: 800), rightToLeft: false,
            now: { ContinuousClock.now })
        try await session.start(at: nil)
        await session.dataSource!.settle()
        let snapshot = session.snapshot(sourceName: "t")
        let item = try #require(snapshot.columns.flatMap(\.items).first { $0.uuid == "huge" })
        #expect(item.title == "Start " + String(repeating: "x", count: WebSnapshot.maximumTextLength - 6) + "…")
        #expect(item.titleLength == title.utf16.count)
        #expect(item.label.count <= WebSnapshot.maximumTextLength + 1)
        #expect(snapshot.columns.flatMap(\.items).first { $0.uuid == "small" }?.titleLength == nil)
        #expect(try JSONEncoder().encode(snapshot).count < 100_000)
    }
}
