import HierarchyKit
import HierarchySources
import Testing

@testable import HierarchyWeb

/// The generated source, saying a note of itself through its changes (as a document being read
/// or a table being checked does).
struct NotingSource: GeneratedSourceWrapper {
    var base: GeneratedSource
    var note: String

    func changes() -> AsyncStream<HierarchySourceChange> {
        AsyncStream { continuation in continuation.yield(.progress(note)) }
    }
}

@Suite("WebSession: the source's note")
@MainActor
struct WebSessionNoteTests {
    @Test("the page's status text carries the source's note after the row, as the terminal's does")
    func noteInTheStatus() async throws {
        let note = "12 rows name no parent: open one with --start 42"
        let clock = ManualClock()
        let session = WebSession(
            id: "s", source: NotingSource(base: GeneratedSource(rootChildren: 20, fanout: 1, depth: 1), note: note),
            size: Size(width: 1200, height: 617), rightToLeft: false, now: { clock.now() })
        try await session.start(at: nil)
        await session.dataSource!.settle()
        #expect(
            await LiveServer.eventually(timeout: .seconds(60)) {
                session.snapshot(sourceName: "t").status.hasSuffix("  " + note)
            })
        let status = session.snapshot(sourceName: "t").status
        #expect(status.hasPrefix(session.view.statusText(isLoading: false)))
    }
}
