import Foundation
import HierarchyKit
import HierarchySources

extension HierarchySourceDataSource {
    /// Applies the source's changes (``HierarchySource/changes()``) to the view as they arrive,
    /// through the seed API only: `insertChildren(of:at:)` and `removeChildren(of:at:)` for items
    /// added or removed under an expanded parent (the view keeps the focused item and the
    /// scroll position), `invalidateItems(with:)` for changed text and child counts,
    /// `invalidateChildren(of:)` when the source cannot say what changed; rows appended to a
    /// document still being read are inserted at the end (the focus and scroll stay), and its
    /// progress note is kept in ``progressNote`` for the status line.
    ///
    /// Started by `load(startingAt:)`; the observation ends with the data source (at the next
    /// change after it is released). A lost connection is reported once through
    /// `reportError(_:)` ("the server went away; reconnecting…") and stays in ``connectionNote``
    /// ("reconnecting…") while it is away; its return is a notice there ("connected again"),
    /// not an error.
    func observeChanges() {
        let stream = source.changes()
        let reference = IsolatedReference(self)
        let isolation = self.isolation
        Task {
            for await change in stream {
                let alive = await HierarchyIsolation.run(on: isolation) { _ in
                    guard let self = reference.object else { return false }
                    await self.apply(change)
                    return true
                }
                if !alive { return }
            }
        }
    }

    /// Applies one change.
    ///
    /// - Complexity: O(cached children of the parent) to drop its stale pages, plus the view's
    ///   O(log n) row insert or removal.
    nonisolated(nonsending) func apply(_ change: HierarchySourceChange) async {
        switch change {
        case .inserted(let id, let parentID, let index):
            nodes[id] = nil
            changedParents.insert(parentID)
            cancelCountLoads(of: parentID)
            guard let count = childCounts[parentID] else {
                view?.invalidateItems(with: [parentID])
                return
            }
            forgetChildren(of: parentID)
            changedParents.insert(parentID)
            childCounts[parentID] = count + 1
            bumpCount(of: parentID, to: count + 1)
            if isShowingChildren(of: parentID), index >= 0, index <= count {
                view?.insertChildren(of: parentID, at: IndexSet(integer: index))
                readShownRowsAgain(of: parentID)
            }
            view?.invalidateItems(with: [parentID])
        case .removed(let id, let parentID, let index):
            nodes[id] = nil
            parents[id] = nil
            changedParents.insert(parentID)
            cancelCountLoads(of: parentID)
            guard let count = childCounts[parentID] else {
                view?.invalidateItems(with: [parentID])
                return
            }
            forgetChildren(of: parentID)
            changedParents.insert(parentID)
            childCounts[parentID] = max(0, count - 1)
            bumpCount(of: parentID, to: max(0, count - 1))
            if isShowingChildren(of: parentID), index >= 0, index < count {
                view?.removeChildren(of: parentID, at: IndexSet(integer: index))
                readShownRowsAgain(of: parentID)
            }
            view?.invalidateItems(with: [parentID])
        case .updated(let id):
            guard nodes[id] != nil || rootNode?.id == id else { return }
            guard let fresh = try? await source.node(withID: id) else { return }
            nodes[id] = fresh
            if rootNode?.id == id { rootNode = fresh }
            view?.invalidateItems(with: [id])
        case .appended(let parentID, let count):
            cancelCountLoads(of: parentID)
            guard let old = childCounts[parentID] else {
                bumpCount(of: parentID, to: count)
                view?.invalidateItems(with: [parentID])
                return
            }
            guard count > old else { return }
            childCounts[parentID] = count
            bumpCount(of: parentID, to: count)
            if isShowingChildren(of: parentID) {
                view?.insertChildren(of: parentID, at: IndexSet(integersIn: old..<count))
            }
            view?.invalidateItems(with: [parentID])
        case .progress(let note):
            sourceNote = note
            activityHandler?(activeLoads)
        case .childrenChanged(let parentID):
            refreshChildren(of: parentID)
        case .reset:
            for parentID in parentsBeingCounted { cancelCountLoads(of: parentID) }
            for parentID in Array(childCounts.keys) { refreshChildren(of: parentID) }
        case .connection(let available):
            let name = source.displayName
            if available {
                let note = "\(name): connected again"
                connectionNote = note
                clearConnectionNote(note, after: Self.sleeper(on: noticeClock, for: noticeDuration))
            } else {
                connectionNote = "\(name): reconnecting…"
                reportError(HierarchySourceError(.io, "\(name): the server went away; reconnecting…"))
            }
            activityHandler?(activeLoads)
            view?.setNeedsDisplayHandler?()
        }
    }

    /// After an insert or a removal: the view moved its rows by the change, which is right for
    /// rows read before the source made it, and wrong for rows read after it (their page
    /// already had it). Which is which cannot be told, so the rows are read again: the view
    /// forgets the rows outside its window (read again when shown), and the pages of the
    /// window are read again, each replacing its rows when it arrives if it agrees with the
    /// changes applied so far (`pageLoaded`), or making them loading until it does. The rows
    /// on screen keep their items meanwhile, so nothing flickers.
    ///
    /// - Complexity: O(r) for the r rows the view has cached, plus one read per page of the window.
    private func readShownRowsAgain(of parentID: String) {
        guard let view, let count = childCounts[parentID], count > 0 else { return }
        let window = view.rowWindows[parentID] ?? 0..<0
        // The window of the last layout pass, widened by the row the change moved (several
        // changes may come before the next pass: the window may lie past the end by now).
        let lower = min(max(0, window.lowerBound - 1), count)
        let kept = lower..<max(lower, min(count, window.upperBound + 1))
        var outside = IndexSet(integersIn: 0..<count)
        outside.remove(integersIn: kept)
        if !outside.isEmpty { view.invalidateChildren(of: parentID, at: outside) }
        guard !kept.isEmpty else { return }
        for page in (kept.lowerBound / pageSize)...((kept.upperBound - 1) / pageSize) { loadPage(page, of: parentID) }
    }

    /// Clears the connection note when `sleep` returns unless the note changed meanwhile, and
    /// has the faces draw again.
    private func clearConnectionNote(_ note: String, after sleep: @escaping @Sendable () async throws -> Void) {
        let reference = IsolatedReference(self)
        let isolation = self.isolation
        Task {
            try? await sleep()
            await HierarchyIsolation.run(on: isolation) { _ in
                guard let self = reference.object, self.connectionNote == note else { return }
                self.connectionNote = nil
                self.activityHandler?(self.activeLoads)
                self.view?.setNeedsDisplayHandler?()
            }
        }
    }

    /// A sleep whose deadline is fixed now, so that a clock advanced before the sleep starts still counts.
    private nonisolated static func sleeper<C: Clock<Duration>>(
        on clock: C,
        for duration: Duration
    ) -> @Sendable () async throws -> Void {
        let deadline = clock.now.advanced(by: max(duration, .zero))
        return { try await clock.sleep(until: deadline, tolerance: nil) }
    }

    /// Drops what is known of `parentID`'s children and lets the view ask again.
    func refreshChildren(of parentID: String) {
        cancelCountLoads(of: parentID)
        forgetChildren(of: parentID)
        childCounts[parentID] = nil
        if isShowingChildren(of: parentID) {
            view?.invalidateChildren(of: parentID)
        } else {
            view?.invalidateItems(with: [parentID])
        }
    }

    private func bumpCount(of parentID: String, to count: Int) {
        guard var node = nodes[parentID] else { return }
        node.childCount = count
        node.isContainer = node.isContainer || count > 0
        nodes[parentID] = node
    }

    /// Whether the view has a column of `parentID`'s children.
    private func isShowingChildren(of parentID: String) -> Bool {
        view?.expandedPath.contains(parentID) ?? false
    }
}
