/// A request that failed for some sections; `retry` runs it again for them.
public struct ListFailure<Section: Hashable>: Equatable {
    /// What was being loaded.
    public internal(set) var kind: ListRequestKind
    /// Whose results were being loaded.
    public internal(set) var mode: ListMode
    /// The sections that failed, in section order.
    public internal(set) var sections: [Section]
    /// The message of the first error.
    public internal(set) var message: String
}

extension ListFailure: Sendable where Section: Sendable {}
