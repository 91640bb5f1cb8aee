import Benchmark
import ListFloorplan

/// A list row: identity is `id`, equality also compares `title`.
struct Row: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
}

enum OneSection: Hashable, CaseIterable, Sendable {
    case all
}

/// `count` rows with ids `0..<count`.
func rows(_ count: Int) -> [Row] {
    (0..<count).map { Row(id: $0, title: "Row \($0)") }
}

/// The old rows with 1% removed, 1% inserted, 1% retitled and 10 moved far away.
func editedRows(_ old: [Row]) -> [Row] {
    var new = old.filter { $0.id % 100 != 7 }
    for index in stride(from: 0, to: new.count, by: 100) {
        new[index].title += " (edited)"
        new.insert(Row(id: 1_000_000 + index, title: "New \(index)"), at: index)
    }
    for step in 0..<10 {
        let row = new.remove(at: step * 50)
        new.append(row)
    }
    return new
}

/// Fetches the first page, pages to the end of 10,000 items in pages of 500, then refreshes.
@MainActor
func pageCycle(_ loader: DataLoader<Row>) async -> Int {
    let model = ListViewModel<Row, OneSection>(queries: [.all: loader])
    model.initListPageSize = 500
    model.newListPageSize = 500
    await model.fetchListData().finish()
    while model.footer != .noMoreEntries {
        await model.loadNextPage().finish()
    }
    await model.refresh().finish()
    return model.loadedListItemsCount
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(5),
        maxIterations: 1_000
    )

    let old = ListSnapshot<Row, OneSection>(sections: [.all], items: [rows(10_000)])
    let same = ListSnapshot<Row, OneSection>(sections: [.all], items: [rows(10_000)])
    let edited = ListSnapshot<Row, OneSection>(sections: [.all], items: [editedRows(rows(10_000))])
    let reversed = ListSnapshot<Row, OneSection>(sections: [.all], items: [rows(10_000).reversed()])

    Benchmark("Diff 10,000 items, unchanged") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(old.diff(to: same)) }
    }
    Benchmark("Diff 10,000 items, 3% edited + 10 moves") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(old.diff(to: edited)) }
    }
    Benchmark("Diff 10,000 items, reversed") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(old.diff(to: reversed)) }
    }

    let loader = DataLoader.inMemory(rows(10_000)) { $0.title.contains($1) }
    Benchmark("Page cycle: 20 pages of 500 + refresh, in-memory loader") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(await pageCycle(loader)) }
    }
}
