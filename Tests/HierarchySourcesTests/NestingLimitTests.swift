import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

/// Nesting limits: 250,000 levels for JSON (no reader recurses), 512 for the recursive readers
/// (YAML, property lists), the same error on every path; 100,000 levels never overflow a stack.
@Suite struct NestingLimitTests {
    static func arrays(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    static func plist(_ depth: Int) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"#
            + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
    }

    static func error(_ text: String, _ format: DocumentFormat) -> HierarchySourceError? {
        do {
            _ = try DocumentSource.load(data: Data(text.utf8), format: format, name: "deep")
            return nil
        } catch {
            return error as? HierarchySourceError
        }
    }

    @Test func jsonNestsAHundredThousandLevels() async throws {
        // Seconds of reading in a debug build: on a thread of its own, not one of the cooperative pool.
        let source = try await offPool {
            try DocumentSource.load(data: Data(Self.arrays(100_000).utf8), format: .json, name: "deep.json")
        }
        #expect(source.staticCount == 100_000)
        let path = try await source.path(toID: "#99999")
        #expect(path.count == 100_000)
        // A chain of items 100,000 deep, too.
        let chain =
            String(repeating: #"{"title": "x", "children": ["#, count: 100_000)
            + String(repeating: "]}", count: 100_000)
        let items = try await offPool {
            try DocumentSource.load(data: Data(chain.utf8), format: .json, name: "chain.json")
        }
        #expect(items.staticCount == 100_000)
        #expect(try await items.path(toID: "#99999").count == 100_000)
    }

    @Test(arguments: [DocumentFormat.yaml, .propertyList])
    func recursiveReadersStopAtTheOneLimit(_ format: DocumentFormat) async throws {
        let deep = format == .yaml ? Self.arrays(100_000) : Self.plist(100_000)
        let error = try #require(await offPool { Self.error(deep, format) })
        #expect(error.code == .malformed)
        #expect(error.message.hasSuffix("nested deeper than \(DocumentLimits.maximumNesting) levels"))
        let over = format == .yaml ? Self.arrays(600) : Self.plist(600)
        #expect(Self.error(over, format)?.message.hasSuffix("nested deeper than 512 levels") == true)
        let within = format == .yaml ? Self.arrays(500) : Self.plist(500)
        #expect(Self.error(within, format) == nil)
    }
}
