import Synchronization

/// The error of ``withTimeout(_:operation:)`` when the deadline passes first.
public struct TimeoutError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The time limit that passed.
    public var timeout: Duration

    public init(timeout: Duration) {
        self.timeout = timeout
    }

    public var description: String { "no answer within \(timeout)" }
}

/// Runs `operation` with a time limit and returns at the deadline at the latest.
///
/// Unlike a task group, which waits for every child before it returns, this returns (throws
/// ``TimeoutError``) as soon as the deadline passes, and cancels the operation, even when the
/// operation ignores cancellation (a source blocked in a system call): the operation's task
/// then finishes on its own and its answer is dropped. Cancelling the caller cancels the
/// operation and throws `CancellationError` at once.
///
/// - Parameters:
///   - timeout: The time limit.
///   - clock: The clock the deadline is on (a manual clock in tests).
///   - operation: The work; it runs in a task of its own.
/// - Returns: The operation's result, if it came first.
/// - Throws: ``TimeoutError`` at the deadline, `CancellationError` when the caller is
///   cancelled, or the operation's own error.
public func withTimeout<T: Sendable>(
    _ timeout: Duration, clock: any Clock<Duration> = ContinuousClock(),
    operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let race = TimeoutRace<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            race.start(continuation)
            let work = Task {
                do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
            }
            let timer = Task {
                do { try await clock.sleep(for: timeout) } catch { return }
                race.finish(.failure(TimeoutError(timeout: timeout)))
            }
            race.own(work: work, timer: timer)
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// The state shared by the operation, the timer and the caller's cancellation: the first to
/// finish resumes the caller and cancels the other two tasks. Safe to share because every
/// field is behind the mutex.
private final class TimeoutRace<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var result: Result<T, any Error>?
        var tasks: [Task<Void, Never>] = []
        var finished = false
    }

    private let state = Mutex(State())

    func start(_ continuation: CheckedContinuation<T, any Error>) {
        let early: Result<T, any Error>? = state.withLock { state in
            if state.finished { return state.result }
            state.continuation = continuation
            return nil
        }
        // Cancelled before the continuation existed: answer at once.
        if let early { continuation.resume(with: early) }
    }

    func own(work: Task<Void, Never>, timer: Task<Void, Never>) {
        let cancelNow = state.withLock { state in
            state.tasks = [work, timer]
            return state.finished
        }
        if cancelNow {
            work.cancel()
            timer.cancel()
        }
    }

    func finish(_ result: Result<T, any Error>) {
        let (continuation, tasks): (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) = state.withLock { state in
            guard !state.finished else { return (nil, []) }
            state.finished = true
            state.result = result
            defer { state.continuation = nil }
            return (state.continuation, state.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(with: result)
    }
}
