import Foundation
import HierarchySources
import Testing

@testable import HierarchySQLite

/// `import` applies the nesting limit of every other command: none for JSON, 512 for YAML and
/// property lists.
@Suite("Import nesting")
struct ImportNestingTests {
    @Test("100,000 nested JSON arrays import as 100,000 items")
    func deepJSON() async throws {
        let directory = try TemporaryDirectory()
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let summary = try await importText(text, named: "deep.json", into: directory.file("d.db"), in: directory)
        #expect(summary.items == depth)
        let source = try SQLiteSource(path: directory.file("d.db").path)
        #expect(try await source.path(toID: "#\(depth - 1)").count == depth)
    }

    @Test("100,000-deep YAML and property lists: the one error, exit 65's code")
    func deepRecursiveFormats() async throws {
        let directory = try TemporaryDirectory()
        let depth = 100_000
        let yaml = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let plist =
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"#
            + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        for (name, text) in [("deep.yaml", yaml), ("deep.plist", plist)] {
            do {
                _ = try await importText(text, named: name, into: directory.file(name + ".db"), in: directory)
                Issue.record("\(name) imported")
            } catch let error as HierarchySourceError {
                #expect(error.code == .malformed)
                #expect(error.message.hasSuffix("nested deeper than 512 levels"))
            }
        }
    }
}
