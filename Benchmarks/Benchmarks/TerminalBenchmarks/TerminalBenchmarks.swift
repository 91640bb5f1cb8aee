import Benchmark
import Foundation
import HierarchyDocuments
import HierarchyFileSystem
import HierarchyKit
import HierarchySources
import TerminalUI

/// A 200×60 frame of three text columns with a header and one highlighted row, like a Miller-column browser.
func browserFrame(selected: Int, width: Int = 200, height: Int = 60) -> ScreenBuffer {
    var buffer = ScreenBuffer(width: width, height: height)
    let columnWidth = width / 3
    let header = TextStyle(foreground: .ansi(15), background: .indexed(24), bold: true)
    buffer.fill(x: 0, y: 0, width: width, height: 1, style: header)
    buffer.put("/ home / user / projects", x: 1, y: 0, maxWidth: width - 2, style: header)
    for row in 1..<height {
        for column in 0..<3 {
            let name = "entry-\(column)-\(row)-" + String(repeating: "x", count: (row * 7 + column * 3) % 40)
            let style = row == selected && column == 1 ? TextStyle(reverse: true) : .plain
            let x = column * columnWidth
            buffer.fill(x: x, y: row, width: columnWidth - 1, height: 1, style: style)
            buffer.put(name, x: x + 1, y: row, maxWidth: columnWidth - 3, style: style)
            buffer.put("│", x: x + columnWidth - 1, y: row, maxWidth: 1, style: TextStyle(foreground: .ansi(8)))
        }
    }
    return buffer
}

/// Bytes of one rendered frame (not scaled by the iteration count).
let bytesWritten = BenchmarkMetric.custom("bytes written", polarity: .prefersSmaller, useScalingFactor: false)

/// The column browser on the bundled sample at 200×60, loaded, with a renderer that has drawn it once.
@MainActor
func loadedSampleBrowser() async throws -> (HierarchyBrowser, FrameRenderer) {
    let browser = HierarchyBrowser.make(
        source: try SampleHierarchy.load(), sourceName: "Sample plant", columns: 200, rows: 60)
    try await browser.dataSource!.load()
    await browser.dataSource!.settle()
    var renderer = FrameRenderer(capability: .trueColor)
    _ = renderer.render(browser.render())
    return (browser, renderer)
}

let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal, .throughput, bytesWritten]
    let configuration = Benchmark.Configuration(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(5))

    // The directory search walk over a tree named by `HIERARCHY_WALK_BENCH_DIR` (default /usr),
    // for a name given by `HIERARCHY_WALK_BENCH_NAME` (default sqlite3.h): the whole walk
    // streamed on a few threads, and the first page of the paged (one-thread) search. Compare
    // with `find DIR -name NAME` on the same tree.
    let walkRoot = ProcessInfo.processInfo.environment["HIERARCHY_WALK_BENCH_DIR"] ?? "/usr"
    let walkName = ProcessInfo.processInfo.environment["HIERARCHY_WALK_BENCH_NAME"] ?? "sqlite3.h"
    let walkConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident], maxDuration: .seconds(10), maxIterations: 20)
    Benchmark("FileSystemSource streamed name search, whole tree", configuration: walkConfiguration) { benchmark in
        let source = FileSystemSource(root: walkRoot)
        for _ in benchmark.scaledIterations {
            var found = 0
            for try await batch in source.searchBatches(walkName) { found += batch.count }
            blackHole(found)
        }
    }
    Benchmark("FileSystemSource paged name search, first page", configuration: walkConfiguration) { benchmark in
        let source = FileSystemSource(root: walkRoot)
        for _ in benchmark.scaledIterations {
            blackHole(try await source.search(walkName, in: 0..<20))
        }
    }

    // The terminal list's search as you type in a directory: the first streamed batch of a
    // page (the one-thread walk, stat'ed), and the exhaustive search (Ctrl-S) to its end.
    Benchmark("List search in a directory, first streamed batch", configuration: walkConfiguration) { benchmark in
        let query = HierarchyListQuery(source: FileSystemSource(root: walkRoot))
        for _ in benchmark.scaledIterations {
            for try await batch in query.searchBatches(walkName, in: 0..<50) {
                blackHole(batch)
                break
            }
        }
    }
    Benchmark("List search in a directory, exhaustive", configuration: walkConfiguration) { benchmark in
        let query = HierarchyListQuery(source: FileSystemSource(root: walkRoot))
        for _ in benchmark.scaledIterations {
            var found = 0
            for try await batch in query.searchBatches(walkName, in: nil) { found += batch.count }
            blackHole(found)
        }
    }

    Benchmark("FrameRenderer 200x60 full redraw", configuration: configuration) { benchmark in
        let frame = browserFrame(selected: 5)
        var renderer = FrameRenderer(capability: .indexed256)
        var bytes = 0
        for _ in benchmark.scaledIterations {
            renderer.invalidate()
            let output = renderer.render(frame)
            bytes = output.count
            blackHole(output)
        }
        benchmark.measurement(bytesWritten, bytes)
    }

    Benchmark("FrameRenderer 200x60 one-row change", configuration: configuration) { benchmark in
        let first = browserFrame(selected: 5)
        var changed = first
        changed.put(String(repeating: "changed ", count: 30), x: 0, y: 30, maxWidth: 200)
        var renderer = FrameRenderer(capability: .indexed256)
        _ = renderer.render(first)
        var bytes = 0
        var showChanged = true
        for _ in benchmark.scaledIterations {
            let output = renderer.render(showChanged ? changed : first)
            if showChanged { bytes = output.count }
            showChanged.toggle()
            blackHole(output)
        }
        benchmark.measurement(bytesWritten, bytes)
    }

    Benchmark("FrameRenderer 200x60 selection move", configuration: configuration) { benchmark in
        let frames = [browserFrame(selected: 5), browserFrame(selected: 6)]
        var renderer = FrameRenderer(capability: .indexed256)
        _ = renderer.render(frames[0])
        var bytes = 0
        var index = 1
        for _ in benchmark.scaledIterations {
            let output = renderer.render(frames[index])
            bytes = output.count
            index ^= 1
            blackHole(output)
        }
        benchmark.measurement(bytesWritten, bytes)
    }

    Benchmark("ScreenBuffer 200x60 draw browser frame", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(browserFrame(selected: 1 + index % 59))
        }
    }

    Benchmark("InputDecoder 4 KiB mixed input", configuration: configuration) { benchmark in
        var chunk: [UInt8] = []
        while chunk.count < 4096 {
            chunk += Array("ab日\u{1B}[A\u{1B}[1;5C\u{1B}[<0;12;7M\u{1B}[<32;13;7M\r".utf8)
        }
        for _ in benchmark.scaledIterations {
            var decoder = InputDecoder()
            blackHole(decoder.feed(chunk))
        }
    }

    Benchmark("Wide and combining text: width of 1,000 names", configuration: configuration) { benchmark in
        let samples = [
            "日本語のファイル名", "👨‍👩‍👧‍👦 family", "👍🏿 thumbs", "🇯🇵🇫🇷 flags", "e\u{301}te\u{301}", "שלום עולם", "zero\u{200B}width",
        ]
        let names = (0..<1000).map { samples[$0 % samples.count] + " \($0)" }
        for _ in benchmark.scaledIterations {
            var total = 0
            for name in names { total += DisplayWidth.of(name) }
            blackHole(total)
        }
    }

    Benchmark("Wide text frame 200x60, full redraw", configuration: configuration) { benchmark in
        var frame = ScreenBuffer(width: 200, height: 60)
        for row in 0..<60 {
            frame.put("日本語 👨‍👩‍👧‍👦 e\u{301} שלום 🇯🇵 \(row)", x: 0, y: row, maxWidth: 66)
            frame.put("│", x: 66, y: row, maxWidth: 1)
        }
        var renderer = FrameRenderer(capability: .indexed256)
        for _ in benchmark.scaledIterations {
            renderer.invalidate()
            blackHole(renderer.render(frame))
        }
    }

    Benchmark(
        "Key press to finished frame, column browser 200x60",
        configuration: .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], maxDuration: .seconds(5))
    ) { benchmark async throws in
        try await keyPressToFrame(Unchecked(value: benchmark))
    }
}

/// Carries the benchmark object to the main actor; only one task uses it at a time.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

/// One iteration is two key presses (down, then up), each handled, laid out, drawn into the
/// cell buffer and diffed into the bytes of one frame.
@MainActor
func keyPressToFrame(_ benchmark: Unchecked<Benchmark>) async throws {
    var (browser, renderer) = try await loadedSampleBrowser()
    // Visit both items once so their previews are loaded, as after the first key presses.
    for key in ["j", "k"] {
        _ = browser.handle([.key(KeyEvent(.character(Character(key))))])
        await browser.dataSource!.settle()
    }
    benchmark.value.startMeasurement()
    for _ in benchmark.value.scaledIterations {
        for key in ["j", "k"] {
            _ = browser.handle([.key(KeyEvent(.character(Character(key))))])
            blackHole(renderer.render(browser.render()))
        }
    }
    benchmark.value.stopMeasurement()
}
