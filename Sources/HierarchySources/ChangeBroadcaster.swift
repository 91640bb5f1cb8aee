import Foundation
import Synchronization

/// Hands each change to every subscriber's stream; a store keeps one and feeds it from its
/// single listener (one `LISTEN` connection, one poller) however many views are open.
public final class ChangeBroadcaster: Sendable {
    private struct State {
        var subscribers: [UUID: AsyncStream<HierarchySourceChange>.Continuation] = [:]
        var finished = false
    }

    private let state = Mutex(State())
    /// Called once, when the first subscriber arrives (the store starts listening then).
    private let onFirstSubscriber: @Sendable () -> Void
    private let started = Mutex(false)

    public init(onFirstSubscriber: @escaping @Sendable () -> Void) {
        self.onFirstSubscriber = onFirstSubscriber
    }

    /// A new stream of the changes published from now on.
    public func subscribe() -> AsyncStream<HierarchySourceChange> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: HierarchySourceChange.self, bufferingPolicy: .bufferingNewest(10_000))
        let id = UUID()
        let added = state.withLock { state in
            guard !state.finished else { return false }
            state.subscribers[id] = continuation
            return true
        }
        guard added else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        let first = started.withLock { started in
            defer { started = true }
            return !started
        }
        if first { onFirstSubscriber() }
        return stream
    }

    /// The number of open subscriptions.
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Sends `change` to every subscriber.
    public func publish(_ change: HierarchySourceChange) {
        let continuations = state.withLock { Array($0.subscribers.values) }
        for continuation in continuations { continuation.yield(change) }
    }

    /// Ends every stream; later subscribers get a finished stream.
    public func finish() {
        let continuations = state.withLock { state in
            state.finished = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
