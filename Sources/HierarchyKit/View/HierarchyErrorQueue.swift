/// The errors reported and not yet shown: the one stream a face drains for its status line.
///
/// A view's queue (``HierarchyView/takeErrors()``) gets every error the view reports —
/// a data source breaking its contract, a load that failed (``HierarchyView/reportError(_:)``,
/// which the source adapter calls) — in the order they happened. A face takes them when it
/// draws and shows the newest; nothing is counted or compared. A face without a view (the
/// linear face) keeps a queue of its own for its loads.
///
/// The queue is bounded: past ``capacity`` pending errors the oldest go, and
/// ``droppedCount`` says how many went.
public struct HierarchyErrorQueue: Sendable, Equatable {
    /// The most errors kept pending.
    public static let capacity = 100

    /// The errors not taken yet, oldest first.
    public private(set) var pending: [HierarchyError] = []
    /// How many errors were dropped, unread, because the queue was full.
    public private(set) var droppedCount = 0
    /// The last ``capacity`` errors appended, taken or not, oldest first: a history for tests
    /// and diagnostics.
    public private(set) var recent: [HierarchyError] = []

    /// An empty queue.
    public init() {}

    /// Whether no error is pending.
    public var isEmpty: Bool { pending.isEmpty }

    /// Adds an error at the end, dropping the oldest past ``capacity``.
    ///
    /// - Complexity: amortised O(1).
    public mutating func append(_ error: HierarchyError) {
        recent.append(error)
        if recent.count > Self.capacity { recent.removeFirst(recent.count - Self.capacity) }
        pending.append(error)
        if pending.count > Self.capacity {
            let excess = pending.count - Self.capacity
            pending.removeFirst(excess)
            droppedCount += excess
        }
    }

    /// Returns the pending errors, oldest first, and empties the queue.
    public mutating func take() -> [HierarchyError] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }
}
