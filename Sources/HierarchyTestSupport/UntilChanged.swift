import HierarchyAdapters
import HierarchyKit

/// Waits until `condition` holds, looking at it again each time the code under test signals a
/// change through the callback `observe` installs (a screen's redraw handler, a model's
/// observer); `limit` only guards against a hang.
///
/// - Parameters:
///   - limit: The hang guard: after it the wait ends whether or not `condition` holds.
///   - observe: Installs the callback it is given and returns what removes it.
///   - condition: What the test waits for, looked at first, then after each signal.
@MainActor
public func untilChanged(
    within limit: Duration = .seconds(300), observe: (@escaping @Sendable () -> Void) -> () -> Void,
    until condition: () -> Bool
) async {
    let (changes, changed) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let stopObserving = observe { changed.yield() }
    let hangGuard = Task {
        try? await Task.sleep(for: limit)
        changed.finish()
    }
    defer {
        stopObserving()
        hangGuard.cancel()
    }
    var events = changes.makeAsyncIterator()
    while !condition(), await events.next() != nil {}
}

/// Waits until `condition` holds, looking at it again each time the view asks to be drawn or
/// the data source's activity changes (an answer arrived, a change was applied, a notice came
/// or went): events, never a poll. The view lays out before each look.
///
/// - Returns: Whether the condition holds at the end.
@MainActor
public func untilShown(
    _ view: HierarchyView, _ dataSource: HierarchySourceDataSource, until condition: () -> Bool
) async -> Bool {
    func check() -> Bool {
        view.layoutIfNeeded()
        return condition()
    }
    await untilChanged(
        observe: { changed in
            view.setNeedsDisplayHandler = changed
            dataSource.activityHandler = { _ in changed() }
            return {
                view.setNeedsDisplayHandler = nil
                dataSource.activityHandler = nil
            }
        }, until: check)
    return check()
}
