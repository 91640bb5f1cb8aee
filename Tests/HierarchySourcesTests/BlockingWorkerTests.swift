import Dispatch
import Foundation
import Testing

@testable import HierarchySources

@Suite struct BlockingWorkerTests {
    @Test func returnsTheJobsResult() async throws {
        let worker = BlockingWorker(timeLimit: .seconds(30))
        #expect(try await worker.run("adding") { .success(2 + 3) } == 5)
        await #expect {
            try await worker.run("failing") { Result<Int, HierarchySourceError>.failure(.init(.io, "x")) }
        } throws: { ($0 as? HierarchySourceError)?.message == "x" }
    }

    @Test func aHungCallTimesOutAndLeavesTheCallerFree() async throws {
        let worker = BlockingWorker(timeLimit: .milliseconds(50))
        let gate = DispatchSemaphore(value: 0)
        await #expect {
            try await worker.run("waiting on a dead mount") { () -> Result<Int, HierarchySourceError> in
                gate.wait()
                return .success(1)
            }
        } throws: { ($0 as? HierarchySourceError)?.message.hasPrefix("timed out after") == true }
        gate.signal()
    }

    @Test func waitsCanBeCancelled() async throws {
        let waiter = Waiter<Int>()
        let task = Task { try await waiter.wait {} }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        waiter.resolve(.success(1))
    }
}
