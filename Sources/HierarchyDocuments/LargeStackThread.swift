import Dispatch
import Foundation
import HierarchySources
import Synchronization

/// Runs a synchronous job on a thread with a large stack and waits for it.
///
/// Parsers build and free nested values recursively (Foundation's JSON and
/// property list readers go 512 levels deep, Yams 1,000, and freeing a nested
/// `Any` tree recurses as deep again). On a thread of Swift's cooperative pool,
/// whose stack may be small, that could overflow; on this thread it cannot.
package enum LargeStackThread {
    /// The stack size used: 64 MiB of address space, committed only as it is touched.
    package static let stackSize = 64 << 20

    /// Runs `job` on a new thread with ``stackSize`` bytes of stack; the caller blocks until it ends.
    ///
    /// - Parameter job: A bounded, CPU-only job (it must not wait for anything).
    /// - Returns: The job's result.
    /// - Throws: The job's error.
    package static func run<Value: Sendable>(_ job: @escaping @Sendable () throws -> Value) throws -> Value {
        let box = ResultBox<Value>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result.withLock { $0 = Result { try job() } }
            done.signal()
        }
        thread.stackSize = stackSize
        thread.name = "HierarchySources.DocumentParser"
        thread.start()
        done.wait()
        guard let result = box.result.withLock({ $0 }) else {
            throw HierarchySourceError(.io, "the document reader stopped without a result")
        }
        return try result.get()
    }

    /// Carries a result from the job's thread to the caller.
    /// Runs a job on a new thread with a large stack and returns at once.
    ///
    /// - Parameter job: The job; it reports its own outcome.
    package static func start(_ job: @escaping @Sendable () -> Void) {
        let thread = Thread(block: job)
        thread.stackSize = stackSize
        thread.name = "HierarchySources.DocumentLoad"
        thread.start()
    }

    private final class ResultBox<Value: Sendable>: Sendable {
        let result = Mutex<Result<Value, any Error>?>(nil)
    }
}
