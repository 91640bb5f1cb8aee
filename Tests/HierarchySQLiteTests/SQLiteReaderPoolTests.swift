import Dispatch
import Foundation
import GRDB
import HierarchySources
import Testing

@testable import HierarchySQLite

@Suite("SQLiteReaderPool")
struct SQLiteReaderPoolTests {
    /// A store with a root `r` and `n` children `c0...`.
    func makeStore(children n: Int, in directory: TemporaryDirectory, readers: Int? = nil) async throws -> SQLiteSource
    {
        var csv = "id,parent_id,title\nr,,Root\n"
        for index in 0..<n { csv += "c\(index),r,Child \(index)\n" }
        let db = directory.file("store.db")
        try await importText(csv, named: "in.csv", into: db, in: directory)
        return try SQLiteSource(path: db.path, readers: readers)
    }

    @Test("many parallel reads all complete with the answers of sequential ones")
    func parallelReadsAgree() async throws {
        let directory = try TemporaryDirectory()
        let source = try await makeStore(children: 500, in: directory, readers: 3)
        #expect(source.readers.readers.count == 3)
        let ranges = (0..<48).map { index in (index * 37 % 450)..<(index * 37 % 450 + 50) }
        var expected: [[String]] = []
        for range in ranges { expected.append(try await source.children(ofID: "r", in: range).map(\.id)) }
        let parallel = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for (index, range) in ranges.enumerated() {
                group.addTask { (index, try await source.children(ofID: "r", in: range).map(\.id)) }
            }
            var answers = [[String]](repeating: [], count: ranges.count)
            for try await (index, ids) in group { answers[index] = ids }
            return answers
        }
        #expect(parallel == expected)
        #expect(parallel[1] == (37..<87).map { "c\($0)" })
        #expect(source.readers.readsInFlight == [0, 0, 0])
    }

    @Test("a read on a free connection does not wait for a long read on another")
    func readsOverlap() async throws {
        let directory = try TemporaryDirectory()
        let source = try await makeStore(children: 10, in: directory, readers: 2)
        let release = DispatchSemaphore(value: 0)
        // The first read holds its connection (on GRDB's thread, not the cooperative pool)
        // until the second read has run; were reads serial, it would time out instead.
        let long = Task {
            try await source.readers.read { _ in release.wait(timeout: .now() + 60) == .success }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while source.readers.readsInFlight != [1, 0], ContinuousClock.now < deadline { await Task.yield() }
        #expect(source.readers.readsInFlight == [1, 0])
        let count = try await source.childCount(ofID: "r")
        release.signal()
        #expect(count == 10)
        #expect(try await long.value == true)
    }

    @Test("every connection of the pool refuses writes")
    func everyReaderIsReadOnly() async throws {
        let directory = try TemporaryDirectory()
        let source = try await makeStore(children: 3, in: directory, readers: 2)
        for reader in source.readers.readers {
            #expect(throws: (any Error).self) {
                try reader.write { db in try db.execute(sql: "DELETE FROM item") }
            }
        }
        #expect(try await source.childCount(ofID: "r") == 3)
    }

    @Test("a store whose file is read-only opens and reads in parallel")
    func readOnlyFile() async throws {
        let directory = try TemporaryDirectory()
        let source = try await makeStore(children: 20, in: directory)
        let path = source.path
        #expect(chmod(path, 0o444) == 0)
        #expect(chmod(directory.url.path, 0o555) == 0)
        defer { _ = chmod(directory.url.path, 0o755) }
        let reopened = try SQLiteSource(path: path, readers: 2)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await reopened.childCount(ofID: "r") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 20, count: 8))
    }
}
