import Foundation
import HierarchySources
import Synchronization

extension FileSystemSource {
    /// The number of threads of a streamed walk (``searchBatches(_:)``).
    static var walkThreads: Int { min(4, max(2, ProcessInfo.processInfo.activeProcessorCount)) }

    /// Searches entry names (not kinds or footnotes, which would need a stat of
    /// every entry), breadth first from the root, without following symbolic
    /// links. Folders that cannot be read are skipped.
    ///
    /// The walk (``DirectoryWalk``, one thread) reads names only and caches nothing:
    /// each call walks again from the root and stops at `range.upperBound` matches.
    /// The order is breadth first, each folder's entries in the order the file system
    /// lists them, the same on every call for an unchanged tree, so pages never overlap
    /// or skip. Only the entries returned are stat'ed.
    ///
    /// - Throws: `CancellationError` when the task is cancelled (at once: a walk blocked
    ///   on a hung mount is left to end by itself).
    /// - Complexity: one directory read per folder visited until `range.upperBound`
    ///   matches are found.
    public func search(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        let matcher = NameMatcher(query)
        guard !matcher.isEmpty, !range.isEmpty, range.lowerBound >= 0 else { return [] }
        let walk = DirectoryWalk(rootPath: rootPath, includeHidden: includesHiddenFiles, threads: 1, matcher: matcher)
        let upper = range.upperBound
        let found = LockedValue<[String]>([])
        let ids: [String] = try await Self.runWalk(walk) { batch in
            found.withLock { found in
                found += batch.prefix(upper - found.count).map(\.id)
                return found.count < upper
            }
        } result: {
            found.withLock { $0 }
        }
        guard range.lowerBound < ids.count else { return [] }
        let page = Array(ids[range.lowerBound..<min(ids.count, upper)])
        return try await nodes(forIDs: page, listed: true).compactMap { $0 }
    }

    /// Entries whose names contain `query`, in batches as a walk of a few threads finds
    /// them (one batch per folder with matches), without a stat: each node has the entry's
    /// name as title, "Folder" as subtitle for folders, and no footnote.
    ///
    /// The order depends on timing. Ending the iteration (or cancelling the task that
    /// iterates) stops the walk.
    ///
    /// - Parameter query: The text searched for in names, ignoring case and diacritics.
    /// - Returns: The batches; the stream ends when the whole tree was walked.
    /// - Complexity: one directory read per folder, no stat where the file system reports
    ///   entry types, nothing cached; see ``DirectoryWalk``.
    public func searchBatches(_ query: String) -> AsyncThrowingStream<[HierarchyNode], Error> {
        let matcher = NameMatcher(query)
        let (stream, continuation) = AsyncThrowingStream<[HierarchyNode], Error>.makeStream()
        guard !matcher.isEmpty else {
            continuation.finish()
            return stream
        }
        let walk = DirectoryWalk(
            rootPath: rootPath, includeHidden: includesHiddenFiles, threads: Self.walkThreads, matcher: matcher)
        let handle = walk.start { batch in
            let nodes = batch.map { match in
                HierarchyNode(
                    id: match.id, title: FileNameCoding.displayName(ofComponent: Substring(Self.name(of: match.id))),
                    subtitle: match.isFolder ? "Folder" : nil,
                    childCount: match.isFolder ? nil : 0, isContainer: match.isFolder)
            }
            if case .terminated = continuation.yield(nodes) { return false }
            return true
        } finished: {
            continuation.finish()
        }
        continuation.onTermination = { _ in handle.stop() }
        return stream
    }

    /// The entries of ``search(_:in:)`` at the positions in `range`, in batches as the walk
    /// (one thread, the same order as ``search(_:in:)``) finds them; each batch is stat'ed
    /// like the nodes ``search(_:in:)`` returns.
    ///
    /// Ending the iteration (or cancelling the task that iterates) stops the walk at once; a
    /// walk stuck on a hung mount is left to end by itself.
    ///
    /// - Parameters:
    ///   - query: The text searched for in names, ignoring case and diacritics.
    ///   - range: The positions of the matches wanted.
    /// - Returns: The batches; the stream ends after the match at `range.upperBound - 1`, or
    ///   when the whole tree was walked.
    /// - Complexity: one directory read per folder visited until `range.upperBound` matches
    ///   are found, one stat per match in `range`.
    public func searchBatches(_ query: String, in range: Range<Int>) -> AsyncThrowingStream<[HierarchyNode], Error> {
        let matcher = NameMatcher(query)
        let (stream, continuation) = AsyncThrowingStream<[HierarchyNode], Error>.makeStream()
        guard !matcher.isEmpty, !range.isEmpty, range.lowerBound >= 0 else {
            continuation.finish()
            return stream
        }
        let (pages, pageContinuation) = AsyncStream<[String]>.makeStream()
        let walk = DirectoryWalk(rootPath: rootPath, includeHidden: includesHiddenFiles, threads: 1, matcher: matcher)
        let seen = LockedValue(0)
        let handle = walk.start { batch in
            let (wanted, more) = seen.withLock { seen -> ([String], Bool) in
                let first = seen
                seen += batch.count
                let lower = min(max(range.lowerBound - first, 0), batch.count)
                let upper = min(max(range.upperBound - first, lower), batch.count)
                return (batch[lower..<upper].map(\.id), seen < range.upperBound)
            }
            if !wanted.isEmpty { pageContinuation.yield(wanted) }
            return more
        } finished: {
            pageContinuation.finish()
        }
        let task = Task {
            do {
                for await ids in pages {
                    let nodes = try await self.nodes(forIDs: ids, listed: true).compactMap { $0 }
                    if !nodes.isEmpty { continuation.yield(nodes) }
                }
                try Task.checkCancellation()
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in
            handle.stop()
            pageContinuation.finish()
            task.cancel()
        }
        return stream
    }

    /// Runs a walk to its end (or until `emit` stops it), then answers `result()`;
    /// cancellation stops the walk and throws at once.
    private static func runWalk(
        _ walk: DirectoryWalk, emit: @escaping @Sendable ([DirectoryWalk.Match]) -> Bool,
        result: @escaping @Sendable () -> [String]
    ) async throws -> [String] {
        typealias T = [String]
        let run = LockedValue(WalkRun())
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
                let cancelled = run.withLock { run in
                    run.continuation = continuation
                    return run.cancelled
                }
                if cancelled {
                    run.withLock { $0.continuation.take() }?.resume(throwing: CancellationError())
                    return
                }
                let handle = walk.start(emit: emit) {
                    run.withLock { $0.continuation.take() }?.resume(returning: result())
                }
                let stop = run.withLock { run in
                    run.handle = handle
                    return run.cancelled
                }
                if stop { handle.stop() }
            }
        } onCancel: {
            let (continuation, handle) = run.withLock { run in
                run.cancelled = true
                return (run.continuation.take(), run.handle)
            }
            handle?.stop()
            continuation?.resume(throwing: CancellationError())
        }
    }
}

/// A paged walk in flight: who waits for it, how to stop it, whether it was cancelled.
private struct WalkRun: Sendable {
    var continuation: CheckedContinuation<[String], Error>?
    var handle: DirectoryWalk.Handle?
    var cancelled = false
}
