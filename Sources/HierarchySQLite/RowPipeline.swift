import Foundation

/// Hands batches of rows from a reading thread to the inserting thread, so that
/// parsing a file and writing the database run on two cores at once.
///
/// The reader runs `produce` on its own thread and passes batches to `emit`,
/// which waits while `capacity` batches are queued (memory stays bounded) and
/// returns `false` once the consumer has stopped. The consumer calls `next()`
/// until it returns `nil`, then `result()`; it must call `stop()` when it is
/// done or fails (it waits for the reader to end, so the reader never outlives
/// the file it reads). The reader's error is rethrown by `next()`.
///
/// Every wait is a timed wait in a loop that rechecks the state: a lost wake-up
/// costs at most `pollInterval`, never a hang. The reader always ends: at the end
/// of its input, on an error, or when `emit` returns `false`.
final class RowPipeline<Row: Sendable, Tail: Sendable>: @unchecked Sendable {
    // Every stored property below is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var queue: [(rows: [Row], bytesRead: Int64?)] = []
    private var head = 0
    private var produced: Result<Tail, any Error>?
    private var stopped = false
    private var readerEnded = false
    private let capacity: Int
    private let pollInterval: TimeInterval = 0.05

    /// The function the reader thread runs: it emits batches (with the bytes read
    /// so far) and returns what the consumer needs at the end.
    typealias Producer = @Sendable (_ emit: (_ rows: [Row], _ bytesRead: Int64?) -> Bool) throws -> Tail

    /// Starts the reader thread.
    ///
    /// - Parameters:
    ///   - capacity: The most batches queued at once.
    ///   - produce: Reads the input and emits its rows in batches.
    init(capacity: Int = 8, produce: @escaping Producer) {
        self.capacity = max(1, capacity)
        let thread = Thread { [self] in
            let outcome = Result { try produce(self.emit) }
            self.condition.lock()
            self.produced = outcome
            self.readerEnded = true
            self.condition.broadcast()
            self.condition.unlock()
        }
        thread.name = "HierarchySQLite.reader"
        thread.start()
    }

    private func emit(_ rows: [Row], _ bytesRead: Int64?) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !stopped && queue.count - head >= capacity {
            _ = condition.wait(until: Date(timeIntervalSinceNow: pollInterval))
        }
        guard !stopped else { return false }
        if head > capacity {
            queue.removeFirst(head)
            head = 0
        }
        queue.append((rows, bytesRead))
        condition.broadcast()
        return true
    }

    /// The next batch, or `nil` when the reader has ended without error.
    ///
    /// - Parameter whileWaiting: Called, outside the lock, each time a wait for the reader
    ///   passes `pollInterval` with nothing to hand over (a slow pipe, say), so the consumer can
    ///   show what it has done so far.
    /// - Throws: The reader's error, once the batches before it are consumed.
    func next(whileWaiting: () -> Void = {}) throws -> (rows: [Row], bytesRead: Int64?)? {
        condition.lock()
        defer { condition.unlock() }
        while head == queue.count && !readerEnded {
            if !condition.wait(until: Date(timeIntervalSinceNow: pollInterval)), head == queue.count, !readerEnded {
                condition.unlock()
                whileWaiting()
                condition.lock()
            }
        }
        if head < queue.count {
            let batch = queue[head]
            queue[head] = ([], nil)
            head += 1
            condition.broadcast()
            return batch
        }
        if case .failure(let error) = produced { throw error }
        return nil
    }

    /// What the reader returned.
    ///
    /// - Throws: The reader's error, or `CancellationError` if it was stopped early.
    func result() throws -> Tail {
        condition.lock()
        defer { condition.unlock() }
        guard let produced else { throw CancellationError() }
        return try produced.get()
    }

    /// Tells the reader to stop and waits until it has ended.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        stopped = true
        condition.broadcast()
        while !readerEnded {
            _ = condition.wait(until: Date(timeIntervalSinceNow: pollInterval))
        }
    }
}
