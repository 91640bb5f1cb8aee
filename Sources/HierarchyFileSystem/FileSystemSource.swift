import Foundation
import HierarchySources
import Synchronization

/// The file system as a hierarchy, rooted at a directory.
///
/// Identifiers are paths relative to the root, with `/` between components
/// (`"docs/guide.md"`); the root itself is ``rootID`` (`"."`). Titles are
/// entry names; subtitles are kinds ("Folder", "File", "Symbolic link",
/// "Symbolic link to folder", "Broken symbolic link", "Symbolic link loop",
/// "Pipe", "Socket", "Device", "Vanished"); footnotes are the size and
/// modification time (folders: the time only).
///
/// Cheap by design, for directories of hundreds of thousands of entries:
/// - a directory is read once with `opendir`/`readdir`, sorted (folders first,
///   then natural name order, see ``FileNameOrder``), and cached; concurrent
///   requests for the same directory share one read;
/// - ``childCount(ofID:)`` never stats an entry; ``children(ofID:in:)`` stats
///   only the entries in the range asked for (and caches them);
/// - every blocking call runs on a thread of its own (``BlockingWorker``), never
///   on the caller's; callers can cancel, and a call that takes longer than the
///   time limit fails with an ``HierarchySourceError/Code/io`` error while its
///   thread is abandoned.
///
/// Symbolic links are shown, not followed while listing; a link to a folder is
/// a container, unless it leads to the folder holding it or to one of that
/// folder's ancestors (same device and inode), which would loop. A folder whose
/// listing is refused gives ``HierarchySourceError/Code/permissionDenied`` for
/// that folder only. Entries that disappear between the listing and the stat
/// are shown with the subtitle "Vanished". File contents are never read and
/// nothing is ever written. Listings are a snapshot: call ``invalidate()`` to
/// read the disk again.
public final class FileSystemSource: HierarchySource {
    /// The identifier of the root directory.
    public static let rootID = "."

    /// The root directory: an absolute, lexically normalized path.
    public let rootPath: String
    /// The identifier to start browsing at, when the source was made with a start path.
    public let startID: String?
    public let displayName: String
    /// Whether names starting with a dot are listed (see ``setIncludesHiddenFiles(_:)``).
    public var includesHiddenFiles: Bool { state.withLock { $0.includesHiddenFiles } }
    /// The time zone of modification times in footnotes; `nil`: the process's local time, read
    /// by the C library as `ls` does (no Foundation time zone, whose ICU data costs megabytes of
    /// resident memory).
    let timeZone: TimeZone?
    let worker: BlockingWorker
    /// Reads one directory (blocking); replaceable so tests can simulate failures.
    let readDirectory: DirectoryReader.Read
    /// Counts `lstat`/`stat` calls (a test hook).
    let statCounter = StatCounter()
    let state = Mutex(State())

    /// The caches, guarded by ``state``.
    struct State: Sendable {
        /// Listings read, by directory identifier.
        var listings: [String: DirectoryListing] = [:]
        /// Callers waiting for a listing being read.
        var pendingListings: [String: [Waiter<DirectoryListing>]] = [:]
        /// Nodes built from a stat, by identifier.
        var nodes: [String: HierarchyNode] = [:]
        /// Device and inode of directories, by identifier.
        var identities: [String: FileIdentity] = [:]
        /// Device and inode of the directories above the root.
        var outerAncestors: [FileIdentity]?
        /// Whether names starting with a dot are listed.
        var includesHiddenFiles = true
        /// Grows with every ``invalidate()``: a listing read before is not cached after.
        var generation = 0
    }

    /// Tells views that the folder was read again (``invalidate()``, a hidden-files toggle).
    let changeBroadcaster = ChangeBroadcaster(onFirstSubscriber: {})

    /// Creates a source for a directory. Nothing is read until asked for.
    ///
    /// - Parameters:
    ///   - root: The directory, absolute or relative to the current directory.
    ///   - includesHiddenFiles: Whether names starting with a dot are listed.
    ///   - timeLimit: How long one blocking call may take before callers get an error.
    ///   - timeZone: The time zone of modification times in footnotes (`nil`: local time).
    public init(
        root: String, includesHiddenFiles: Bool = true, timeLimit: Duration = .seconds(30),
        timeZone: TimeZone? = nil
    ) {
        self.rootPath = Self.absolute(root)
        self.startID = nil
        self.timeZone = timeZone
        self.worker = BlockingWorker(timeLimit: timeLimit)
        self.readDirectory = DirectoryReader.read
        self.displayName = rootPath
        self.state.withLock { $0.includesHiddenFiles = includesHiddenFiles }
    }

    /// Creates a source for a directory with a place to start browsing.
    ///
    /// - Parameters:
    ///   - root: The directory.
    ///   - startPath: A path inside the root, relative to it or absolute; becomes ``startID``.
    ///   - includesHiddenFiles: Whether names starting with a dot are listed.
    ///   - timeLimit: How long one blocking call may take before callers get an error.
    ///   - timeZone: The time zone of modification times in footnotes (`nil`: local time).
    /// - Throws: ``HierarchySourceError/Code/notFound`` when the start path leaves the root.
    public init(
        root: String, startPath: String?, includesHiddenFiles: Bool = true, timeLimit: Duration = .seconds(30),
        timeZone: TimeZone? = nil
    ) throws {
        let rootPath = Self.absolute(root)
        self.rootPath = rootPath
        self.startID = try startPath.map { try Self.id(forSubpath: $0, rootPath: rootPath) }
        self.timeZone = timeZone
        self.worker = BlockingWorker(timeLimit: timeLimit)
        self.readDirectory = DirectoryReader.read
        self.displayName = rootPath
        self.state.withLock { $0.includesHiddenFiles = includesHiddenFiles }
    }

    /// Creates a source that reads directories with `readDirectory` (a test hook).
    init(root: String, timeLimit: Duration = .seconds(30), readDirectory: @escaping DirectoryReader.Read) {
        self.rootPath = Self.absolute(root)
        self.startID = nil
        self.timeZone = nil
        self.worker = BlockingWorker(timeLimit: timeLimit)
        self.readDirectory = readDirectory
        self.displayName = rootPath
    }

    /// Creates a source for a directory URL.
    public convenience init(root: URL, includesHiddenFiles: Bool = true) {
        self.init(root: root.path, includesHiddenFiles: includesHiddenFiles)
    }

    /// Forgets every listing and stat, so the next requests read the disk again, and tells the
    /// views (``HierarchySourceChange/reset``), which ask again for what they show.
    public func invalidate() {
        state.withLock { state in
            state.listings.removeAll()
            state.nodes.removeAll()
            state.identities.removeAll()
            state.generation += 1
        }
        changeBroadcaster.publish(.reset)
    }

    /// Lists names starting with a dot, or leaves them out (`.` in the terminal browser, as in
    /// nnn): the folders are read again (``invalidate()``). Searches started after it follow it.
    public func setIncludesHiddenFiles(_ includes: Bool) {
        let changed = state.withLock { state in
            guard state.includesHiddenFiles != includes else { return false }
            state.includesHiddenFiles = includes
            return true
        }
        if changed { invalidate() }
    }

    public func changes() -> AsyncStream<HierarchySourceChange> {
        changeBroadcaster.subscribe()
    }

    // MARK: - HierarchySource

    public func root() async throws -> HierarchyNode? {
        guard let node = try await nodes(forIDs: [Self.rootID], listed: false).first ?? nil else {
            throw HierarchySourceError(.notFound, "no such folder", path: rootPath)
        }
        return node
    }

    /// - Returns: The node, or `nil` for an identifier that is malformed, leaves the root, or does not exist.
    /// - Complexity: one `lstat` on first request, then cached.
    public func node(withID id: String) async throws -> HierarchyNode? {
        guard let id = Self.normalizedID(id) else { return nil }
        return try await nodes(forIDs: [id], listed: false).first ?? nil
    }

    public func parent(ofID id: String) async throws -> HierarchyNode? {
        guard let id = Self.normalizedID(id), let parentID = Self.parentID(of: id) else { return nil }
        return try await nodes(forIDs: [parentID], listed: false).first ?? nil
    }

    /// - Returns: The number of entries; 0 for a file or a folder that loops.
    /// - Throws: ``HierarchySourceError/Code/notFound`` or ``HierarchySourceError/Code/permissionDenied``
    ///   for that folder; `.io` for other failures and time-outs; `CancellationError`.
    /// - Complexity: one directory read on first request (no stat), then O(1).
    public func childCount(ofID id: String) async throws -> Int {
        try await listing(of: id).count
    }

    /// - Complexity: one directory read on first request, then one `lstat` per entry
    ///   in `range` not yet seen.
    public func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        guard let id = Self.normalizedID(id) else { throw notFound(id) }
        let listing = try await listing(of: id)
        let lower = min(max(range.lowerBound, 0), listing.count)
        let upper = min(max(range.upperBound, lower), listing.count)
        let ids = (lower..<upper).map { Self.childID(of: id, name: listing.names.component(at: $0)) }
        return try await nodes(forIDs: ids, listed: true).compactMap { $0 }
    }

    /// - Complexity: one `lstat` per component not yet seen, all in one job.
    public func path(toID id: String) async throws -> [HierarchyNode] {
        guard let id = Self.normalizedID(id) else { return [] }
        var ids = [id]
        while let parent = Self.parentID(of: ids[ids.count - 1]) { ids.append(parent) }
        let nodes = try await nodes(forIDs: ids.reversed(), listed: false)
        guard nodes.last.flatMap({ $0 }) != nil else { return [] }
        return nodes.compactMap { $0 }
    }

    /// - Complexity: O(n) name comparisons for a folder of n entries, once it is read.
    public func index(ofChildID childID: String, inParentID parentID: String) async throws -> Int? {
        guard let childID = Self.normalizedID(childID), let parentID = Self.normalizedID(parentID),
            Self.parentID(of: childID) == parentID
        else { return nil }
        return try await listing(of: parentID).names.position(ofComponent: Self.name(of: childID))
    }

    func notFound(_ id: String) -> HierarchySourceError {
        HierarchySourceError(.notFound, "no such entry \"\(id)\" under the root", path: rootPath)
    }
}
