import Foundation
import HierarchyFileSystem
import HierarchySources
import Testing

@testable import HierarchySQLite

/// Times the first page of the list floorplan after a keystroke (once the debounce elapsed): the
/// search with the paths of its results, and the first page of the breadth-first list.
///
/// Runs only when `HIERARCHY_LIST_TIMING_DB` names a store made by `hierarchy generate` and/or
/// `HIERARCHY_LIST_TIMING_DIR` names a directory tree; prints the median and worst of 20 runs of
/// each query (a fresh query object per run, so no walk is reused). The search without paths is
/// timed too, so that the list's own cost (one path query per result) shows apart from the store's.
@Suite("List query timing", .serialized)
struct ListQueryTimingTests {
    static let environment = ProcessInfo.processInfo.environment

    static func measure(_ name: String, runs: Int = 20, _ body: () async throws -> Int) async throws -> Duration {
        _ = try await body()  // warm the page cache
        var times: [Duration] = []
        var count = 0
        for _ in 0..<runs {
            let start = ContinuousClock.now
            count = try await body()
            times.append(ContinuousClock.now - start)
        }
        times.sort()
        let median = times[times.count / 2]
        print("timing \(name): \(count) rows, median \(median), worst \(times.last ?? .zero)")
        return median
    }

    @Test(.enabled(if: environment["HIERARCHY_LIST_TIMING_DB"] != nil))
    func firstPageOnADatabase() async throws {
        let path = try #require(Self.environment["HIERARCHY_LIST_TIMING_DB"])
        let source = try SQLiteSource(path: path)
        for text in ["pump", "pump 0k", "Hamburg"] {
            let bare = try await Self.measure("database search \"\(text)\" without paths") {
                try await source.search(text, in: 0..<50).count
            }
            let median = try await Self.measure("database search \"\(text)\"") {
                try await HierarchyListQuery(source: source).search(text, in: 0..<50).count
            }
            // The list's own cost (the paths of a page) stays small; the search itself is the store's.
            #expect(median - bare < .milliseconds(50))
        }
        let median = try await Self.measure("database list first page") {
            try await HierarchyListQuery(source: source).items(in: 0..<50).count
        }
        #expect(median < .milliseconds(50))
    }

    /// The time from the start of a search to its first streamed batch of list rows (what the
    /// terminal list shows first), p50 and p95 of `runs` runs after one warm-up run.
    static func firstBatch(_ name: String, runs: Int, _ stream: () -> AsyncThrowingStream<[HierarchyListItem], Error>)
        async throws -> (p50: Duration, p95: Duration)
    {
        var times: [Duration] = []
        var rows = 0
        for run in 0...runs {
            let start = ContinuousClock.now
            for try await batch in stream() {
                rows = batch.count
                break
            }
            if run > 0 { times.append(ContinuousClock.now - start) }
        }
        times.sort()
        let p50 = times[times.count / 2]
        let p95 = times[min(times.count - 1, times.count * 95 / 100)]
        print("timing \(name): first batch of \(rows) rows, p50 \(p50), p95 \(p95), worst \(times.last ?? .zero)")
        return (p50, p95)
    }

    @Test(.enabled(if: environment["HIERARCHY_LIST_TIMING_DB"] != nil))
    func firstStreamedBatchOfAShortPrefixOnADatabase() async throws {
        let path = try #require(Self.environment["HIERARCHY_LIST_TIMING_DB"])
        let source = try SQLiteSource(path: path)
        for text in ["p", "pu", "v", "va"] {
            // A fresh query each run, as each keystroke starts a new search.
            let (_, p95) = try await Self.firstBatch("database streamed search \"\(text)\"", runs: 100) {
                HierarchyListQuery(source: source).searchBatches(text, in: 0..<50)
            }
            #expect(p95 < .milliseconds(100), "\(text)")
        }
    }

    @Test(.enabled(if: environment["HIERARCHY_LIST_TIMING_DIR"] != nil))
    func firstPageOnADirectoryTree() async throws {
        let path = try #require(Self.environment["HIERARCHY_LIST_TIMING_DIR"])
        for text in ["part-0000", "part-1999", "unit-09"] {
            // A fresh source each run: nothing cached from the last scan.
            _ = try await Self.measure("directory search \"\(text)\"", runs: 5) {
                let source = FileSystemSource(root: path)
                return try await HierarchyListQuery(source: source).search(text, in: 0..<50).count
            }
        }
        for text in ["part-0000", "unit-09"] {
            _ = try await Self.firstBatch("directory streamed search \"\(text)\"", runs: 5) {
                HierarchyListQuery(source: FileSystemSource(root: path)).searchBatches(text, in: 0..<50)
            }
        }
        _ = try await Self.measure("directory list first page", runs: 5) {
            let source = FileSystemSource(root: path)
            return try await HierarchyListQuery(source: source).items(in: 0..<50).count
        }
    }
}
