import Foundation
import HierarchyDocuments
import HierarchyKit
import HierarchySources
import HierarchyTestSupport
import Testing

@testable import HierarchyAdapters
@testable import TerminalUI

/// A large JSON file read as items from its first bytes, whose rest turns out to be no items
/// document: the browser starts again on its structure, whose root is another item.
@MainActor
@Suite struct DocumentResetTests {
    @Test func aDocumentReadAgainAsItsStructureShowsItsRows() async throws {
        let directory = try ScratchDirectory.make("document-reset")
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = (0..<60_000).map { #"{"title": "Item \#($0)"}"# }.joined(separator: ",\n")
        let path = directory.appendingPathComponent("late.json").path
        try Data(("[" + rows + #", {"title": "late", "meta": {"n": 1}}]"#).utf8).write(
            to: URL(fileURLWithPath: path))
        let source = try IndexedJSONSource(path: path)
        #expect(source.shape == .items)
        let layout = HierarchyCollectionViewLayout(
            metrics: .terminal, size: Size(width: 80, height: 22),
            sectionInset: EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 1), interItemSpacing: 1)
        let view = HierarchyView(layout: layout)
        let dataSource = HierarchySourceDataSource(source: source)
        dataSource.attach(to: view)
        let browser = HierarchyBrowser(
            view: view, dataSource: dataSource, sourceName: "late.json", palette: .monochrome, columns: 80,
            rows: 24)
        try await dataSource.load()
        try await source.waitForValidation()
        #expect(source.shape == .structure)
        // The reset reaches the view however early the pass ended: rows titled by their index.
        let shown = await redrawn(browser) {
            let screen = (0..<browser.rows).map { browser.render().text(row: $0) }.joined(separator: "\n")
            return screen.contains("[0]") && !screen.contains("Empty")
        }
        #expect(shown, "\((0..<browser.rows).map { browser.render().text(row: $0) }.joined(separator: "\n"))")
    }
}
