import Foundation
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
        _ = try await Self.measure("directory list first page", runs: 5) {
            let source = FileSystemSource(root: path)
            return try await HierarchyListQuery(source: source).items(in: 0..<50).count
        }
    }
}
