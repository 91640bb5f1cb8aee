import Synchronization

/// The roots of a table of the user's own and the background check for rows whose parent names
/// no row, shared by the SQLite and PostgreSQL table sources.
///
/// A large table opens showing the rows with a `NULL` parent as its roots; the check then runs
/// in the background. Rows it finds join the roots under the synthetic item when there is one,
/// else its finding becomes the status-line note. Progress and outcome reach subscribers of
/// ``changes()`` as `.progress` notes.
public final class HierarchyTableRoots: Sendable {
    private struct State {
        var count: Int
        /// "checking…" while the check runs, then its finding, if any.
        var note: String?
        /// The background check (`nil`: none, the table was checked at open).
        var check: Task<String?, Never>?
    }

    private let state: Mutex<State>
    /// Publishes the check's progress and what it changed.
    private let broadcaster = ChangeBroadcaster(onFirstSubscriber: {})

    /// - Parameter count: The number of roots known at open.
    public init(count: Int) {
        state = Mutex(State(count: count))
    }

    /// The number of roots: those known at open, plus those a background check has added.
    public var count: Int { state.withLock { $0.count } }

    /// Starts the check in the background.
    ///
    /// The task holds these roots weakly: the source lets them go (or calls ``cancel()``) and
    /// the check is cancelled.
    ///
    /// - Parameters:
    ///   - table: The table, for the notes.
    ///   - rootsID: The synthetic item over several roots, if there is one.
    ///   - find: Counts the rows naming no parent and, when asked and there are some, gives the
    ///     id of the first in id order. Its errors become the note.
    public func startCheck(
        table: HierarchyTable, rootsID: String?,
        find: @escaping @Sendable (_ withExample: Bool) async throws -> (orphans: Int64, example: String?)
    ) {
        setNote(table.rootCheckNote)
        let task = Task { [weak self] () -> String? in
            let finding: String?
            do {
                let (orphans, example) = try await find(rootsID == nil)
                if orphans == 0 {
                    finding = nil
                } else if let rootsID {
                    // Several roots already: the rows found join them under the synthetic item.
                    self?.state.withLock { $0.count += Int(orphans) }
                    self?.broadcaster.publish(.childrenChanged(parentID: rootsID))
                    self?.broadcaster.publish(.updated(id: rootsID))
                    finding = nil
                } else {
                    finding = table.orphanFinding(count: orphans, example: example)
                }
            } catch {
                finding = Task.isCancelled ? nil : table.rootCheckFailure(error)
            }
            self?.setNote(finding)
            return finding
        }
        state.withLock { $0.check = task }
    }

    private func setNote(_ note: String?) {
        state.withLock { $0.note = note }
        broadcaster.publish(.progress(note))
    }

    /// Waits for the background check, if one runs, and returns its finding: `nil` when there
    /// is nothing to report (no such rows, or they joined the other roots), else one line for
    /// the user.
    public func finding() async -> String? {
        guard let task = state.withLock({ $0.check }) else { return nil }
        return await task.value
    }

    /// The check's progress and outcome: `.progress` notes ("checking…", then its finding or
    /// `nil`), and the synthetic root's new children when it found some. A new subscriber while
    /// a check runs or has run first gets the note of the moment.
    public func changes() -> AsyncStream<HierarchySourceChange> {
        let upstream = broadcaster.subscribe()
        let (note, checks) = state.withLock { ($0.note, $0.check != nil) }
        return AsyncStream { continuation in
            if checks { continuation.yield(.progress(note)) }
            let forward = Task {
                for await change in upstream { continuation.yield(change) }
                continuation.finish()
            }
            continuation.onTermination = { _ in forward.cancel() }
        }
    }

    /// Cancels the check and ends every ``changes()`` stream.
    public func cancel() {
        state.withLock { $0.check }?.cancel()
        broadcaster.finish()
    }

    deinit {
        state.withLock { $0.check }?.cancel()
        broadcaster.finish()
    }
}
