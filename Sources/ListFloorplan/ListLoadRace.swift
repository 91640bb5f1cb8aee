import Synchronization

/// Runs one loader call against a timeout and hands on whichever finishes first.
///
/// The loader runs in its own task, so an answer is delivered even if the loader ignores
/// cancellation; the timeout sleeps on the view model's clock. Whichever comes second is ignored,
/// and the loser is cancelled.
final class ListLoadRace<Entity: Sendable>: Sendable {
    private struct Storage {
        var continuation: CheckedContinuation<Result<[Entity], ListLoadError>, Never>?
        var tasks: [Task<Void, Never>] = []
        var finished = false
    }

    // Mutex makes the first-wins hand-over safe between the loader, timer and cancelling tasks.
    private let storage = Mutex(Storage())

    /// Runs the loader call and returns its result, a timeout error, or a cancellation error.
    ///
    /// - Parameters:
    ///   - loader: The section's loader.
    ///   - request: What to load.
    ///   - timeout: The timeout's sleep and its duration, or `nil` for none.
    /// - Returns: The first outcome.
    static func run(
        _ loader: DataLoader<Entity>,
        _ request: ListLoadRequest<some Hashable & Sendable>,
        timeout: (sleep: @Sendable () async throws -> Void, duration: Duration)?
    ) async -> Result<[Entity], ListLoadError> {
        let race = ListLoadRace()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.start(continuation) {
                    var tasks = [Task {
                        do {
                            race.finish(.success(try await loader.query(forItemsIn: request.range, with: request.searchString)))
                        } catch {
                            race.finish(.failure(ListLoadError(error)))
                        }
                    }]
                    if let timeout {
                        tasks.append(Task {
                            do { try await timeout.sleep() } catch { return }
                            race.finish(.failure(ListLoadError(message: "No answer within \(timeout.duration)")))
                        })
                    }
                    return tasks
                }
            }
        } onCancel: {
            race.finish(.failure(ListLoadError(CancellationError())))
        }
    }

    private func start(
        _ continuation: CheckedContinuation<Result<[Entity], ListLoadError>, Never>,
        tasks makeTasks: () -> [Task<Void, Never>]
    ) {
        let cancelledEarly = storage.withLock { storage -> Bool in
            if storage.finished { return true }
            storage.continuation = continuation
            return false
        }
        if cancelledEarly {
            continuation.resume(returning: .failure(ListLoadError(CancellationError())))
            return
        }
        let tasks = makeTasks()
        let alreadyDone = storage.withLock { storage -> Bool in
            storage.tasks = tasks
            return storage.finished
        }
        if alreadyDone { for task in tasks { task.cancel() } }
    }

    private func finish(_ result: Result<[Entity], ListLoadError>) {
        let (continuation, tasks) = storage.withLock { storage -> (CheckedContinuation<Result<[Entity], ListLoadError>, Never>?, [Task<Void, Never>]) in
            guard !storage.finished else { return (nil, []) }
            storage.finished = true
            defer { storage.continuation = nil }
            return (storage.continuation, storage.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(returning: result)
    }
}
