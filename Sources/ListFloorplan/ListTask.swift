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

/// A value handed between a view model on the main actor and the tasks that load for it.
///
/// `@unchecked Sendable`: the entities and sections a host need not declare `Sendable` (a
/// public struct, a generated proxy class) are made by its loaders and handed to the view
/// model once; the list never changes them, and reads them off the main actor only where a
/// loader gives them to it there (`DataLoader.inMemory` filters the items it was given, which
/// the host no longer changes).
struct ListHandOver<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
