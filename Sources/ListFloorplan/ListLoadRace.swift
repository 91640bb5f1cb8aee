import Synchronization

/// Runs one loader call against a timeout and hands on whichever finishes first.
///
/// The loader runs in its own task, so an answer is delivered even if the loader ignores
/// cancellation; the timeout sleeps on the view model's clock. Whichever comes second is ignored,
/// and the loser is cancelled.
final class ListLoadRace<Entity>: Sendable {
    private struct Storage {
        var continuation: CheckedContinuation<ListHandOver<Result<[Entity], ListLoadError>>, Never>?
        var tasks: [Task<Void, Never>] = []
        var finished = false
        var answered = false
    }

    // Mutex makes the first-wins hand-over safe between the loader, timer and cancelling tasks.
    private let storage = Mutex(Storage())

    /// Runs the loader call and returns its result, a timeout error, or a cancellation error.
    ///
    /// - Parameters:
    ///   - loader: The section's loader.
    ///   - request: What to load.
    ///   - timeout: The timeout's sleep and its duration, or `nil` for none. A streaming loader
    ///     beats it with its first batch (a long search that keeps finding items is not cut off).
    ///   - onBatch: Called with each batch of a streaming loader, from the loader's task.
    /// - Returns: The first outcome.
    static func run(
        _ loader: DataLoader<Entity>,
        _ request: (range: Range<Int>?, searchString: String?),
        timeout: (sleep: @Sendable () async throws -> Void, duration: Duration)?,
        onBatch: (@Sendable ([Entity]) -> Void)? = nil
    ) async -> ListHandOver<Result<[Entity], ListLoadError>> {
        let race = ListLoadRace()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.start(continuation) {
                    var tasks = [
                        Task {
                            do {
                                guard loader.isStreaming, let onBatch else {
                                    race.finish(
                                        .success(
                                            try await loader.query(
                                                forItemsIn: request.range, with: request.searchString)))
                                    return
                                }
                                var all: [Entity] = []
                                for try await batch in loader.batches(
                                    forItemsIn: request.range, with: request.searchString)
                                {
                                    try Task.checkCancellation()
                                    if all.isEmpty { race.answered() }
                                    all += batch
                                    if !batch.isEmpty { onBatch(batch) }
                                }
                                race.finish(.success(all))
                            } catch {
                                race.finish(.failure(ListLoadError(error)))
                            }
                        }
                    ]
                    if let timeout {
                        tasks.append(
                            Task {
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
        _ continuation: CheckedContinuation<ListHandOver<Result<[Entity], ListLoadError>>, Never>,
        tasks makeTasks: () -> [Task<Void, Never>]
    ) {
        let cancelledEarly = storage.withLock { storage -> Bool in
            if storage.finished { return true }
            storage.continuation = continuation
            return false
        }
        if cancelledEarly {
            continuation.resume(returning: ListHandOver(.failure(ListLoadError(CancellationError()))))
            return
        }
        let tasks = makeTasks()
        let (alreadyDone, answered) = storage.withLock { storage -> (Bool, Bool) in
            storage.tasks = tasks
            return (storage.finished, storage.answered)
        }
        if alreadyDone {
            for task in tasks { task.cancel() }
        } else if answered {
            for timer in tasks.dropFirst() { timer.cancel() }
        }
    }

    /// The loader answered a first batch: the timeout no longer applies.
    private func answered() {
        let timers = storage.withLock { storage in
            storage.answered = true
            return storage.tasks.dropFirst()
        }
        for timer in timers { timer.cancel() }
    }

    private func finish(_ result: Result<[Entity], ListLoadError>) {
        let (continuation, tasks) = storage.withLock {
            storage -> (CheckedContinuation<ListHandOver<Result<[Entity], ListLoadError>>, Never>?, [Task<Void, Never>])
            in
            guard !storage.finished else { return (nil, []) }
            storage.finished = true
            defer { storage.continuation = nil }
            return (storage.continuation, storage.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(returning: ListHandOver(result))
    }
}
