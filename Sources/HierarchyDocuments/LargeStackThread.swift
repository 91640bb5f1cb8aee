import Foundation

/// Runs a synchronous job on a thread of its own with a large stack.
///
/// Reading a large document is seconds of CPU: on a thread of its own it never holds one of
/// the few threads of Swift's cooperative pool (two on a 2-core machine), whose other tasks'
/// timers and waits would stop meanwhile. The large stack is a margin for code that recurses
/// on a document's nesting (the readers do not).
package enum LargeStackThread {
    /// The stack size used: 64 MiB of address space, committed only as it is touched.
    package static let stackSize = 64 << 20

    /// Runs `job` on a new thread with ``stackSize`` bytes of stack and awaits its result; the
    /// caller's thread is free meanwhile (the job never holds a thread of the cooperative pool).
    ///
    /// - Parameter job: A bounded, CPU-only job (it must not wait for anything).
    /// - Returns: The job's result.
    /// - Throws: The job's error.
    package static func run<Value: Sendable>(_ job: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let thread = Thread { continuation.resume(with: Result { try job() }) }
            thread.stackSize = stackSize
            thread.name = "HierarchySources.DocumentParser"
            thread.start()
        }
    }

    /// Runs a job on a new thread with a large stack and returns at once.
    ///
    /// - Parameter job: The job; it reports its own outcome.
    package static func start(_ job: @escaping @Sendable () -> Void) {
        let thread = Thread(block: job)
        thread.stackSize = stackSize
        thread.name = "HierarchySources.DocumentLoad"
        thread.start()
    }
}
