import Synchronization

/// Hands the batches of a streaming loader to the main actor, joining the batches that arrive
/// while the main actor is busy into one, so a loader that finds thousands of small batches a
/// second costs the screen one update per turn of the main actor, not one per batch.
final class ListBatchRelay<Entity>: Sendable {
    private struct Storage {
        var pending = ListHandOver<[Entity]>([])
        var scheduled = false
    }

    // Mutex guards the items not yet delivered between the loader's task and the main actor.
    private let storage = Mutex(Storage())
    private let deliver: @MainActor @Sendable ([Entity]) -> Void

    /// Creates a relay.
    ///
    /// - Parameter deliver: Called on the main actor with the items found since its last call.
    init(deliver: @escaping @MainActor @Sendable ([Entity]) -> Void) {
        self.deliver = deliver
    }

    /// Adds a batch; schedules a delivery unless one is waiting already.
    ///
    /// - Parameter batch: Items found, in display order.
    /// - Complexity: O(*k*) for a batch of *k* items.
    @Sendable func add(_ batch: [Entity]) {
        let handed = ListHandOver(batch)
        let schedule = storage.withLock { storage -> Bool in
            storage.pending = ListHandOver(storage.pending.value + handed.value)
            defer { storage.scheduled = true }
            return !storage.scheduled
        }
        guard schedule else { return }
        Task { @MainActor in
            let items = self.storage.withLock { storage -> ListHandOver<[Entity]> in
                storage.scheduled = false
                defer { storage.pending = ListHandOver([]) }
                return storage.pending
            }
            if !items.value.isEmpty { self.deliver(items.value) }
        }
    }
}
