import Foundation
import GRDB
import HierarchySources
import Testing

@testable import HierarchySQLite

/// Times the browsing queries on a large generated store.
///
/// Runs only when `HIERARCHY_SQLITE_TIMING_DB` names a store made by
/// `hierarchy generate` (for example 10,000,000 items); prints the median and
/// worst of each query over 50 runs and checks each median stays under 5 ms.
@Suite("SQLite query timing", .enabled(if: ProcessInfo.processInfo.environment["HIERARCHY_SQLITE_TIMING_DB"] != nil))
struct SQLiteQueryTimingTests {
    static func measure(_ name: String, runs: Int = 50, _ body: () async throws -> Void) async throws -> Duration {
        try await body()  // warm the page cache
        var times: [Duration] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try await body()
            times.append(ContinuousClock.now - start)
        }
        times.sort()
        let median = times[times.count / 2]
        print("timing \(name): median \(median), worst \(times.last ?? .zero)")
        return median
    }

    @Test("open, page of the largest parent, deepest path, search: each under 5 ms")
    func timings() async throws {
        let path = try #require(ProcessInfo.processInfo.environment["HIERARCHY_SQLITE_TIMING_DB"])
        // Setup queries (full scans) on a separate connection.
        let setup = try DatabaseQueue(
            path: path,
            configuration: {
                var c = Configuration()
                c.readonly = true
                return c
            }())
        let (largest, largestCount, deepest, items, site) = try await setup.read { db in
            let largest = try Row.fetchOne(
                db, sql: "SELECT id, child_count FROM item ORDER BY child_count DESC LIMIT 1")
            let deepest = try String.fetchOne(db, sql: "SELECT id FROM item ORDER BY key DESC LIMIT 1")
            let items = try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? 0
            let footnote = try String.fetchOne(db, sql: "SELECT footnote FROM item WHERE key = 12345") ?? ""
            return (
                largest?[0] as String? ?? "", largest?[1] as Int? ?? 0, deepest ?? "", items,
                String(footnote.split(separator: " ").first ?? "")
            )
        }
        try setup.close()
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
        print("timing store: \(items) items, \(size) bytes, \(size / Int64(max(items, 1))) bytes/item")
        print("timing largest parent \(largest) has \(largestCount) children; deepest item \(deepest)")

        var medians: [String: Duration] = [:]
        medians["open + root"] = try await Self.measure("open + root") {
            let source = try SQLiteSource(path: path)
            _ = try #require(try await source.root())
        }
        let source = try SQLiteSource(path: path)
        medians["first page (100) of largest parent"] = try await Self.measure("first page (100) of largest parent") {
            let page = try await source.children(ofID: largest, in: 0..<100)
            #expect(page.count == min(100, largestCount))
        }
        var next = 100
        medians["next page (keyset)"] = try await Self.measure("next page (keyset)") {
            let page = try await source.children(ofID: largest, in: next..<(next + 100))
            next = page.isEmpty ? 0 : next + page.count
        }
        medians["jump to middle page"] = try await Self.measure("jump to middle page") {
            _ = try await source.children(ofID: largest, in: (largestCount / 2)..<(largestCount / 2 + 100))
        }
        medians["path to root of deepest"] = try await Self.measure("path to root of deepest") {
            let path = try await source.path(toID: deepest)
            #expect(path.count > 1)
        }
        medians["index of child"] = try await Self.measure("index of child") {
            _ = try await source.index(
                ofChildID: deepest, inParentID: try #require(try await source.parent(ofID: deepest)).id)
        }
        let serial = String(SyntheticHierarchy.serial(4_242_424 % Int64(max(items, 1))))
        medians["search serial (1 match)"] = try await Self.measure("search serial (1 match)") {
            let found = try await source.search(serial, in: 0..<20)
            #expect(found.count == 1)
        }
        let siteCount = try await source.searchCount(site + " ")
        medians["search site word, exact (\(siteCount) matches)"] = try await Self.measure(
            "search site word, exact (\(siteCount) matches)"
        ) {
            let found = try await source.search(site + " ", in: 0..<20)
            #expect(found.count == 20)
        }
        medians["search site word as typed (prefix)"] = try await Self.measure("search site word as typed (prefix)") {
            let found = try await source.search(site, in: 0..<20)
            #expect(found.count == 20)
        }
        medians["search word in every item, exact"] = try await Self.measure("search word in every item, exact") {
            let found = try await source.search("area ", in: 0..<20)
            #expect(found.count == 20)
        }
        medians["search common word as typed (pump, prefix)"] = try await Self.measure(
            "search common word as typed (pump, prefix)"
        ) {
            let found = try await source.search("pump", in: 0..<20)
            #expect(found.count == 20)
        }
        medians["search common word, 10th page"] = try await Self.measure("search common word, 10th page") {
            let found = try await source.search("pump", in: 180..<200)
            #expect(found.count == 20)
        }
        // Reported, not bounded: the prefix tier merges every indexed word with the prefix.
        for text in ["pum", "p", site + " area 7", site + " area 7 "] {
            _ = try await Self.measure("search \"\(text)\" (not bounded)", runs: 5) {
                _ = try await source.search(text, in: 0..<20)
            }
        }
        for (name, median) in medians {
            #expect(median < .milliseconds(5), "\(name): \(median)")
        }
    }
}
