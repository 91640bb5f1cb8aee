import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

/// The document tree's memory per item: at most 32 bytes of structure plus the text (issue 15);
/// 16 bytes when the columns' chunks are full and the children are leaves (one run).
@Suite struct InMemorySourceFootprintTests {
    /// `{"title": "Root", "children": [{"title": "Item 0"}, …]}` with `children` items.
    static func wideDocument(children: Int) -> Data {
        var text = #"{"title": "Root", "children": ["#
        for index in 0..<children {
            if index > 0 { text += ", " }
            text += #"{"title": "Item \#(index)"}"#
        }
        return Data((text + "]}").utf8)
    }

    /// Bytes of the titles of the wide document, each with its length byte.
    static func titleBytes(children: Int) -> Int {
        (0..<children).reduce(5) { $0 + 1 + "Item \($1)".utf8.count }
    }

    @Test("a document of leaves filling whole chunks takes 16 bytes per item plus its titles")
    func wholeChunks() async throws {
        // 65,535 items: the child starts (one more than the items) fill one chunk of 65,536.
        let children = 65_534
        let source = try await offPool {
            try DocumentSource.load(data: Self.wideDocument(children: children), format: .json)
        }
        let footprint = source.footprint
        #expect(footprint.itemCount == children + 1)
        #expect(footprint.textBytes == Self.titleBytes(children: children))
        #expect(footprint.structureBytesPerItem >= 16)
        #expect(footprint.structureBytesPerItem < 16.01)
    }

    @Test("any size stays under 32 bytes per item plus its titles", arguments: [1, 1_000, 100_000])
    func anySize(children: Int) async throws {
        let source = try await offPool {
            try DocumentSource.load(data: Self.wideDocument(children: children), format: .json)
        }
        let footprint = source.footprint
        #expect(footprint.itemCount == children + 1)
        #expect(footprint.textBytes == Self.titleBytes(children: children))
        if children >= 100_000 { #expect(footprint.structureBytesPerItem < 32) }
    }
}
