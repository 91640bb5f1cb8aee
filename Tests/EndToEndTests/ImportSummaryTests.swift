import Testing

@testable import HierarchyCLI
@testable import HierarchySQLite

@Suite struct ImportSummaryTests {
    @Test("A store over 2 GiB reports its size and rate whole")
    func largeStoreSummary() {
        let summary = SQLiteImporter.Summary(
            items: 10_000_000, insertRate: 3_000_000_000, seconds: 61.5, insertSeconds: 40.25, bytes: 2_437_398_528)
        let line = SQLiteCommandOutput.summary(summary, into: "big.db")
        #expect(
            line
                == "10000000 items into big.db in 61.50 s (insert 40.25 s, 3000000000 items/s), 2437398528 bytes (244 bytes/item)"
        )
    }
}
