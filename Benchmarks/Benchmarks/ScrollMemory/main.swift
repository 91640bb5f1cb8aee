// Scrolls the largest column of a store from its first row to its last and back, one PageDown
// (then PageUp) at a time, through the column browser of the terminal face at 200×60, waiting
// after each key for the rows it shows to load, as a person holding the key down slowly would.
// Prints the process's anonymous memory (RssAnon: what grows with the data), its resident memory
// (VmRSS, VmHWM) and the sizes of the caches along the way.
//
//     swift build -c release --product ScrollMemory
//     .build/release/ScrollMemory STORE.db [KEYS [ROWS]]
//
// KEYS: stop after this many keys per direction (default: the whole column). ROWS: the
// terminal's height (default 60); a taller one visits every row with fewer keys.
//
// Make the store with `hierarchy generate --nodes 10000000 --depth 2 --into STORE.db --no-search-index`.
import Foundation
import HierarchyKit
import HierarchySQLite
import TerminalUI

func status() -> (anon: Int, rss: Int, hwm: Int) {
    let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func field(_ name: String) -> Int {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }
    return (field("RssAnon"), field("VmRSS"), field("VmHWM"))
}

@MainActor
func scroll() async throws {
    let arguments = CommandLine.arguments
    guard arguments.count >= 2 else {
        print("usage: ScrollMemory STORE.db [KEYS]")
        exit(64)
    }
    let limit = arguments.count > 2 ? Int(arguments[2]) ?? .max : .max
    let height = arguments.count > 3 ? Int(arguments[3]) ?? 60 : 60
    let browser = HierarchyBrowser.make(
        source: try SQLiteSource(path: arguments[1]), sourceName: "store", columns: 200, rows: height)
    guard let adapter = browser.dataSource else { return }
    try await adapter.load()
    await adapter.settle()
    var renderer = FrameRenderer(capability: .trueColor)
    _ = renderer.render(browser.render())
    // Into the root's children.
    _ = browser.handle([.key(KeyEvent(.right))])
    _ = renderer.render(browser.render())
    await adapter.settle()
    let view = browser.view
    guard let (column, _) = view.focusedPosition else { return }
    let rows = view.itemCount(ofColumn: column)
    let start = status()
    let clock = ContinuousClock()
    let began = clock.now
    print(
        "200×\(height); column of \(rows) rows; start: RssAnon \(start.anon) kB, VmRSS \(start.rss) kB,"
            + " VmHWM \(start.hwm) kB")

    func report(_ label: String, _ keys: Int) {
        let now = status()
        let row = view.focusedPosition?.row ?? -1
        let seconds =
            Double((clock.now - began).components.attoseconds) / 1e18 + Double((clock.now - began).components.seconds)
        print(
            "\(label) \(keys) keys, row \(row): RssAnon \(now.anon) kB (+\(now.anon - start.anon)), VmRSS \(now.rss) kB (+\(now.rss - start.rss)), VmHWM \(now.hwm) kB (+\(now.hwm - start.hwm)); cached items \(adapter.cachedItemCount), pages \(adapter.cachedPageCount); \(Int(seconds)) s"
        )
    }

    for (label, key, target) in [("down", KeyEvent(.pageDown), rows - 1), ("up", KeyEvent(.pageUp), 0)] {
        var keys = 0
        var nextReport = 1
        while view.focusedPosition?.row != target, keys < limit {
            _ = browser.handle([.key(key)])
            _ = renderer.render(browser.render())
            await adapter.settle()
            keys += 1
            if keys == nextReport {
                report(label, keys)
                nextReport *= 2
            }
        }
        report(label, keys)
    }
}

try await scroll()
