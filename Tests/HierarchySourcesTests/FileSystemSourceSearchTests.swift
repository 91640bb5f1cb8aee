import Foundation
import Testing

@testable import HierarchyFileSystem
@testable import HierarchySources

@Suite("FileSystemSource search: the name walk, paged and streamed")
struct FileSystemSourceSearchTests {
    /// A tree of 3 levels with `pump` names spread over many folders, a hidden folder,
    /// an accented name and a symbolic link back to the root.
    static func makeTree() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        for a in 0..<6 {
            for b in 0..<5 {
                try dir.folder("area\(a)/unit\(b)")
                try dir.file("area\(a)/unit\(b)/Pump-\(a)\(b).txt")
                try dir.file("area\(a)/unit\(b)/valve-\(a)\(b).txt")
            }
            try dir.file("area\(a)/pump notes \(a)")
        }
        try dir.folder(".hidden")
        try dir.file(".hidden/pump-secret")
        try dir.file("Pümpe")
        try dir.folder("pumps")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/pumps/loop", withDestinationPath: dir.path)
        return dir
    }

    @Test("pages are breadth first, the same on every call, and never overlap or skip")
    func paging() async throws {
        let dir = try Self.makeTree()
        defer { dir.remove() }
        let source = FileSystemSource(root: dir.path)
        let all = try await source.search("pump", in: 0..<1000).map(\.id)
        // 30 files, 6 notes, the hidden file, the accented name, the folder; the link is not followed.
        #expect(all.count == 39)
        #expect(Set(all).count == all.count)
        #expect(all.contains(".hidden/pump-secret"))
        #expect(all.contains("Pümpe"))
        #expect(all.contains("pumps"))
        #expect(!all.contains { $0.hasPrefix("pumps/") })
        let depth = all.map { $0.split(separator: "/").count }
        #expect(depth == depth.sorted(), "breadth first: \(all)")
        #expect(try await source.search("pump", in: 0..<1000).map(\.id) == all)
        for size in [1, 4, 7] {
            var ids: [String] = []
            var start = 0
            while true {
                let page = try await source.search("pump", in: start..<(start + size))
                ids += page.map(\.id)
                if page.count < size { break }
                start += size
            }
            #expect(ids == all, "page size \(size)")
        }
        let file = try #require(try await source.search("pump-00", in: 0..<1).first)
        #expect(file.id == "area0/unit0/Pump-00.txt")
        #expect(file.subtitle == "File")
        #expect(try await source.search("   ", in: 0..<10).isEmpty)
        #expect(try await source.search("nothing-like-this", in: 0..<10).isEmpty)
    }

    @Test("hidden names are left out when the source hides them")
    func hidden() async throws {
        let dir = try Self.makeTree()
        defer { dir.remove() }
        let source = FileSystemSource(root: dir.path, includesHiddenFiles: false)
        let all = try await source.search("pump", in: 0..<1000).map(\.id)
        #expect(all.count == 38)
        #expect(!all.contains(".hidden/pump-secret"))
        var streamed: [String] = []
        for try await batch in source.searchBatches("secret") { streamed += batch.map(\.id) }
        #expect(streamed.isEmpty)
    }

    @Test("streamed batches hold every match once, one batch per folder, and stop when the reader stops")
    func streamed() async throws {
        let dir = try Self.makeTree()
        defer { dir.remove() }
        let source = FileSystemSource(root: dir.path)
        var batches: [[HierarchyNode]] = []
        for try await batch in source.searchBatches("PUMP") { batches.append(batch) }
        let ids = batches.flatMap { $0.map(\.id) }
        #expect(ids.count == 39)
        #expect(Set(ids) == Set(try await source.search("pump", in: 0..<1000).map(\.id)))
        #expect(batches.count >= 30)
        #expect(batches.allSatisfy { !$0.isEmpty })
        let folder = try #require(batches.joined().first { $0.id == "pumps" })
        #expect(folder.isContainer && folder.subtitle == "Folder")
        #expect(batches.joined().first { $0.id == "Pümpe" }?.isContainer == false)

        var first: [HierarchyNode]?
        for try await batch in source.searchBatches("valve") {
            first = batch
            break
        }
        #expect(first?.isEmpty == false)
        var none = 0
        for try await batch in source.searchBatches("  ") { none += batch.count }
        #expect(none == 0)
    }

    @Test("a streamed page holds the paged search's matches, in its order, stat'ed")
    func streamedPages() async throws {
        let dir = try Self.makeTree()
        defer { dir.remove() }
        let source = FileSystemSource(root: dir.path)
        for range in [0..<1000, 0..<5, 3..<11, 38..<50, 60..<70] {
            var batches: [[HierarchyNode]] = []
            for try await batch in source.searchBatches("pump", in: range) { batches.append(batch) }
            let paged = try await source.search("pump", in: range)
            #expect(batches.flatMap { $0 } == paged, "range \(range)")
            #expect(batches.allSatisfy { !$0.isEmpty })
        }
        // Several folders' matches come as several batches.
        var count = 0
        for try await _ in source.searchBatches("pump", in: 0..<1000) { count += 1 }
        #expect(count > 10)
        let file = try #require(try await source.searchBatches("pump-00", in: 0..<1).first { _ in true }?.first)
        #expect(file.subtitle == "File")
        let listQuery = HierarchyListQuery(source: source)
        var streamedItems: [HierarchyListItem] = []
        for try await batch in listQuery.searchBatches("pump", in: 0..<20) { streamedItems += batch }
        #expect(streamedItems == (try await listQuery.search("pump", in: 0..<20)))
        var all: [HierarchyListItem] = []
        for try await batch in listQuery.searchBatches("pump", in: nil) { all += batch }
        #expect(Set(all.map(\.node.id)).count == 39)
        let deep = try #require(all.first { $0.node.id == "area0/unit0/Pump-00.txt" })
        #expect(deep.ancestors == (try await listQuery.search("pump-00", in: 0..<1)).first?.ancestors)
    }

    @Test("a cancelled search ends with CancellationError")
    func cancelled() async throws {
        let dir = try Self.makeTree()
        defer { dir.remove() }
        let source = FileSystemSource(root: dir.path)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await source.search("pump", in: 0..<1000)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("names match ignoring case and diacritics, fast path or not")
    func matcher() {
        let pump = NameMatcher(" pump ")
        #expect(pump.needle == "pump")
        for name in ["Pump", "a-PUMP.txt", "pumpkin", "Pümp"] { #expect(pump.matches(name), "\(name)") }
        for name in ["pum", "", "p u m p", "valve"] { #expect(!pump.matches(name), "\(name)") }
        #expect(NameMatcher("pümp").matches("PUMP"))
        #expect(NameMatcher("ÜB").matches("über"))
        #expect(NameMatcher("").isEmpty)
        let invalid: [UInt8] = [0x70, 0x75, 0xFF, 0x6D, 0x70]
        #expect(invalid.withUnsafeBufferPointer { NameMatcher("m").matches($0) })
        #expect(!invalid.withUnsafeBufferPointer { NameMatcher("pump").matches($0) })
    }
}
