/// A side effect the list's state asks its owner to perform.
public enum ListEffect<Section: Hashable>: Equatable {
    /// Call a section's loader, then send `.response` with the request's ticket.
    case load(ListLoadRequest<Section>)
    /// Cancel the loader calls of a request that a newer one replaced (their answers are dropped anyway).
    case cancelLoads(ticket: Int)
    /// Cancel any pending debounce, sleep for the debounce timing, then send `.searchDebounceElapsed`.
    case startDebounce(ticket: Int)
    /// Cancel the pending debounce.
    case cancelDebounce
}

extension ListEffect: Sendable where Section: Sendable {}
