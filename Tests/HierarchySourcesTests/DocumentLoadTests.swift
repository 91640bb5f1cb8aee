import Foundation
import HierarchyTestSupport
import Synchronization
import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

/// A document shown while it is read, fed through a named pipe a step at a time.
/// The suite's time limit is the hang guard: the tests wait for events and a test clock only.
@Suite(.timeLimit(.minutes(10))) struct DocumentLoadTests {
    /// Opens a document (opening waits until the root is known).
    static func open(_ path: String, clock: any Clock<Duration> = ContinuousClock()) async throws
        -> DocumentLoad.Opened
    {
        try await DocumentLoad.open(path: path, name: "big.json", clock: clock)
    }

    /// Collects a source's changes as they come.
    final class Recorder: Sendable {
        let seen = Observed<[HierarchySourceChange]>([])
        let task: Task<Void, Never>

        init(_ stream: AsyncStream<HierarchySourceChange>) {
            let seen = self.seen
            task = Task {
                for await change in stream { seen.withLock { $0.append(change) } }
            }
        }

        var all: [HierarchySourceChange] { seen.value }

        /// Waits until the changes so far satisfy `condition` (an event: each change).
        func until(_ condition: @escaping @Sendable ([HierarchySourceChange]) -> Bool) async -> Bool {
            await seen.until(condition)
        }
    }

    /// Waits until `condition` holds, looking again after each record the reader stores and
    /// when the read ends: events, not a poll (the suite's time limit guards a hang).
    static func untilRead(_ load: DocumentLoad, _ condition: () async throws -> Bool) async throws -> Bool {
        let records = Observed(0)
        load.observeRead { records.withLock { $0 += 1 } }
        defer { load.observeRead(nil) }
        while true {
            let seen = records.value
            if try await condition() { return true }
            guard await records.until({ $0 != seen }) else { return try await condition() }
        }
    }

    static func items(_ range: Range<Int>) -> String {
        range.map { #"{"title": "Item \#($0)"}"# }.joined(separator: ",")
    }

    @Test func showsTheFirstItemsWhileTheRestIsRead() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let feeder = try FIFOFeeder(path: directory.path + "/big.json")
        defer { feeder.close() }
        feeder.write(#"{"title": "Big", "children": ["# + Self.items(0..<100) + ",")
        guard case .reading(let load) = try await Self.open(feeder.path) else {
            Issue.record("a document that never ends was read to its end")
            return
        }
        let recorder = Recorder(load.changes())
        let root = try #require(try await load.root())
        #expect(root.title == "Big")
        #expect(try await Self.untilRead(load) { try await load.childCount(ofID: root.id) == 100 })
        let first = try await load.children(ofID: root.id, in: 0..<3)
        #expect(first.map(\.title) == ["Item 0", "Item 1", "Item 2"])
        #expect(try await load.index(ofChildID: first[2].id, inParentID: root.id) == 2)
        #expect(try await load.parent(ofID: first[2].id)?.id == root.id)
        #expect(load.isReading)
        #expect(
            await recorder.until {
                $0.contains {
                    if case .progress(let note?) = $0 { note.hasPrefix("reading ") } else { false }
                }
            })

        feeder.write(Self.items(100..<250) + "]}")
        feeder.close()
        #expect(await recorder.until { $0.last == .progress(nil) })
        #expect(!load.isReading)
        #expect(load.failure == nil)
        #expect(try await load.childCount(ofID: root.id) == 250)
        #expect(try await load.children(ofID: root.id, in: 248..<260).map(\.title) == ["Item 248", "Item 249"])
        #expect(recorder.all.contains(.appended(parentID: root.id, count: 250)))
        #expect(try await load.index(ofChildID: "#200", inParentID: root.id) == 199)
    }

    @Test("while reading: the last rows (End) and type-select answer as after the read")
    func lastRowsAndTypeSelectWhileReading() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let feeder = try FIFOFeeder(path: directory.path + "/big.json")
        defer { feeder.close() }
        // Items with children of their own between the big item's children, and a sibling after it.
        let children = (0..<300).map { index in
            index % 50 == 7
                ? #"{"title": "Pump \#(index)", "children": [{"title": "Inner"}, {"title": "Pump inner"}]}"#
                : #"{"title": "Item \#(index)"}"#
        }.joined(separator: ",")
        feeder.write(
            #"{"title": "Big", "children": [{"title": "Column", "children": ["# + children
                + #"]}, {"title": "After", "children": [{"title": "Pump after"}]},"#)
        guard case .reading(let load) = try await Self.open(feeder.path) else {
            Issue.record("a document that never ends was read to its end")
            return
        }
        let root = try #require(try await load.root())
        #expect(try await Self.untilRead(load) { try await load.childCount(ofID: root.id) == 2 })
        let column = try #require(try await load.children(ofID: root.id, in: 0..<1).first)
        #expect(try await load.childCount(ofID: column.id) == 300)
        let all = try await load.children(ofID: column.id, in: 0..<300)
        #expect(all.map(\.title) == (0..<300).map { $0 % 50 == 7 ? "Pump \($0)" : "Item \($0)" })
        for range in [295..<300, 290..<296, 150..<160, 0..<3, 299..<400] {
            #expect(
                try await load.children(ofID: column.id, in: range).map(\.id)
                    == Array(all[range.clamped(to: 0..<300)]).map(\.id),
                "\(range)")
        }
        for (prefix, start, expected) in [
            ("pump", 0, 7), ("pump", 8, 57), ("pump 25", 260, 257), ("pump 7", 100, 7),
            ("item 299", 0, 299), ("inner", 0, nil),
        ] as [(String, Int, Int?)] {
            #expect(
                try await load.indexOfChild(ofID: column.id, titlePrefix: prefix, from: start) == expected, "\(prefix)")
        }
        #expect(load.isReading)
        feeder.write(#"{"title": "Last"}]}"#)
        feeder.close()
        #expect(try await Self.untilRead(load) { !load.isReading })
        #expect(try await load.indexOfChild(ofID: column.id, titlePrefix: "pump 25", from: 260) == 257)
        #expect(try await load.indexOfChild(ofID: root.id, titlePrefix: "la", from: 0) == 2)
    }

    @Test func countsFillInAndAnItemKeepsTheIdItWasShownWith() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let feeder = try FIFOFeeder(path: directory.path + "/late.json")
        defer { feeder.close() }
        // The first child's `id` comes after its children: it is shown as #1 first.
        feeder.write(#"{"title": "Root", "id": "root", "children": [{"title": "A", "children": [{"title": "a1"},"#)
        guard case .reading(let load) = try await Self.open(feeder.path) else {
            Issue.record("a document that never ends was read to its end")
            return
        }
        let recorder = Recorder(load.changes())
        #expect(try await load.root()?.id == "root")
        #expect(try await Self.untilRead(load) { try await load.childCount(ofID: "root") == 1 })
        let a = try #require(try await load.children(ofID: "root", in: 0..<1).first)
        #expect(a.id == "#1")
        #expect(a.title == "A")
        #expect(try await Self.untilRead(load) { try await load.childCount(ofID: "#1") == 1 })

        feeder.write(#"{"title": "a2"}], "id": "a"}, {"title": "B"}]}"#)
        feeder.close()
        #expect(await recorder.until { $0.last == .progress(nil) })
        #expect(recorder.all.contains(.appended(parentID: "#1", count: 2)))
        #expect(recorder.all.contains(.appended(parentID: "root", count: 2)))
        #expect(recorder.all.contains(.updated(id: "#1")))
        let shown = try #require(try await load.node(withID: "#1"))
        #expect(shown.id == "#1")
        #expect(try await load.node(withID: "a")?.title == "A")
        #expect(try await load.children(ofID: "#1", in: 0..<5).map(\.title) == ["a1", "a2"])
        #expect(try await load.children(ofID: "root", in: 0..<5).map(\.title) == ["A", "B"])
    }

    @Test func anErrorAfterTheFirstScreenKeepsWhatWasRead() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let feeder = try FIFOFeeder(path: directory.path + "/broken.json")
        defer { feeder.close() }
        feeder.write("[" + Self.items(0..<20) + ",")
        guard case .reading(let load) = try await Self.open(feeder.path) else {
            Issue.record("a document that never ends was read to its end")
            return
        }
        let recorder = Recorder(load.changes())
        let root = try #require(try await load.root())
        #expect(root.id == ".")
        #expect(root.title == "big.json")
        feeder.write(#"{"title": "Item 20",}]"#)
        feeder.close()
        #expect(try await Self.untilRead(load) { load.failure != nil })
        #expect(load.failure?.code == .malformed)
        #expect(load.failure?.line == 1)
        #expect(
            await recorder.until {
                $0.contains {
                    if case .progress(let note?) = $0 { note.contains("invalid JSON") } else { false }
                }
            })
        #expect(try await load.childCount(ofID: ".") == 20)
        #expect(try await load.children(ofID: ".", in: 19..<20).map(\.title) == ["Item 19"])
    }

    @Test func aSmallDocumentIsReadBeforeItIsShown() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.file("small.json", text: #"[{"title": "Only"}]"#)
        // The grace period never ends on a clock that stands still: the read ends first, however slow.
        let clock = TestClock()
        guard case .finished(let source) = try await Self.open(directory.path + "/small.json", clock: clock) else {
            Issue.record("a small document was handed out while read")
            return
        }
        // As `print` reads it: a single item in an array is the root.
        #expect(try await source.root()?.title == "Only")
        try directory.file("bad.json", text: #"{"title": "x",}"#)
        await #expect(throws: HierarchySourceError.self) {
            try await Self.open(directory.path + "/bad.json", clock: clock)
        }
    }

    /// Nothing waits for real time: the source is handed out when the given clock passes the
    /// grace period, and views hear of the growth at each tick of that clock.
    @Test func theGracePeriodAndTheReportsRunOnTheGivenClock() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let feeder = try FIFOFeeder(path: directory.path + "/big.json")
        defer { feeder.close() }
        feeder.write(#"{"title": "Big", "children": ["# + Self.items(0..<10) + ",")
        let clock = TestClock()
        let opening = Task { try await Self.open(feeder.path, clock: clock) }
        // The grace period and the first report's tick.
        await clock.waitForSleepers(count: 2)
        clock.advance(by: .milliseconds(250))
        guard case .reading(let load) = try await opening.value else {
            Issue.record("a document that never ends was read to its end")
            return
        }
        let recorder = Recorder(load.changes())
        let root = try #require(try await load.root())
        #expect(try await Self.untilRead(load) { try await load.childCount(ofID: root.id) == 10 })
        feeder.write(Self.items(10..<30) + ",")
        #expect(try await Self.untilRead(load) { try load.search("Item 29", from: 0, limit: 1).nodes.count == 1 })
        await clock.waitForSleepers(count: 1)
        clock.advance(by: DocumentLoad.reportInterval)
        #expect(await recorder.until { $0.contains(.appended(parentID: root.id, count: 30)) })
        feeder.write(Self.items(30..<40) + "]}")
        feeder.close()
        #expect(await recorder.until { $0.last == .progress(nil) })
        #expect(try await load.childCount(ofID: root.id) == 40)
        #expect(clock.sleeperCount == 0)
    }

    @Test func progressText() {
        #expect(DocumentLoad.progressText(bytes: 12_345_678, of: 25_900_000) == "reading 12.3 MB of 25.9 MB")
        #expect(DocumentLoad.progressText(bytes: 0, of: nil) == "reading 0.0 MB")
    }
}
