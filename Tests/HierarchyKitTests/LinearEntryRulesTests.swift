import Foundation
import HierarchyAdapters
import HierarchyDocuments
import Testing

@testable import HierarchyKit

/// The engine builds linear items from decoded values, the document readers from bytes: both go
/// through ``LinearEntry``'s rules, so one malformed entry gets the same error either way.
@Suite("Linear entries: decoded values and document bytes follow one set of rules")
struct LinearEntryRulesTests {
    /// Documents with one mistake each (or none), as JSON text.
    static let documents: [String] = [
        #"{"root": [{"name": "A", "children": [{"name": "B"}, {"name": "C", "payload": 7}]}]}"#,
        #"[{"name": "A", "width": 10, "height": 2.5}, {"name": "D", "type": "dynamic"}]"#,
        #"{"root": [{"name": "A"}, {"type": "static"}]}"#,
        #"{"root": [{"name": 3}]}"#,
        #"{"root": [{"name": "A", "type": "sometimes"}]}"#,
        #"{"root": [{"name": "A", "children": {"name": "B"}}]}"#,
        #"{"root": [{"name": "A", "type": "dynamic", "children": [{"name": "B"}]}]}"#,
        #"{"root": [{"name": "A", "width": 10}]}"#,
        #"{"root": [{"name": "A", "width": -1, "height": 1}]}"#,
        #"{"root": [{"name": "A", "children": ["B"]}]}"#,
        #"{"root": {"name": "A"}}"#,
        #"{"top": []}"#,
        #""just text""#,
    ]

    @Test("each document gives the same items or the same error", arguments: documents)
    func bothReadersAgree(json: String) throws {
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        let fromValues = Result { () throws(LinearHierarchyError) in
            try LinearHierarchyItem.items(fromPropertyList: decoded, firstID: 5)
        }
        let fromBytes = Result { () throws(LinearHierarchyError) in
            try LinearHierarchyItem.items(fromJSON: Data(json.utf8), firstID: 5)
        }
        #expect(fromValues == fromBytes)
    }

    @Test("a well-formed document keeps its sizes, payloads and preorder ids")
    func wellFormedItems() throws {
        let items = try LinearHierarchyItem.items(
            fromPropertyList: [
                ["name": "A", "children": [["name": "B", "payload": 7], ["name": "C", "width": 4, "height": 2]]]
                    as [String: Any],
                ["name": "D", "type": "dynamic"],
            ] as [Any], firstID: 10)
        #expect(items.map(\.id.rawValue) == [10, 13])
        #expect(items[0].children.map(\.id.rawValue) == [11, 12])
        #expect(items[0].children[0].payload == "7")
        #expect(items[0].children[1].size == LinearSize(width: 4, height: 2))
        #expect(items[1].kind == .dynamic)
    }

    @Test("entries nested past the limit: the same one error from values and bytes")
    func nestingLimitIsShared() throws {
        #expect(LinearEntry.maximumNesting == DocumentLimits.maximumNesting)
        var value: [String: Any] = ["name": "leaf"]
        for _ in 0..<LinearEntry.maximumNesting { value = ["name": "n", "children": [value]] }
        #expect(throws: LinearEntry.tooDeep(at: Array(repeating: 0, count: LinearEntry.maximumNesting + 1))) {
            try LinearHierarchyItem.items(fromPropertyList: [value] as [Any])
        }
        let json = try JSONSerialization.data(withJSONObject: [value])
        #expect(throws: LinearEntry.tooDeep(at: Array(repeating: 0, count: LinearEntry.maximumNesting + 1))) {
            try LinearHierarchyItem.items(fromJSON: json)
        }
    }
}
