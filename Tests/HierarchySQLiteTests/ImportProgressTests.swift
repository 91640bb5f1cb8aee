import Testing

@testable import HierarchySQLite

@Suite("ImportProgress")
struct ImportProgressTests {
    @Test("a bar with the bytes read of the total, items per second and the time left")
    func barWithTotal() {
        let progress = ImportProgress(
            phase: .reading, items: 1_000_000, bytesRead: 12_950_000, totalBytes: 25_900_000, elapsed: .seconds(2))
        #expect(
            progress.line(width: 120)
                == "reading [############............] 50% 13.0 MB of 25.9 MB · 1,000,000 items · 500,000 items/s · ETA 0:02"
        )
    }

    @Test("without a known size: no bar, no time left")
    func withoutTotal() {
        let progress = ImportProgress(phase: .reading, items: 1_234, bytesRead: 1_200_000, elapsed: .milliseconds(500))
        #expect(progress.line(width: 80) == "reading 1.2 MB · 1,234 items · 2,468 items/s")
    }

    @Test("cut to the width; later phases name the phase")
    func widthAndPhases() {
        let progress = ImportProgress(
            phase: .reading, items: 10, bytesRead: 5, totalBytes: 10, elapsed: .seconds(1))
        #expect(progress.line(width: 20).count == 20)
        #expect(progress.line(width: 0).isEmpty)
        #expect(ImportProgress(phase: .indexing, items: 42).line(width: 80) == "indexing 42 items")
    }

    @Test("clock and grouping")
    func formatting() {
        #expect(ImportProgress.clock(3) == "0:03")
        #expect(ImportProgress.clock(754) == "12:34")
        #expect(ImportProgress.clock(3723) == "1:02:03")
        #expect(ImportProgress.grouped(0) == "0")
        #expect(ImportProgress.grouped(999) == "999")
        #expect(ImportProgress.grouped(1_000) == "1,000")
        #expect(ImportProgress.grouped(1_234_567) == "1,234,567")
    }
}
