import Foundation
import HierarchySources
import HierarchyTestSupport
import ListFloorplan
import Synchronization

@testable import TerminalUI

/// A loader of made-up hierarchy items that answers after a delay on a test clock, and fails
/// while told to.
final class PartsLoader: Sendable {
    let parts: [HierarchyListItem]
    let clock: TestClock
    let latency: Duration
    let failing = Mutex(false)
    let calls = Mutex<[(Range<Int>?, String?)]>([])

    init(count: Int, clock: TestClock, latency: Duration = .zero) {
        parts = (0..<count).map { i in
            let node = HierarchyNode(
                id: "p\(i)", title: "Pump P-\(String(format: "%03d", i + 1))", subtitle: "Centrifugal pump",
                status: i % 7 == 3 ? "Error" : "Operational")
            return HierarchyListItem(node: node, ancestors: ["Hamburg Plant", "Utilities", "Cooling water"])
        }
        self.clock = clock
        self.latency = latency
    }

    var loader: DataLoader<HierarchyListItem> {
        DataLoader { [self] range, search in
            calls.withLock { $0.append((range, search)) }
            if latency > .zero { try await clock.sleep(for: latency) }
            if failing.withLock({ $0 }) { throw HierarchySourceError(.io, "disk unavailable") }
            let matching =
                search.map { text in parts.filter { $0.node.title.localizedCaseInsensitiveContains(text) } } ?? parts
            let range = range ?? 0..<matching.count
            let lower = min(range.lowerBound, matching.count)
            return Array(matching[lower..<min(range.upperBound, matching.count)])
        }
    }
}

@MainActor
func partsBrowser(
    count: Int, columns: Int = 80, rows: Int = 24, latency: Duration = .zero,
    pageSize: Int = 20
) -> (ListBrowser<HierarchyListItem, HierarchyListSection>, PartsLoader, TestClock) {
    let clock = TestClock()
    let parts = PartsLoader(count: count, clock: clock, latency: latency)
    let browser = ListBrowser.hierarchy(
        loader: parts.loader, title: "Sample plant", palette: .monochrome,
        columns: columns, rows: rows, clock: clock, debounce: .milliseconds(250),
        pageSize: pageSize)
    return (browser, parts, clock)
}

extension ListBrowser {
    /// The frame as text, trailing blanks removed from every line.
    var frame: String {
        render().plainText.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
            .joined(separator: "\n")
    }

    /// Sends keys and waits for the loads they start (not for debounces still sleeping).
    @discardableResult
    func press(_ keys: KeyEvent...) async -> [BrowserCommand] {
        var commands: [BrowserCommand] = []
        for key in keys { commands += handle([.key(key)]) }
        return commands
    }

    /// Types text into the search field.
    func type(_ text: String) {
        for c in text { _ = handle([.key(KeyEvent(.character(c)))]) }
    }
}
