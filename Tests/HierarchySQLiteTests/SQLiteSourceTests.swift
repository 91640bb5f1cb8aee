import Foundation
import GRDB
import HierarchySources
import HierarchyTestSupport
import Testing

@testable import HierarchySQLite

@Suite("SQLiteSource")
struct SQLiteSourceTests {
    /// A store with a root `r`, `n` children `c0...`, and a chain `c0 > d1 > d2 > d3`.
    func makeStore(children n: Int, in directory: TemporaryDirectory) async throws -> SQLiteSource {
        var csv = "id,parent_id,title\nr,,Root\n"
        for index in 0..<n { csv += "c\(index),r,Child \(index)\n" }
        if n > 0 { csv += "d1,c0,Deep 1\nd2,d1,Deep 2\nd3,d2,Deep 3\n" }
        let db = directory.file("store.db")
        try await importText(csv, named: "in.csv", into: db, in: directory)
        return try SQLiteSource(path: db.path)
    }

    @Test("children pages at and across page boundaries", arguments: [0, 1, 9, 10, 11, 25])
    func paging(count: Int) async throws {
        let directory = try TemporaryDirectory()
        let source = try await makeStore(children: count, in: directory)
        #expect(try await source.childCount(ofID: "r") == count)
        for pageSize in [1, 3, 10] {
            var titles: [String] = []
            var start = 0
            while start < count {
                let page = try await source.children(ofID: "r", in: start..<(start + pageSize))
                #expect(page.count == min(pageSize, count - start))
                titles += page.map(\.title)
                start += pageSize
            }
            #expect(titles == (0..<count).map { "Child \($0)" })
            // Past the end: clamped to nothing.
            #expect(try await source.children(ofID: "r", in: count..<(count + pageSize)).isEmpty)
        }
    }

    @Test("keyset continuation remembers boundaries; random jumps seek")
    func keysetAndJumps() async throws {
        let directory = try TemporaryDirectory()
        let source = try await makeStore(children: 50, in: directory)
        _ = try await source.children(ofID: "r", in: 0..<20)
        let remembered = source.boundaries.withLock { $0.sortKey(parentID: "r", endingAt: 20) }
        #expect(remembered != nil)
        let next = try await source.children(ofID: "r", in: 20..<30)
        #expect(next.map(\.title) == (20..<30).map { "Child \($0)" })
        let jump = try await source.children(ofID: "r", in: 37..<41)
        #expect(jump.map(\.title) == (37..<41).map { "Child \($0)" })
        let last = try await source.children(ofID: "r", in: 48..<100)
        #expect(last.map(\.title) == ["Child 48", "Child 49"])
    }

    @Test("root, node, parent, counts, unknown ids")
    func lookups() async throws {
        let directory = try TemporaryDirectory()
        let source = try await makeStore(children: 3, in: directory)
        let root = try #require(try await source.root())
        #expect(root.id == "r")
        #expect(root.childCount == 3)
        #expect(root.isContainer)
        #expect(try await source.node(withID: "c2")?.title == "Child 2")
        #expect(try await source.parent(ofID: "d2")?.id == "d1")
        #expect(try await source.parent(ofID: "r") == nil)
        #expect(try await source.node(withID: "nope") == nil)
        #expect(try await source.children(ofID: "nope", in: 0..<10).isEmpty)
        await #expect(throws: HierarchySourceError.self) { try await source.childCount(ofID: "nope") }
    }

    @Test("path to root in one query, from the root and from the deepest item")
    func pathToRoot() async throws {
        let directory = try TemporaryDirectory()
        let source = try await makeStore(children: 2, in: directory)
        #expect(try await source.path(toID: "d3").map(\.id) == ["r", "c0", "d1", "d2", "d3"])
        #expect(try await source.path(toID: "r").map(\.id) == ["r"])
        #expect(try await source.path(toID: "missing").isEmpty)
    }

    @Test("index of a child among its siblings", arguments: [true, false])
    func indexOfChild(dense: Bool) async throws {
        let directory = try TemporaryDirectory()
        _ = try await makeStore(children: 12, in: directory)
        let path = directory.file("store.db").path
        if !dense {
            // A store without the dense flag and with gaps in the sort keys.
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in
                try db.execute(sql: "UPDATE item SET sort_key = -(sort_key * 10 + 5) WHERE parent IS NOT NULL")
                try db.execute(sql: "UPDATE item SET sort_key = -sort_key WHERE sort_key < 0")
                try db.execute(sql: "DELETE FROM hierarchy_meta WHERE name = 'dense_sort_keys'")
            }
            try queue.close()
        }
        let source = try SQLiteSource(path: path)
        #expect(source.hasDenseSortKeys == dense)
        #expect(try await source.index(ofChildID: "c0", inParentID: "r") == 0)
        #expect(try await source.index(ofChildID: "c7", inParentID: "r") == 7)
        #expect(try await source.index(ofChildID: "c11", inParentID: "r") == 11)
        #expect(try await source.index(ofChildID: "d1", inParentID: "r") == nil)
        // Jumps work with both seek strategies.
        #expect(try await source.children(ofID: "r", in: 5..<8).map(\.id) == ["c5", "c6", "c7"])
    }

    @Test("browsing and searching never write to the file")
    func readOnly() async throws {
        let directory = try TemporaryDirectory()
        let source = try await makeStore(children: 30, in: directory)
        let path = directory.file("store.db").path
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let filesBefore = try directory.contents()
        _ = try await dump(source)
        _ = try await source.search("child", in: 0..<10)
        _ = try await source.path(toID: "d3")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try directory.contents() == filesBefore)
        // The connection itself refuses writes.
        await #expect(throws: (any Error).self) {
            try await source.queue.write { db in try db.execute(sql: "DELETE FROM item") }
        }
    }

    @Test("a missing file, a file that is not a database, an empty file")
    func notADatabase() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: HierarchySourceError.self) { try SQLiteSource(path: directory.file("none.db").path) }
        let text = try directory.write("text.db", String(repeating: "not a database\n", count: 100))
        let error = try #require(throws: HierarchySourceError.self) { try SQLiteSource(path: text.path) }
        #expect(error.code == .malformed)
        #expect(error.description.contains("not a database"))
        let empty = try directory.write("empty.db", "")
        let emptyError = try #require(throws: HierarchySourceError.self) { try SQLiteSource(path: empty.path) }
        #expect(emptyError.code == .malformed)
        // Nothing was created next to them.
        #expect(try directory.contents() == ["empty.db", "text.db"])
    }

    @Test("a corrupted database is reported, not crashed on")
    func corrupted() async throws {
        let directory = try TemporaryDirectory()
        _ = try await makeStore(children: 2000, in: directory)
        let url = directory.file("store.db")
        var bytes = try Data(contentsOf: url)
        // Overwrite the schema page after the 100-byte header.
        for index in 100..<min(4096, bytes.count) { bytes[index] = 0xA5 }
        try bytes.write(to: url)
        let error = try #require(throws: HierarchySourceError.self) { try SQLiteSource(path: url.path) }
        #expect(error.code == .malformed)
        #expect(error.description.contains("corrupt") || error.description.contains("not a database"))
    }

    @Test("another schema and a newer schema version are rejected")
    func otherSchemas() async throws {
        let directory = try TemporaryDirectory()
        let other = directory.file("other.db").path
        let queue = try DatabaseQueue(path: other)
        try await queue.write { db in try db.execute(sql: "CREATE TABLE notes (body TEXT)") }
        try queue.close()
        let error = try #require(throws: HierarchySourceError.self) { try SQLiteSource(path: other) }
        #expect(error.code == .malformed)
        #expect(error.description.contains("another schema"))
        #expect(error.description.contains(#"tables "notes"); browse a table of it with --table NAME"#))

        _ = try await makeStore(children: 1, in: directory)
        let path = directory.file("store.db").path
        let writer = try DatabaseQueue(path: path)
        try await writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = 99") }
        try writer.close()
        let newer = try #require(throws: HierarchySourceError.self) { try SQLiteSource(path: path) }
        #expect(newer.code == .unsupported)
        #expect(newer.description.contains("newer"))
    }

    @Test("a locked database gives a clear error within the busy timeout")
    func locked() async throws {
        let directory = try TemporaryDirectory()
        _ = try await makeStore(children: 1, in: directory)
        let path = directory.file("store.db").path
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: path, configuration: configuration)
        try holder.inDatabase { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
        let started = ContinuousClock.now
        let error = try #require(throws: HierarchySourceError.self) { try SQLiteSource(path: path) }
        #expect(error.code == .io)
        #expect(error.description.contains("locked"))
        // It gives up after its busy timeout while the lock is still held (a bound only against hanging).
        #expect(ContinuousClock.now - started < .seconds(60))
        try holder.inDatabase { db in try db.execute(sql: "ROLLBACK") }
        try holder.close()
        #expect(try SQLiteSource(path: path).hasDenseSortKeys)
    }
}
