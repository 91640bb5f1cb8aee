/// The load request in flight: its ticket, what it loads and which sections have not answered yet.
public struct ListRequest<Section: Hashable>: Equatable {
    /// The ticket answers must carry; answers with another ticket are dropped.
    public internal(set) var ticket: Int
    /// What is loaded.
    public internal(set) var kind: ListRequestKind
    /// Whose results are loaded.
    public internal(set) var mode: ListMode
    /// The positions asked of each section (`nil`: all items).
    public internal(set) var ranges: [Section: Range<Int>?]
    /// The sections that have not answered yet.
    public internal(set) var pending: Set<Section>
    /// The sections that answered with an error, in the order they answered.
    public internal(set) var failed: [Section]
    /// The message of the first error.
    public internal(set) var failureMessage: String?
    /// Whether at least one section answered with items.
    public internal(set) var succeeded: Bool
    /// The number of items the answers so far brought.
    public internal(set) var newResultsCount: Int
    /// The number of items each section's batches (`.partial`) brought so far.
    public internal(set) var streamed: [Section: Int] = [:]
}

extension ListRequest: Sendable where Section: Sendable {}
