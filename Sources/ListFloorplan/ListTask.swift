/// The work an action started in a ``ListViewModel``: loader calls and debounce timers.
///
/// Await ``finish()`` to know that the answers have been applied (tests use it instead of
/// sleeping). A debounce task finishes once its search has been answered, or at once when it is
/// cancelled by a newer text change.
public struct ListTask: Sendable {
    let tasks: [Task<Void, Never>]

    init(_ tasks: [Task<Void, Never>] = []) {
        self.tasks = tasks
    }

    /// Whether the action started no work.
    public var isEmpty: Bool { tasks.isEmpty }

    /// Waits until all the work has finished.
    public func finish() async {
        for task in tasks { await task.value }
    }

    /// Cancels all the work; answers that still arrive are dropped by ticket.
    public func cancel() {
        for task in tasks { task.cancel() }
    }
}
