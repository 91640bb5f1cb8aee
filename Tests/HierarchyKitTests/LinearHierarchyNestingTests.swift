import Foundation
import HierarchyAdapters
import HierarchyDocuments
import Testing

@testable import HierarchyKit

/// The linear module reads documents with the one nesting limit of every recursive reader.
@Suite("LinearHierarchy nesting")
struct LinearHierarchyNestingTests {
    static let depth = 100_000

    @Test("100,000 nested entries in JSON: the one nesting error, not a stack overflow")
    func deepJSON() {
        let entries =
            #"{"root": ["# + String(repeating: #"{"name": "x", "children": ["#, count: Self.depth)
            + String(repeating: "]}", count: Self.depth) + "]}"
        do {
            _ = try LinearHierarchyItem.items(fromJSON: Data(entries.utf8))
            Issue.record("a 100,000-deep document was read")
        } catch {
            #expect(error.message == "nested deeper than \(DocumentLimits.maximumNesting) levels")
            #expect(error.code == .invalidChildren)
            #expect(error.indexPath.count == DocumentLimits.maximumNesting + 1)
        }
    }

    @Test("100,000 nested arrays: the entry they stand for is no dictionary, found at once")
    func deepArrays() {
        let arrays = String(repeating: "[", count: Self.depth) + String(repeating: "]", count: Self.depth)
        do {
            _ = try LinearHierarchyItem.items(fromJSON: Data(arrays.utf8))
            Issue.record("nested arrays were read as entries")
        } catch {
            #expect(error.code == .entryNotDictionary)
            #expect(error.indexPath == [0])
        }
    }

    @Test("a value under an unknown key is skipped at any depth")
    func deepUnknownMember() throws {
        let deep = String(repeating: #"{"k": ["#, count: Self.depth) + String(repeating: "]}", count: Self.depth)
        let text = #"{"root": [{"name": "A", "extra": "# + deep + #", "children": [{"name": "B"}]}]}"#
        let items = try LinearHierarchyItem.items(fromJSON: Data(text.utf8))
        #expect(items.map(\.name) == ["A"])
        #expect(items.first?.children.map(\.name) == ["B"])
    }

    @Test("entries up to the limit are read")
    func withinTheLimit() throws {
        let depth = 500
        let text =
            #"{"root": ["# + String(repeating: #"{"name": "x", "children": ["#, count: depth)
            + String(repeating: "]}", count: depth) + "]}"
        var items = try LinearHierarchyItem.items(fromJSON: Data(text.utf8))
        var levels = 0
        while let first = items.first {
            levels += 1
            items = first.children
        }
        #expect(levels == depth)
    }

    @Test("100,000 nested property list arrays: the entry they stand for is no dictionary, found at once")
    func deepPropertyList() {
        let text =
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"#
            + String(repeating: "<array>", count: Self.depth) + String(repeating: "</array>", count: Self.depth)
            + "</plist>"
        do {
            _ = try LinearHierarchyItem.items(fromPropertyListData: Data(text.utf8))
            Issue.record("a 100,000-deep property list was read")
        } catch {
            #expect(error.code == .entryNotDictionary)
            #expect(error.indexPath == [0])
        }
    }

    @Test("100,000 nested property list entries: the one nesting error, not a stack overflow")
    func deepPropertyListEntries() {
        let text =
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array>"#
            + String(repeating: "<dict><key>name</key><string>x</string><key>children</key><array>", count: Self.depth)
            + String(repeating: "</array></dict>", count: Self.depth) + "</array></plist>"
        do {
            _ = try LinearHierarchyItem.items(fromPropertyListData: Data(text.utf8))
            Issue.record("a 100,000-deep property list was read")
        } catch {
            #expect(error.message == "nested deeper than \(DocumentLimits.maximumNesting) levels")
            #expect(error.code == .invalidChildren)
        }
    }
}
