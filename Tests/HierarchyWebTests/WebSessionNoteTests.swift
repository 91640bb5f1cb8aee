import HierarchyKit
import HierarchySources
import Synchronization
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

/// The generated source, saying its note when the test says so (a background check that ends
/// after the first screen).
final class LateNotingSource: GeneratedSourceWrapper, Sendable {
    let base: GeneratedSource
    private let subscribers = Mutex<[AsyncStream<HierarchySourceChange>.Continuation]>([])

    init(base: GeneratedSource) { self.base = base }

    func changes() -> AsyncStream<HierarchySourceChange> {
        let (stream, continuation) = AsyncStream<HierarchySourceChange>.makeStream()
        subscribers.withLock { $0.append(continuation) }
        return stream
    }

    func say(_ note: String) {
        for subscriber in subscribers.withLock({ $0 }) { subscriber.yield(.progress(note)) }
    }
}

@Suite("WebSession: the source's note", .timeLimit(.minutes(10)))
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
        // The note arrives as a change of the page (what a waiting request or the event stream
        // hears), with no other change.
        while !session.snapshot(sourceName: "t").status.hasSuffix("  " + note) {
            await session.waitForChange(after: session.version, timeout: nil)
        }
        #expect(session.snapshot(sourceName: "t").status.hasSuffix("  " + note))
        let status = session.snapshot(sourceName: "t").status
        #expect(status.hasPrefix(HierarchyViewCommands(view: session.view).statusText(isLoading: false)))
    }

    @Test("a note that comes later is a change of the page: a waiting request hears it")
    func lateNoteIsAChange() async throws {
        let source = LateNotingSource(base: GeneratedSource(rootChildren: 20, fanout: 1, depth: 1))
        let clock = ManualClock()
        let session = WebSession(
            id: "s", source: source, size: Size(width: 1200, height: 617), rightToLeft: false, now: { clock.now() })
        try await session.start(at: nil)
        await session.dataSource!.settle()
        let before = session.snapshot(sourceName: "t")
        #expect(!before.status.contains("checked"))
        source.say("checked: 3 rows name no parent")
        // The note's arrival ends this wait (the suite's time limit guards it).
        await session.waitForChange(after: before.version, timeout: nil)
        let after = session.snapshot(sourceName: "t")
        #expect(after.version > before.version)
        #expect(after.status.hasSuffix("  checked: 3 rows name no parent"))
    }
}
