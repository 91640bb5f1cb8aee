import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

/// ``IndexedJSONSource/checkSyntax()``, what `hierarchy search` ends with: the validator's
/// check of the whole file, which needs no background pass (the items reading) to have run.
@Suite struct IndexedJSONSourceSyntaxTests {
    /// An items document larger than what is read as items at open (256 KiB).
    static func items(count: Int, end: String = "]") -> String {
        var text = "[\n"
        for number in 0..<count {
            text += #"{"id": "i\#(number)", "name": "item \#(number)", "children": [{"name": "leaf"}]},"# + "\n"
        }
        return text + #"{"id": "last", "name": "needle"}"# + end + "\n"
    }

    @Test func theCheckEndsWithoutTheBackgroundPass() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = Self.items(count: 6_000)
        #expect(text.utf8.count > Int(IndexedJSONSource.itemsCheckAtOpen))
        let path = try IndexedJSONSourceTests.write(text, in: directory)
        let source = try IndexedJSONSource(path: path, validates: false)
        #expect(source.shape == .items)
        try await source.checkSyntax()
        // The background pass never started: the check did not wait for it.
        #expect(!source.isValidated)
        var found: [String] = []
        _ = try await source.scanSearch("needle") { node in
            found.append(node.title)
            return true
        }
        #expect(found == ["needle"])
    }

    @Test func aMalformedFileFailsTheCheckWithItsPlace() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let count = 6_000
        for (end, message) in [(",]", "trailing comma before ']'"), ("", "unexpected end of the document")] {
            let path = try IndexedJSONSourceTests.write(Self.items(count: count, end: end), in: directory)
            let source = try IndexedJSONSource(path: path, validates: false)
            do {
                try await source.checkSyntax()
                Issue.record("\(end): no error")
            } catch let error as HierarchySourceError {
                #expect(error.code == .malformed)
                #expect(error.message == "invalid JSON: " + message)
                #expect(error.line == count + (end.isEmpty ? 3 : 2), "\(error)")
            }
            #expect(!source.isValidated)
        }
    }

    /// Once the background pass has ended, its outcome is the check's: a repeated id too.
    @Test func theBackgroundPassOutcomeIsTheCheckOnceItEnded() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = Self.items(count: 6_000).replacingOccurrences(of: #""id": "last""#, with: #""id": "i0""#)
        let path = try IndexedJSONSourceTests.write(text, in: directory)
        let source = try IndexedJSONSource(path: path)
        await #expect(throws: HierarchySourceError.self) { try await source.waitForValidation() }
        #expect(source.validationError?.code == .duplicateID)
        await #expect(throws: HierarchySourceError.self) { try await source.checkSyntax() }
    }
}
