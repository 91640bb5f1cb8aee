import Benchmark
import Foundation
import HierarchySQLite
import HierarchySources
import Synchronization

/// Benchmarks of the SQLite store on a generated hierarchy.
///
/// `HIERARCHY_SQLITE_BENCH_DB` names an existing store made by `hierarchy
/// generate` (for example 10,000,000 items: `hierarchy generate --nodes 10000000
/// --depth 8 --into DB`, with `HIERARCHY_SQLITE_BENCH_NODES=10000000` telling
/// its size, which picks the deepest item and a middle one). Without it, a store of `HIERARCHY_SQLITE_BENCH_NODES`
/// items (1,000,000 by default; 8 levels, seed 1) is generated once into the
/// temporary directory and reused while present. Nothing is written into the package.

/// The path of the benchmark store: the named one, or a generated one.
private func benchmarkStore(nodes: Int) async throws -> String {
    if let named = ProcessInfo.processInfo.environment["HIERARCHY_SQLITE_BENCH_DB"], !named.isEmpty {
        return named
    }
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("hierarchykit-sqlite-bench-\(nodes).db").path
    if FileManager.default.fileExists(atPath: path), (try? SQLiteSource(path: path, buildsSearchPrefixes: false)) != nil
    {
        try SQLiteSearchPrefixes.build(path: path)
        return path
    }
    try await SQLiteImporter(destination: URL(fileURLWithPath: path), replace: true)
        .generate(SyntheticHierarchy(nodes: nodes, levels: 8, seed: 1))
    // The queries are measured on a finished store, short prefixes indexed.
    try SQLiteSearchPrefixes.build(path: path)
    return path
}

/// What the query benchmarks ask for, found once per store.
private struct Targets: Sendable {
    var largestParent: String
    var deepest: String
    var serial: String
    /// A site name in the footnotes: a word held by about 1 item in 4,096.
    var site: String
}

private func targets(_ source: SQLiteSource, nodes: Int) async throws -> Targets {
    // The last key is on the deepest level. The largest parent is named by
    // `HIERARCHY_SQLITE_BENCH_PARENT`, or else the largest within two levels of
    // the root's first pages (each benchmark runs in its own process, so this
    // search must stay short).
    if let named = ProcessInfo.processInfo.environment["HIERARCHY_SQLITE_BENCH_PARENT"], !named.isEmpty {
        let middle = try await source.node(withID: "n\(nodes / 2)")
        return Targets(
            largestParent: named, deepest: "n\(nodes - 1)",
            serial: middle?.title.split(separator: " ").last.map(String.init) ?? "",
            site: middle?.footnote?.split(separator: " ").first.map(String.init) ?? "")
    }
    var largest = try await source.root()
    var frontier = largest.map { [$0] } ?? []
    for _ in 0..<2 {
        var next: [HierarchyNode] = []
        for node in frontier {
            let children = try await source.children(ofID: node.id, in: 0..<200)
            for child in children where (child.childCount ?? 0) > (largest?.childCount ?? 0) { largest = child }
            next += children
        }
        frontier = next
    }
    let middle = try await source.node(withID: "n\(nodes / 2)")
    return Targets(
        largestParent: largest?.id ?? "n0", deepest: "n\(nodes - 1)",
        serial: middle?.title.split(separator: " ").last.map(String.init) ?? "",
        site: middle?.footnote?.split(separator: " ").first.map(String.init) ?? "")
}

/// The store and targets shared by the benchmarks of one process, set up by `prepare`.
private final class SharedStore: Sendable {
    let state = Mutex<(source: SQLiteSource?, targets: Targets)>(
        (nil, Targets(largestParent: "n0", deepest: "n0", serial: "", site: "")))

    var source: SQLiteSource? { state.withLock { $0.source } }

    /// Opens the store and finds the targets, once per process (the benchmark
    /// harness runs each benchmark in a process of its own).
    func prepare(nodes: Int) async throws {
        guard source == nil else { return }
        let path = try await benchmarkStore(nodes: nodes)
        let opened = try SQLiteSource(path: path)
        let found = try await SQLiteBenchmarks.targets(opened, nodes: nodes)
        state.withLock { $0 = (opened, found) }
    }
    var targets: Targets { state.withLock { $0.targets } }
}

let benchmarks: @Sendable () -> Void = {
    let nodes = Int(ProcessInfo.processInfo.environment["HIERARCHY_SQLITE_BENCH_NODES"] ?? "") ?? 1_000_000
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .microseconds,
        maxDuration: .seconds(5), maxIterations: 10_000)

    let shared = SharedStore()

    let prepared: Benchmark.Configuration = .init(setup: { try await shared.prepare(nodes: nodes) })

    Benchmark("SQLite open + root", configuration: prepared) { benchmark in
        guard let path = shared.source?.path else { return }
        for _ in benchmark.scaledIterations {
            let opened = try SQLiteSource(path: path)
            blackHole(try await opened.root())
        }
    }

    Benchmark("SQLite page of 100 children of the largest parent", configuration: prepared) { benchmark in
        guard let source = shared.source else { return }
        let target = shared.targets
        for _ in benchmark.scaledIterations {
            blackHole(try await source.children(ofID: target.largestParent, in: 0..<100))
        }
    }

    // One indexed seek: what browsing asks for every item it opens (the cost of a read itself).
    Benchmark("SQLite child count of the largest parent", configuration: prepared) { benchmark in
        guard let source = shared.source else { return }
        let target = shared.targets
        for _ in benchmark.scaledIterations {
            blackHole(try await source.childCount(ofID: target.largestParent))
        }
    }

    Benchmark("SQLite path to root of a deepest item", configuration: prepared) { benchmark in
        guard let source = shared.source else { return }
        let target = shared.targets
        for _ in benchmark.scaledIterations {
            blackHole(try await source.path(toID: target.deepest))
        }
    }

    // Type-select: the last child's whole title typed with the focus on the first child. Past
    // the first rows the store asks its full-text index (a store without it walks the column).
    Benchmark("SQLite type-select of the last child of the largest parent", configuration: prepared) { benchmark in
        guard let source = shared.source else { return }
        let parent = shared.targets.largestParent
        let count = try await source.childCount(ofID: parent)
        guard count > 0, let last = try await source.children(ofID: parent, in: (count - 1)..<count).first else {
            return
        }
        for _ in benchmark.scaledIterations {
            blackHole(try await source.indexOfChild(ofID: parent, titlePrefix: last.title, from: 0))
        }
    }

    Benchmark("SQLite full-text search (one match)", configuration: prepared) { benchmark in
        guard let source = shared.source else { return }
        let target = shared.targets
        for _ in benchmark.scaledIterations {
            blackHole(try await source.search(target.serial + " ", in: 0..<20))
        }
    }

    Benchmark("SQLite full-text search, first page (word in every item)", configuration: prepared) { benchmark in
        guard let source = shared.source else { return }
        for _ in benchmark.scaledIterations {
            blackHole(try await source.search("area ", in: 0..<20))
        }
    }

    Benchmark("SQLite full-text search, first page (site word as typed, prefix)", configuration: prepared) {
        benchmark in
        guard let source = shared.source else { return }
        let target = shared.targets
        for _ in benchmark.scaledIterations {
            blackHole(try await source.search(target.site, in: 0..<20))
        }
    }

    Benchmark("SQLite full-text search, first page (common word as typed, prefix)", configuration: prepared) {
        benchmark in
        guard let source = shared.source else { return }
        for _ in benchmark.scaledIterations {
            blackHole(try await source.search("pump", in: 0..<20))
        }
    }

    // Search as you type: the first page of a one-, two- and three-letter prefix (the prefix
    // indexes of schema version 2; a version 1 store merges every word with the prefix).
    for prefix in ["p", "pu", "pum", "v", "va"] {
        Benchmark("SQLite full-text search, first page (prefix \"\(prefix)\" as typed)", configuration: prepared) {
            benchmark in
            guard let source = shared.source else { return }
            for _ in benchmark.scaledIterations {
                blackHole(try await source.search(prefix, in: 0..<20))
            }
        }
    }

    // The terminal list's search as you type: the first streamed batch of list rows (results
    // with their paths), as `hierarchy list STORE` shows them, for one- and two-letter prefixes.
    for prefix in ["p", "pu", "v"] {
        Benchmark("SQLite list search, first streamed batch (prefix \"\(prefix)\")", configuration: prepared) {
            benchmark in
            guard let source = shared.source else { return }
            let query = HierarchyListQuery(source: source)
            for _ in benchmark.scaledIterations {
                for try await batch in query.searchBatches(prefix, in: 0..<50) {
                    blackHole(batch)
                    break
                }
            }
        }
    }

    Benchmark(
        "SQLite import (generate) 1,000,000 items",
        configuration: .init(metrics: [.wallClock, .cpuTotal, .peakMemoryResident], maxIterations: 3)
    ) { benchmark in
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchykit-import-bench.db")
        for _ in benchmark.scaledIterations {
            let summary = try await SQLiteImporter(destination: path, replace: true)
                .generate(SyntheticHierarchy(nodes: 1_000_000, levels: 8, seed: 2))
            // To a finished store: the short prefixes the importer leaves for later included.
            blackHole(try SQLiteSearchPrefixes.build(path: path.path))
            blackHole(summary)
        }
        try? FileManager.default.removeItem(at: path)
    }
}
