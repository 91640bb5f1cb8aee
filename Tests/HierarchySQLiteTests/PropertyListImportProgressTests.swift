import Foundation
import HierarchyTestSupport
import Synchronization
import Testing

@testable import HierarchySQLite

/// Importing a property list reports bytes read of the file's size, as JSON does: the XML form
/// by the bytes consumed, the binary form by the furthest object walked.
@Suite("PropertyListImportProgress")
struct PropertyListImportProgressTests {
    /// A root with `count` children, each with a title and an attribute.
    static func document(_ count: Int) -> [String: Any] {
        let children: [[String: Any]] = (0..<count).map { ["title": "Item \($0)", "weight": $0] }
        return ["title": "Root", "children": children]
    }

    /// The reading-phase updates of an import of `file`, every one reported.
    static func readingUpdates(_ file: URL, into database: URL) async throws -> [ImportProgress] {
        let events = Mutex<[ImportProgress]>([])
        var importer = SQLiteImporter(destination: database, searchIndex: false) { progress in
            events.withLock { $0.append(progress) }
        }
        importer.progressInterval = .zero
        let summary = try await importer.importFile(at: file)
        #expect(summary.items == 20_001)
        return events.withLock { $0.filter { $0.phase == .reading } }
    }

    @Test("bytes read of the size, growing through the file", arguments: ["xml", "binary"])
    func bytesOfTheFile(form: String) async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("doc.plist")
        let format: PropertyListSerialization.PropertyListFormat = form == "xml" ? .xml : .binary
        try PropertyListSerialization.data(fromPropertyList: Self.document(20_000), format: format, options: 0)
            .write(to: file)
        let size = Int64(try Data(contentsOf: file).count)
        try await Self.expectBytesGrowThroughTheFile(file, size: size, database: directory.file("doc.db"))
    }

    /// An import of `file` reports the file's size as its total in every update, and bytes
    /// read that grow from part way through to the whole file.
    static func expectBytesGrowThroughTheFile(_ file: URL, size: Int64, database: URL) async throws {
        let updates = try await readingUpdates(file, into: database)
        // 20,001 rows in batches of 2,048: ten updates, every one with the file's size.
        #expect(updates.count >= 5)
        #expect(updates.allSatisfy { $0.totalBytes == size })
        let read = updates.compactMap(\.bytesRead)
        #expect(read.count == updates.count)
        #expect(read == read.sorted())
        // Part way through, then the whole file.
        #expect(read.contains { $0 > 0 && $0 < size * 3 / 4 })
        #expect(read.last == size)
    }

    @Test("a YAML document too: bytes read of the size, growing through the file")
    func bytesOfAYAMLFile() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("doc.yaml")
        var text = "title: Root\nchildren:\n"
        for index in 0..<20_000 { text += "  - title: Item \(index)\n    weight: \(index)\n" }
        try Data(text.utf8).write(to: file)
        let size = Int64(text.utf8.count)
        try await Self.expectBytesGrowThroughTheFile(file, size: size, database: directory.file("doc.db"))
    }
}
