import Dispatch
import Foundation
import Synchronization

/// Runs blocking file system calls on threads of their own, outside Swift's
/// cooperative pool.
///
/// Each job gets a new thread, so a call that hangs (a dead network mount)
/// holds only that thread. Every job has a time limit: after it the waiting
/// callers get an error, while the thread is left to finish (or hang) alone.
/// Callers can cancel their wait at any time.
package final class BlockingWorker: Sendable {
    /// How long a job may take before its callers get a time-out error.
    package let timeLimit: Duration

    package init(timeLimit: Duration) {
        self.timeLimit = timeLimit
    }

    /// Starts a job; `completion` is called exactly once, with the job's result or a time-out.
    ///
    /// - Parameters:
    ///   - what: Words for the time-out message ("reading /mnt/share").
    ///   - work: The blocking job.
    ///   - completion: Called on the job's thread or the timer's queue.
    package func submit<Value: Sendable>(
        _ what: String,
        _ work: @escaping @Sendable () -> Result<Value, HierarchySourceError>,
        completion: @escaping @Sendable (Result<Value, HierarchySourceError>) -> Void
    ) {
        let once = OnceFlag()
        let thread = Thread {
            let result = work()
            if once.claim() { completion(result) }
        }
        thread.name = "HierarchySources.BlockingWorker"
        thread.start()
        let seconds = Double(timeLimit.components.seconds) + Double(timeLimit.components.attoseconds) / 1e18
        let limit = timeLimit
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            if once.claim() {
                completion(.failure(HierarchySourceError(.io, "timed out after \(limit) \(what)")))
            }
        }
    }

    /// Runs a job and waits for it, cancellably.
    ///
    /// - Throws: The job's error, a time-out error, or `CancellationError`.
    package func run<Value: Sendable>(
        _ what: String, _ work: @escaping @Sendable () -> Result<Value, HierarchySourceError>
    ) async throws -> Value {
        let waiter = Waiter<Value>()
        return try await waiter.wait { [self] in
            submit(what, work) { waiter.resolve($0.mapError { $0 }) }
        }
    }
}
