/// A change to a source's data, as a store publishes it to the views open on it.
///
/// Indexes are positions among the parent's children (before a removal, after an insertion).
/// When a store cannot say exactly what changed it sends ``childrenChanged(parentID:)`` or
/// ``reset``, and views ask again.
public enum HierarchySourceChange: Sendable, Equatable {
    /// An item appeared under `parentID` at `index`.
    case inserted(id: String, parentID: String, index: Int)
    /// An item (with its subtree) left `parentID`, where it was at `index`.
    case removed(id: String, parentID: String, index: Int)
    /// An item's own text (title, subtitle, footnote, status) changed.
    case updated(id: String)
    /// The children of `parentID` changed in a way not described item by item (a reordering).
    case childrenChanged(parentID: String)
    /// Anything may have changed (a bulk change, or changes missed while disconnected).
    case reset
    /// Children were added after the last ones of `parentID`, which now has `count` (a document
    /// that grows while it is read).
    case appended(parentID: String, count: Int)
    /// A note on the source's work in progress for the status line ("reading 12.3 MB of
    /// 25.9 MB"), or `nil` when it is done.
    case progress(String?)
    /// The store's server went away (`false`: views say "reconnecting…") or came back (`true`).
    case connection(available: Bool)
}

extension HierarchySource {
    /// The changes made to the data from now on, by this process or any other.
    ///
    /// Each call gives a new stream for one consumer; it ends when the consumer's task is
    /// cancelled. Sources that never change (documents, the sample) return a stream that
    /// finishes at once.
    public func changes() -> AsyncStream<HierarchySourceChange> {
        AsyncStream { $0.finish() }
    }
}
