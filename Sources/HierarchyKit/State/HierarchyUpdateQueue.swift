import Foundation

/// The data source's updates to a view, in the order it made them: those made from inside an
/// answer to the view wait until the view is done asking, as if made right after.
///
/// The same update made again from inside an answer, before the view was idle since it was
/// applied, would be answered by the same questions and made again forever (a data source
/// that invalidates the item whose cell it is asked for): it is dropped, and the first drop is
/// reported. Were it real, the count checked after every update shows the difference.
struct HierarchyUpdateQueue {
    /// A call of the data source that changes what the view shows.
    enum Update: Hashable {
        case reload
        case insert(String, IndexSet)
        case remove(String, IndexSet)
        case invalidateParent(String)
        case invalidateChildren(String)
        case invalidateRows(String, IndexSet)
        case invalidateItems([String])

        /// The call, as messages name it.
        var callName: String {
            switch self {
            case .reload: "reloadData()"
            case .insert(let parent, _): "insertChildren(of: \(parent), at:)"
            case .remove(let parent, _): "removeChildren(of: \(parent), at:)"
            case .invalidateParent(let child): "invalidateParent(of: \(child))"
            case .invalidateChildren(let parent): "invalidateChildren(of: \(parent))"
            case .invalidateRows(let parent, _): "invalidateChildren(of: \(parent), at:)"
            case .invalidateItems: "invalidateItems(with:)"
            }
        }
    }

    /// The updates not taken yet, oldest first, each with whether it came from inside an answer.
    private var queued: [(update: Update, fromAnswer: Bool)] = []
    /// The updates taken since the view last was idle.
    private var taken: Set<Update> = []
    /// Whether a repeated update was reported since the view last was idle.
    private var hasReportedRepeat = false

    /// Whether no update waits.
    var isEmpty: Bool { queued.isEmpty }

    /// Queues an update.
    ///
    /// - Parameters:
    ///   - update: The data source's call.
    ///   - fromAnswer: Whether it came from inside an answer to the view.
    mutating func append(_ update: Update, fromAnswer: Bool) {
        queued.append((update, fromAnswer))
    }

    /// Takes the oldest update to apply, dropping repeats made from inside the answers.
    ///
    /// - Returns: The update, or `nil` when none is left, and the error to report when this
    ///   call dropped the first repeat since the view last was idle.
    mutating func next() -> (update: Update?, error: HierarchyError?) {
        var error: HierarchyError?
        while !queued.isEmpty {
            let (update, fromAnswer) = queued.removeFirst()
            if taken.insert(update).inserted || !fromAnswer { return (update, error) }
            if !hasReportedRepeat {
                hasReportedRepeat = true
                error = HierarchyError(
                    .invalidOperation,
                    "the data source called \(update.callName) again from inside its answers to the view; ignored")
            }
            queued.removeAll { $0.update == update }
        }
        return (nil, error)
    }

    /// The view is idle: an update made from now on is not a repeat of one before.
    mutating func becameIdle() {
        taken = []
        hasReportedRepeat = false
    }
}
