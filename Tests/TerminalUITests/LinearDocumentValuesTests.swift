import Foundation
import HierarchyDocuments
import HierarchySources
import Testing

@testable import TerminalUI

/// The linear path shows a document's values beside their keys, as print does, and a
/// container's first members beside it until it is opened.
@MainActor
@Suite struct LinearDocumentValuesTests {
    @Test func valuesAndPreviewsFollowTheirKeys() async throws {
        let text = #"{"codes": [{"alpha_2": "AW", "name": "Aruba"}, {"alpha_2": "AF", "name": "Afghanistan"}]}"#
        let source = try DocumentSource.load(
            data: Data(text.utf8), format: .json, shape: .structure, name: "codes.json")
        let browser = LinearCollectionScreen(
            source: source, sourceName: "codes.json", axis: .vertical, palette: .monochrome, columns: 60, rows: 12)
        try await browser.load()
        await browser.press(KeyEvent(.enter))
        #expect(browser.frame.contains("▸ [0]  {alpha_2: AW, name: Aruba}"), "\(browser.frame)")
        await browser.press(KeyEvent(.enter))
        #expect(browser.frame.contains("▾ [0]\n"), "an opened container shows its members instead: \(browser.frame)")
        #expect(browser.frame.contains("alpha_2  AW"), "\(browser.frame)")
        #expect(browser.frame.contains("name  Aruba"), "\(browser.frame)")
    }
}
