import Synchronization

/// One caller's wait for a result that arrives from another thread, cancellable.
///
/// `resolve` may be called any number of times from anywhere; the first result wins.
package final class Waiter<Value: Sendable>: Sendable {
    package init() {}

    private enum State {
        case idle
        case waiting(CheckedContinuation<Value, any Error>)
        case done(Result<Value, any Error>)
    }

    private let state = Mutex<State>(.idle)

    /// Suspends until ``resolve(_:)``; `start` runs once the wait is installed
    /// (not at all if the task was cancelled first).
    package func wait(start: @Sendable () -> Void) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let early: Result<Value, any Error>? = state.withLock { state in
                    if case .done(let result) = state { return result }
                    state = .waiting(continuation)
                    return nil
                }
                if let early {
                    continuation.resume(with: early)
                } else {
                    start()
                }
            }
        } onCancel: {
            resolve(.failure(CancellationError()))
        }
    }

    /// Delivers a result; later calls are ignored.
    package func resolve(_ result: Result<Value, any Error>) {
        let continuation: CheckedContinuation<Value, any Error>? = state.withLock { state in
            switch state {
            case .idle:
                state = .done(result)
                return nil
            case .waiting(let continuation):
                state = .done(result)
                return continuation
            case .done:
                return nil
            }
        }
        continuation?.resume(with: result)
    }
}
