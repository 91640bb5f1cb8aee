import Foundation
import HierarchySources
import HierarchyTestSupport
import ListFloorplan
import Testing

@testable import TerminalUI

/// A row's trailing text (the item's subtitle, or a document container's preview) longer than
/// half the line is cut with `…`, never dropped.
@MainActor
@Suite struct ListBrowserTrailingTextTests {
    @Test func aLongSubtitleIsCutNotDropped() async throws {
        let clock = TestClock()
        let long = "{alpha_2: AW, alpha_3: ABW, name: Aruba, numeric: 533, official_name: Aruba}"
        let items = [
            HierarchyListItem(node: HierarchyNode(id: "a", title: "[0]", subtitle: long), ancestors: ["codes"]),
            HierarchyListItem(node: HierarchyNode(id: "b", title: "[1]", subtitle: "short"), ancestors: ["codes"]),
        ]
        let loader = DataLoader<HierarchyListItem> { range, _ in
            Array(items[min(range?.lowerBound ?? 0, items.count)..<min(range?.upperBound ?? items.count, items.count)])
        }
        let browser = ListBrowser.hierarchy(
            loader: loader, title: "codes", palette: .monochrome, columns: 60, rows: 12, clock: clock,
            debounce: .milliseconds(250), pageSize: 20)
        browser.start()
        await browser.finishPendingWork()
        let lines = browser.frame.split(separator: "\n").map(String.init)
        let first = try #require(lines.first { $0.contains("{alpha_2: AW") }, "\(browser.frame)")
        #expect(first.hasSuffix("…"), "\(first)")
        #expect(DisplayWidth.of(String(first.drop { $0 != "{" })) <= 30, "\(first)")
        #expect(first.hasPrefix("  codes"), "the path keeps its place: \(first)")
        #expect(lines.contains { $0.hasSuffix(" short") })
    }
}
