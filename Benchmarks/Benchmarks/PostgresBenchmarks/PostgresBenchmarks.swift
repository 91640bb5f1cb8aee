import Benchmark
import Foundation
import HierarchyPostgres
import HierarchySources
import Synchronization

/// Benchmarks of the PostgreSQL store.
///
/// `HIERARCHY_PG_BENCH_URL` names a store made by `hierarchy generate --nodes N --depth 6 --into
/// postgres://…` and `HIERARCHY_PG_BENCH_NODES` its size (10,000,000 for the figures in
/// docs/performance.md). Without the URL every benchmark is skipped: the harness never starts a
/// server. The change-latency benchmark adds and deletes an item under the root.

/// The store shared by the benchmarks of one process.
private final class SharedStore: Sendable {
    let state = Mutex<(source: PostgresSource?, largestParent: String)>((nil, "n0"))

    var source: PostgresSource? { state.withLock { $0.source } }
    var largestParent: String { state.withLock { $0.largestParent } }

    func prepare() async throws {
        guard source == nil, let text = ProcessInfo.processInfo.environment["HIERARCHY_PG_BENCH_URL"] else { return }
        let opened = try await PostgresSource.open(try PostgresStoreURL(text))
        var largest = try await opened.root()
        for child in try await opened.children(ofID: largest?.id ?? "n0", in: 0..<200)
        where (child.childCount ?? 0) > (largest?.childCount ?? 0) {
            largest = child
        }
        state.withLock { $0 = (opened, largest?.id ?? "n0") }
    }
}

let benchmarks: @Sendable () -> Void = {
    let nodes = Int(ProcessInfo.processInfo.environment["HIERARCHY_PG_BENCH_NODES"] ?? "") ?? 10_000_000
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 10_000)
    let shared = SharedStore()
    let prepared: Benchmark.Configuration = .init(setup: { try await shared.prepare() })

    Benchmark("PostgreSQL page of 100 children at a random offset", configuration: prepared) { benchmark in
        guard let source = shared.source else { return }
        let parent = shared.largestParent
        let count = try await source.childCount(ofID: parent)
        for _ in benchmark.scaledIterations {
            let start = Int.random(in: 0..<max(1, count - 100))
            blackHole(try await source.children(ofID: parent, in: start..<(start + 100)))
        }
    }

    Benchmark("PostgreSQL child count", configuration: prepared) { benchmark in
        guard let source = shared.source else { return }
        for _ in benchmark.scaledIterations {
            blackHole(try await source.childCount(ofID: "n\(Int.random(in: 0..<nodes))"))
        }
    }

    Benchmark("PostgreSQL path to root of a random item", configuration: prepared) { benchmark in
        guard let source = shared.source else { return }
        for _ in benchmark.scaledIterations {
            blackHole(try await source.path(toID: "n\(Int.random(in: 0..<nodes))"))
        }
    }

    for query in ["p", "pu", "pump", "pump 0k", "kalomi"] {
        Benchmark("PostgreSQL search, first page: \(query)", configuration: prepared) { benchmark in
            guard let source = shared.source else { return }
            for _ in benchmark.scaledIterations {
                blackHole(try await source.search(query, in: 0..<20))
            }
        }
    }

    Benchmark("PostgreSQL 32 concurrent readers, page of 100", configuration: prepared) { benchmark in
        guard let source = shared.source else { return }
        let parent = shared.largestParent
        let count = try await source.childCount(ofID: parent)
        for _ in benchmark.scaledIterations {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<32 {
                    group.addTask {
                        let start = Int.random(in: 0..<max(1, count - 100))
                        blackHole(try await source.children(ofID: parent, in: start..<(start + 100)))
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    Benchmark("PostgreSQL change seen by a listener", configuration: prepared) { benchmark in
        guard let source = shared.source, let text = ProcessInfo.processInfo.environment["HIERARCHY_PG_BENCH_URL"] else { return }
        let editor = try await PostgresSource.open(try PostgresStoreURL(text))
        var changes = source.changes().makeAsyncIterator()
        while !source.isListening { try await Task.sleep(for: .milliseconds(10)) }
        for _ in benchmark.scaledIterations {
            let added = try await editor.addItem(parentID: "n0", title: "Benchmark item", id: nil, position: 0)
            while let change = await changes.next() {
                if case .inserted(let id, _, _) = change, id == added.id { break }
            }
            _ = try await editor.deleteItem(id: added.id)
        }
        await editor.close()
    }
}
