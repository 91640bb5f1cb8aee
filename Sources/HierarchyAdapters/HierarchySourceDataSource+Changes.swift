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
    /// Started by `load(startingAt:)` with the stream it subscribed to before its first read; the
    /// observation ends with the data source (at the next change after it is released). A lost connection is reported once through
    /// `reportError(_:)` ("the server went away; reconnecting…") and stays in ``connectionNote``
    /// ("reconnecting…") while it is away; its return is a notice there ("connected again"),
    /// not an error.
    func observeChanges(_ stream: AsyncStream<HierarchySourceChange>) {
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
        case .updated(let id):
            guard state.nodes[id] != nil || rootNode?.id == id else { return }
            guard let fresh = try? await source.node(withID: id) else { return }
            state.cache(fresh)
            view?.invalidateItems(with: [id])
        case .progress(let note):
            sourceNote = note
            activityHandler?(activeLoads)
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
        case .reset:
            if let root = await replacedRoot() {
                // The first item shown is gone (a document read as items at first, then as its
                // structure): the view starts again from the source's root.
                perform(state.cancelAll())
                state = SourceAdapterState(
                    pageSize: pageSize, maximumCachedPages: maximumCachedPages, sourceName: source.displayName)
                state.rootNode = root
                state.cache(root)
                view?.reloadData()
            } else {
                perform(state.apply(change, expanded: view?.expandedPath ?? []))
            }
        case .inserted, .removed, .appended, .childrenChanged:
            perform(state.apply(change, expanded: view?.expandedPath ?? []))
        }
    }

    /// After a reset: the source's root when the first item shown no longer exists, else `nil`.
    nonisolated(nonsending) private func replacedRoot() async -> HierarchyNode? {
        guard let shown = state.rootNode else { return nil }
        do {
            guard try await source.node(withID: shown.id) == nil else { return nil }
            return try await source.root()
        } catch {
            return nil
        }
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
}
