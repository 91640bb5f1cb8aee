import Benchmark
import Foundation
import HierarchyDocuments
import HierarchySQLite
import HierarchySources

/// Benchmarks of the document readers on generated documents (written once into
/// the temporary directory and reused while present; nothing is written into the package):
/// - wide: one item with 1,000,000 children (`{"title": "Item N"}`), about 25 MB;
/// - deep: 100,000 nested arrays, then 100,000 nested objects.
private func wideDocument() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchykit-wide-1m.json").path
    if FileManager.default.fileExists(atPath: path) { return path }
    var text = #"{"title": "Root", "children": ["#
    text.reserveCapacity(26_000_000)
    for index in 0..<1_000_000 {
        if index > 0 { text += ", " }
        text += #"{"title": "Item \#(index)"}"#
    }
    text += "]}\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

private func deepDocument() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchykit-deep-100k.json").path
    if FileManager.default.fileExists(atPath: path) { return path }
    let depth = 100_000
    let text =
        String(repeating: "[", count: depth) + String(repeating: #"{"k":"#, count: depth) + "1"
        + String(repeating: "}", count: depth) + String(repeating: "]", count: depth)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

/// 16 MB of nesting: 2,000,000 nested arrays, then 2,000,000 nested objects (`{"k":`), then a
/// number: an event every two bytes, each one a level opened or closed.
private func deepLargeDocument() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchykit-deep-2m.json").path
    if FileManager.default.fileExists(atPath: path) { return path }
    let depth = 2_000_000
    let text =
        String(repeating: "[", count: depth) + String(repeating: #"{"k":"#, count: depth) + "1"
        + String(repeating: "}", count: depth) + String(repeating: "]", count: depth)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

/// A store holding a 10,000-deep chain imported from CSV (each row the child of the one before).
private func deepChainStore() async throws -> String {
    let directory = FileManager.default.temporaryDirectory
    let database = directory.appendingPathComponent("hierarchykit-chain-10k.db")
    if FileManager.default.fileExists(atPath: database.path) { return database.path }
    var text = "id,parent_id,title\nn0,,node 0\n"
    for index in 1..<10_000 { text += "n\(index),n\(index - 1),node \(index)\n" }
    let csv = directory.appendingPathComponent("hierarchykit-chain-10k.csv")
    try Data(text.utf8).write(to: csv)
    try await SQLiteImporter(destination: database, replace: true, searchIndex: false).importFile(at: csv)
    return database.path
}

/// A 100 MB document: a root with 400 groups of 10,000 items (`{"title": "Item N"}`), 4,000,401 items.
private func largeDocument() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchykit-doc-100m.json").path
    if FileManager.default.fileExists(atPath: path) { return path }
    var text = #"{"title": "Root", "children": ["# + "\n"
    text.reserveCapacity(108_000_000)
    var item = 0
    for group in 0..<400 {
        if group > 0 { text += ",\n" }
        text += #"{"title": "Group \#(group)", "children": ["#
        for index in 0..<10_000 {
            if index > 0 { text += ", " }
            text += #"{"title": "Item \#(item)"}"#
            item += 1
        }
        text += "]}"
    }
    text += "]}\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

/// A CSV of 1,000,000 rows: a root and its children (`id,parent_id,title`).
private func wideCSV() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchykit-wide-1m.csv").path
    if FileManager.default.fileExists(atPath: path) { return path }
    var text = "id,parent_id,title\nroot,,Root\n"
    text.reserveCapacity(30_000_000)
    for index in 0..<999_999 { text += "i\(index),root,Item \(index)\n" }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

/// Reads every event of a file; returns the count.
private func readEvents(_ path: String) throws -> Int {
    var reader = JSONEventReader(input: try ByteInput(path: path))
    var count = 0
    while try reader.next() != nil { count += 1 }
    return count
}

/// Bytes written by a printer (its writer runs on the reader's thread).
private final class Counter: @unchecked Sendable {
    // `@unchecked`: written by one thread at a time (the printer's), read after it returned.
    private(set) var value = 0
    func add(_ count: Int) { value += count }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .throughput], timeUnits: .milliseconds,
        maxDuration: .seconds(20), maxIterations: 5)

    Benchmark("JSON reader, 1M children (25 MB)") { benchmark in
        let path = try wideDocument()
        benchmark.startMeasurement()
        blackHole(try readEvents(path))
    }

    Benchmark("JSON reader, 100,000-deep nesting") { benchmark in
        let path = try deepDocument()
        benchmark.startMeasurement()
        blackHole(try readEvents(path))
    }

    // The reader's MB/s on deep nesting (target ≥ 150 MB/s on one core, as on the wide file).
    Benchmark("JSON reader, 2,000,000-deep nesting (16 MB)") { benchmark in
        let path = try deepLargeDocument()
        benchmark.startMeasurement()
        blackHole(try readEvents(path))
    }

    Benchmark(
        "Document load into the compact tree, 2,000,000-deep nesting (structure)",
        configuration: .init(maxIterations: 3)
    ) {
        benchmark in
        let path = try deepLargeDocument()
        benchmark.startMeasurement()
        let source = try await DocumentSource.load(contentsOf: URL(fileURLWithPath: path), shape: .structure)
        blackHole(try await source.children(ofID: "#0", in: 0..<1))
    }

    Benchmark("Document load into the compact tree, 1M children") { benchmark in
        let path = try wideDocument()
        benchmark.startMeasurement()
        let source = try await DocumentSource.load(contentsOf: URL(fileURLWithPath: path))
        blackHole(try await source.children(ofID: "#0", in: 0..<50))
    }

    // The compact tree's memory: peak resident memory against the file's 107 MB.
    Benchmark("Document load into the compact tree, 4M items (100 MB)", configuration: .init(maxIterations: 3)) {
        benchmark in
        let path = try largeDocument()
        benchmark.startMeasurement()
        let source = try await DocumentSource.load(contentsOf: URL(fileURLWithPath: path))
        blackHole(try await source.children(ofID: "#0", in: 0..<50))
    }

    // The compact tree's bytes per item (structure, whole chunks counted) and per title (text with
    // its length byte), as custom metrics next to the peak resident memory; target ≤ 32 + title.
    let structurePerItem = BenchmarkMetric.custom("Tree structure (bytes per item)", useScalingFactor: false)
    let textPerItem = BenchmarkMetric.custom("Tree text (bytes per item)", useScalingFactor: false)
    Benchmark(
        "Document tree bytes per item, 1M children",
        configuration: .init(
            metrics: [.wallClock, .peakMemoryResident, structurePerItem, textPerItem], maxIterations: 3)
    ) { benchmark in
        let path = try wideDocument()
        benchmark.startMeasurement()
        let source = try await DocumentSource.load(contentsOf: URL(fileURLWithPath: path))
        benchmark.stopMeasurement()
        let footprint = source.footprint
        benchmark.measurement(structurePerItem, Int(footprint.structureBytesPerItem.rounded()))
        benchmark.measurement(textPerItem, footprint.textBytes / max(footprint.itemCount, 1))
    }

    Benchmark("Import a CSV into SQLite, 1M rows (the builder's field mapping)", configuration: .init(maxIterations: 3))
    {
        benchmark in
        let path = try wideCSV()
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchykit-wide-csv.db")
        benchmark.startMeasurement()
        blackHole(
            try await SQLiteImporter(destination: database, replace: true, searchIndex: false)
                .importFile(at: URL(fileURLWithPath: path)))
    }

    Benchmark("First page while reading, 1M children (browse's first screen)") { benchmark in
        let path = try wideDocument()
        benchmark.startMeasurement()
        switch try await DocumentLoad.open(path: path, name: "wide.json") {
        case .finished(let source): blackHole(try await source.children(ofID: "#0", in: 0..<50))
        case .reading(let load): blackHole(try await load.children(ofID: "#0", in: 0..<50))
        }
    }

    // `hierarchy print` of a document: lines written while reading, no tree (peak memory is the point).
    Benchmark("Print while reading, 1M children, as items (streams at once)") { benchmark in
        let path = try wideDocument()
        benchmark.startMeasurement()
        let bytes = Counter()
        try await DocumentPrinter().print(path: path, shape: .items) { bytes.add($0.count) }
        blackHole(bytes.value)
    }

    Benchmark("Print while reading, 1M children, automatic (shape first, then streams)") { benchmark in
        let path = try wideDocument()
        benchmark.startMeasurement()
        let bytes = Counter()
        try await DocumentPrinter().print(path: path, shape: .automatic) { bytes.add($0.count) }
        blackHole(bytes.value)
    }

    Benchmark("Print a 10,000-deep chain from a store (200 MB of rows)", configuration: .init(maxIterations: 3)) {
        benchmark in
        let path = try await deepChainStore()
        benchmark.startMeasurement()
        var bytes = 0
        try await TreePrinter().print(try SQLiteSource(path: path)) { bytes += $0.utf8.count }
        blackHole(bytes)
    }

    Benchmark("Import into SQLite, 1M children", configuration: .init(maxIterations: 3)) { benchmark in
        let path = try wideDocument()
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchykit-wide-1m.db")
        benchmark.startMeasurement()
        blackHole(
            try await SQLiteImporter(destination: database, replace: true, searchIndex: false)
                .importFile(at: URL(fileURLWithPath: path)))
    }
}
