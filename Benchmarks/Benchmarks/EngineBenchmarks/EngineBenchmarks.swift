import Benchmark
import Foundation
import HierarchyKit

/// A data source with one parent of `count` children whose uuids are computed.
@MainActor
final class VirtualDataSource: @MainActor HierarchyViewDataSource {
    var count: Int
    init(count: Int) { self.count = count }
    func rootUUID(in hierarchyView: HierarchyView) -> String? { "root" }
    func hierarchyView(_ hierarchyView: HierarchyView, numberOfChildrenForItemWith uuid: String) -> Int {
        uuid == "root" ? count : 0
    }
    func hierarchyView(_ hierarchyView: HierarchyView, uuidForChildItemAt index: Int, with parentUUID: String) -> String
    {
        "c\(index)"
    }
}

func variedHeights(_ n: Int) -> [Double] {
    (0..<n).map { Double(($0 &* 2_654_435_761) % 5 + 1) }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 1_000)

    for n in [1_000, 100_000, 10_000_000] {
        let heights = variedHeights(n)
        let layout = ColumnLayout(heights: heights, spacing: 1)
        let middle = layout.contentHeight / 2
        Benchmark("Visible rect query, \(n) rows, indexed") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(layout.frames(from: middle, to: middle + 60, width: 300))
            }
        }
        Benchmark(
            "Visible rect query, \(n) rows, naive full layout",
            configuration: .init(maxDuration: .seconds(3), maxIterations: n >= 10_000_000 ? 5 : 200)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(
                    ColumnLayout.naiveFrames(heights: heights, spacing: 1, from: middle, to: middle + 60, width: 300))
            }
        }
    }

    /// The view lives on the main actor: the benchmark hops there for each run, and measures
    /// the opening once there (what a face on the main actor pays); the hop alone and the two
    /// together are measured beside it.
    @MainActor func openColumn() {
        let source = VirtualDataSource(count: 10_000_000)
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 200, height: 60)))
        view.dataSource = source
        view.layoutIfNeeded()
        blackHole(view.snapshot().columns.count)
    }

    Benchmark("Open a column of 10,000,000 children") { benchmark async in
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { openColumn() }
            benchmark.stopMeasurement()
        }
    }

    Benchmark("Open a column of 10,000,000 children, with the hop to the main actor") { benchmark async in
        for _ in benchmark.scaledIterations { await MainActor.run { openColumn() } }
    }

    Benchmark("Hop to the main actor") { benchmark async in
        for _ in benchmark.scaledIterations { await MainActor.run { blackHole(0) } }
    }

    Benchmark("Insert 10,000 children into a column of 1,000,000", configuration: .init(maxIterations: 200)) {
        benchmark async in
        // The view needs the main actor.
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            let source = VirtualDataSource(count: 1_000_000)
            let view = HierarchyView(
                layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 200, height: 60)))
            view.dataSource = source
            view.layoutIfNeeded()
            var indexes = IndexSet()
            for i in 0..<10_000 { indexes.insert(i * 101) }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                source.count += 10_000
                view.insertChildren(of: "root", at: indexes)
            }
            benchmark.stopMeasurement()
            blackHole(view.numberOfColumns)
        }
    }
}
