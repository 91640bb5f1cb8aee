import Foundation
import HierarchyDocuments
import HierarchySources

// Built by first-screen.sh. Opens a JSON file as browse, list and serve do and asks what the
// browser asks for its first screen, printing `name value` lines (wall time since the open):
// - open-ms: the source opened (the shape decided from the first MiB);
// - first-screen-ms: the root, its count and first page (200 rows), then the first row's
//   count and page, and the first row of that: three columns, as the browser opens them;
// - anon-kb-open: anonymous memory (smaps_rollup) then;
// - count-ms: the root's count complete (the last `.appended` views are told), and the count;
// - end-ms: the last row of the root's column read after that (End);
// - pass-ms: the background pass done (validation, or the items check), with its rate;
// - anon-kb-after: anonymous memory then, and the peak resident size (VmHWM) of the run.
// SHAPE=structure (or items) opens the file in that shape instead of whichever fits; PASS=no
// does not wait for the background pass; REPEAT=N measures each file N times.
func peakKB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
    return -1
}

func ms(_ start: Double) -> String { String(format: "%.1f", now() - start) }

@main struct FirstScreen {
    static func main() async throws {
        for path in CommandLine.arguments.dropFirst() {
            print("# \(path)")
            for _ in 0..<(Int(ProcessInfo.processInfo.environment["REPEAT"] ?? "") ?? 1) {
                try await measure(path)
            }
        }
    }

    static func measure(_ path: String) async throws {
        let start = now()
        let shape = ProcessInfo.processInfo.environment["SHAPE"].flatMap(DocumentShape.init(rawValue:)) ?? .automatic
        let source = try IndexedJSONSource(
            path: path, shape: shape, validatesAtOpen: IndexedJSONSource.validationAtOpenLimit)
        let changes = source.changes()
        print("open-ms \(ms(start)) (\(source.shape))")
        var column = try await source.root()!
        let rootID = column.id
        var rows = 0
        for _ in 0..<3 {
            let count = try await source.childCount(ofID: column.id)
            let page = try await source.children(ofID: column.id, in: 0..<min(count, 200))
            rows += page.count
            guard let first = page.first else { break }
            column = first
        }
        print("first-screen-ms \(ms(start)) (\(rows) rows in 3 columns)")
        print("anon-kb-open \(anonymousKB())")
        var told = 0
        var countMs = ""
        for await change in changes {
            if case .appended(let parent, let count) = change, parent == rootID {
                told = count
                countMs = ms(start)
                break
            }
        }
        print("count-ms \(countMs) (\(told) told)")
        let total = try await source.childCount(ofID: rootID)
        let end = now()
        _ = try await source.children(ofID: rootID, in: (total - 1)..<total)
        print("end-ms \(ms(end)) (\(total) rows)")
        print("anon-kb-counted \(anonymousKB()), peak resident \(peakKB()) kB")
        guard ProcessInfo.processInfo.environment["PASS"] != "no" else { return }
        try? await source.waitForValidation()
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print(
            "pass-ms \(ms(start)) (\(Int(source.validationRate / 1e6)) MB/s, \(size / 1_000_000) MB) \(source.validationError.map { "\($0)" } ?? "valid")"
        )
        print("anon-kb-after \(anonymousKB()), peak resident \(peakKB()) kB")
    }
}
