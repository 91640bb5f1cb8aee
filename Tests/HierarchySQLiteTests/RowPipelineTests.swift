import Foundation
import HierarchySources
import Synchronization
import Testing

@testable import HierarchySQLite

@Suite("RowPipeline")
struct RowPipelineTests {
    static func row(_ key: Int64) -> ItemRecord {
        ItemRecord(key: key, parent: nil, position: key, id: "n\(key)", title: "T\(key)")
    }

    @Test("delivers every batch in order, then the reader's result", arguments: [0, 1, 3, 100])
    func order(batches: Int) throws {
        let pipeline = RowPipeline(capacity: 2) { emit in
            for index in 0..<batches {
                guard emit([Self.row(Int64(2 * index)), Self.row(Int64(2 * index + 1))], Int64(index)) else {
                    return -1
                }
            }
            return batches
        }
        defer { pipeline.stop() }
        var keys: [Int64] = []
        var offsets: [Int64?] = []
        while let batch = try pipeline.next() {
            keys += batch.rows.map(\.key)
            offsets.append(batch.bytesRead)
        }
        #expect(keys == (0..<Int64(2 * batches)).map { $0 })
        #expect(offsets == (0..<batches).map { Int64($0) })
        #expect(try pipeline.result() == batches)
    }

    @Test("a reader error arrives after the batches before it")
    func readerError() throws {
        let pipeline = RowPipeline(capacity: 1) { emit -> Int in
            _ = emit([Self.row(1)], nil)
            throw HierarchySourceError(.malformed, "bad input", line: 7)
        }
        defer { pipeline.stop() }
        #expect(try pipeline.next()?.rows.map(\.key) == [1])
        let error = #expect(throws: HierarchySourceError.self) { _ = try pipeline.next() }
        #expect(error?.line == 7)
        #expect(throws: HierarchySourceError.self) { _ = try pipeline.result() }
    }

    @Test("stopping early ends a reader blocked on a full queue", arguments: [0, 1, 5])
    func stopEarly(consumed: Int) throws {
        let emitted = Mutex(0)
        let pipeline = RowPipeline(capacity: 1) { emit in
            var index: Int64 = 0
            while emit([Self.row(index)], nil) {
                emitted.withLock { $0 += 1 }
                index += 1
            }
            return index
        }
        for _ in 0..<consumed { _ = try pipeline.next() }
        pipeline.stop()
        // The reader ended: it emitted what was consumed plus at most the queue's capacity and one more.
        let count = emitted.withLock { $0 }
        #expect(count >= consumed && count <= consumed + 2)
        #expect(try pipeline.result() == Int64(count))
    }
}
