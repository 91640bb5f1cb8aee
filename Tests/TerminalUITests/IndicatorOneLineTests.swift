import HierarchyAdapters
import HierarchyKit
import HierarchySources
import Testing

@testable import TerminalUI

/// An item of one line (no subtitle or footnote) draws its count beside the glyph, in the
/// width of a single-line indicator, so three-digit counts are not cut.
@MainActor
@Suite struct IndicatorOneLineTests {
    @Test(arguments: [7, 310, 4_096])
    func countBesideTheGlyphIsWhole(_ count: Int) async throws {
        let children = (0..<count).map { InMemorySource.Item(id: "c\($0)", title: "entry \($0)") }
        let source = try InMemorySource(
            root: InMemorySource.Item(
                id: "root", title: "Root",
                children: [
                    InMemorySource.Item(id: "components", title: "components", children: children),
                    InMemorySource.Item(id: "leaf", title: "leaf"),
                ]))
        let columns = 100
        let rows = 20
        let layout = HierarchyCollectionViewLayout(
            metrics: .terminal, size: Size(width: Double(columns), height: Double(rows - 2)),
            sectionInset: EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 1), interItemSpacing: 1)
        let view = HierarchyView(layout: layout)
        let dataSource = HierarchySourceDataSource(source: source)
        dataSource.attach(to: view)
        let browser = HierarchyBrowser(
            view: view, dataSource: dataSource, sourceName: "Root", palette: .monochrome,
            columns: columns, rows: rows)
        try await dataSource.load()
        await dataSource.settle()
        _ = browser.handle([.key(KeyEvent(.right))])
        await dataSource.settle()
        let line = try #require(browser.frame.split(separator: "\n").dropFirst().first { $0.contains("components") })
        #expect(line.contains("components"))
        let shown = CountText.grouped(count)
        #expect(line.contains(" \(shown) ▶") || line.contains(" \(shown) ›"), "\(line)")
        #expect(!line.contains("…"))
    }
}
