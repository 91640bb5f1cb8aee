import Foundation
import HierarchyDocuments
import HierarchySources
import HierarchyTestSupport
import ListFloorplan
import Synchronization
import Testing

@testable import TerminalUI

/// A search typed while a document is still read: its results keep arriving as the read goes
/// on, and end with the whole result set when it ends. The document comes through a named pipe
/// a step at a time, so the test decides when the read continues.
/// The titles a stream of search batches brought, collected as they come.
final class Collected: Sendable {
    final class Box: Sendable {
        let state = Observed<(titles: [String], ended: Bool, failure: String?)>(([], false, nil))
    }

    private let box = Box()
    private let task: Task<Void, Never>

    init(_ stream: AsyncThrowingStream<[HierarchyListItem], Error>) {
        let box = self.box
        task = Task {
            do {
                for try await batch in stream { box.state.withLock { $0.titles += batch.map(\.node.title) } }
            } catch {
                box.state.withLock { $0.failure = "\(error)" }
            }
            box.state.withLock { $0.ended = true }
        }
    }

    deinit { task.cancel() }

    var titles: [String] { box.state.value.titles }
    var ended: Bool { box.state.value.ended }
    var failure: String? { box.state.value.failure }

    /// Waits until `condition` holds for what was collected (an event: each batch, the end).
    func until(_ condition: @escaping @Sendable ((titles: [String], ended: Bool, failure: String?)) -> Bool) async
        -> Bool
    {
        await box.state.until(condition)
    }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct SearchFollowsTheReadTests {
    /// Opens a document (opening waits until the root is known; the suite's time limit guards
    /// against a hang).
    nonisolated static func open(_ path: String) async throws -> DocumentLoad.Opened {
        try await DocumentLoad.open(path: path, name: "big.json")
    }

    nonisolated static func items(_ range: Range<Int>) -> String {
        range.map { #"{"title": "Item \#($0)", "children": [{"title": "Leaf \#($0)"}]}"# }.joined(separator: ",")
    }

    /// The titles the list shows.
    static func titles(_ list: ListBrowser<HierarchyListItem, HierarchyListSection>) -> [String] {
        list.viewModel.results(in: .items).map(\.node.title)
    }

    /// Types a search and lets the debounce fire.
    static func type(_ text: String, into list: ListBrowser<HierarchyListItem, HierarchyListSection>, clock: TestClock)
    {
        for c in text { _ = list.handle([.key(KeyEvent(.character(c)))]) }
        clock.advance(by: .milliseconds(250))
    }

    /// Runs `body` over a document read through a FIFO that has 200 items so far and goes on
    /// as the test writes to the feeder; the feeder is closed and its folder removed after.
    static func whileReading(_ name: String, _ body: (FIFOFeeder, DocumentLoad) async throws -> Void) async throws {
        let directory = try ScratchDirectory.make(name)
        let feeder = try FIFOFeeder(path: directory.path + "/big.json")
        defer {
            feeder.close()
            try? FileManager.default.removeItem(at: directory)
        }
        feeder.write(#"{"title": "Big", "children": ["# + items(0..<200) + ",")
        guard case .reading(let load) = try await open(feeder.path) else {
            Issue.record("a document that never ends was read to its end")
            return
        }
        try await body(feeder, load)
    }

    @Test func resultsOfASearchTypedDuringTheReadArriveAsTheReadGoesOn() async throws {
        try await Self.whileReading("search-follows") { feeder, load in
            let clock = TestClock()
            let list = ListBrowser.hierarchy(
                HierarchyListQuery(source: load), title: "big.json", palette: .monochrome,
                columns: 80, rows: 30, clock: clock)
            list.start()
            await list.finishPendingWork()
            Self.type("needle", into: list, clock: clock)
            // Nothing read so far matches; the search keeps waiting for the read.
            #expect(await redrawn(list) { list.render().plainText.contains("searching") })
            #expect(Self.titles(list).isEmpty)

            feeder.write(#"{"title": "Needle one"},"# + Self.items(200..<300) + ",")
            #expect(await redrawn(list) { Self.titles(list) == ["Needle one"] })
            #expect(list.viewModel.state != .finished, "the search stopped while the read goes on")

            feeder.write(#"{"title": "Other", "subtitle": "a needle too"},"# + Self.items(300..<400) + ",")
            #expect(await redrawn(list) { Self.titles(list) == ["Needle one", "Other"] })

            feeder.write(#"{"title": "Needle three"}]}"#)
            feeder.close()
            #expect(await redrawn(list) { list.viewModel.state == .finished })
            #expect(Self.titles(list) == ["Needle one", "Other", "Needle three"])
            #expect(!load.isReading)
            // Typed again once read: the same results, in the same order.
            _ = list.handle([.key(KeyEvent(.backspace))])
            Self.type("e", into: list, clock: clock)
            await list.finishPendingWork()
            #expect(await redrawn(list) { list.viewModel.state == .finished && Self.titles(list).count == 3 })
            #expect(Self.titles(list) == ["Needle one", "Other", "Needle three"])
        }
    }

    @Test func aPageOfResultsFillsAsTheReadGoesOnAndTheNextPageContinuesIt() async throws {
        try await Self.whileReading("search-follows-pages") { feeder, load in
            let query = HierarchyListQuery(source: load)
            // A page of 3 while 2 matches are read: the page waits for the third.
            feeder.write(#"{"title": "Match 0"}, {"title": "Match 1"},"#)
            let first = Collected(query.searchBatches("match", in: 0..<3))
            #expect(await first.until { $0.titles == ["Match 0", "Match 1"] })
            #expect(!first.ended)
            feeder.write((2..<6).map { #"{"title": "Match \#($0)"}"# }.joined(separator: ",") + ",")
            #expect(await first.until { $0.ended })
            #expect(first.titles == ["Match 0", "Match 1", "Match 2"])
            // The next page starts where the first ended, while the read still goes on.
            let next = Collected(query.searchBatches("match", in: 3..<10))
            #expect(await next.until { $0.titles == ["Match 3", "Match 4", "Match 5"] })
            #expect(!next.ended)
            feeder.write(#"{"title": "Match 6"}]}"#)
            feeder.close()
            #expect(await next.until { $0.ended })
            #expect(next.titles == ["Match 3", "Match 4", "Match 5", "Match 6"])
            #expect(next.failure == nil)
            #expect(!load.isReading)
        }
    }
}
