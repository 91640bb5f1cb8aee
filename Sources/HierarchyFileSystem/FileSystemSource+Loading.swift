import Foundation
import HierarchySources

extension FileSystemSource {
    /// The listing of a directory: cached, or read once on a worker thread for all concurrent callers.
    ///
    /// A file (not a directory) has an empty listing.
    /// - Throws: `.notFound`, `.permissionDenied`, `.io` (including time-outs), `CancellationError`.
    func listing(of rawID: String) async throws -> DirectoryListing {
        guard let id = Self.normalizedID(rawID) else { throw notFound(rawID) }
        if let cached = state.withLock({ $0.listings[id] }) { return cached }
        let waiter = Waiter<DirectoryListing>()
        return try await waiter.wait {
            enum Step {
                case cached(DirectoryListing)
                case join, start
            }
            let step: Step = state.withLock { state in
                if let cached = state.listings[id] { return .cached(cached) }
                let isFirst = state.pendingListings[id] == nil
                state.pendingListings[id, default: []].append(waiter)
                return isFirst ? .start : .join
            }
            switch step {
            case .cached(let listing): waiter.resolve(.success(listing))
            case .join: break
            case .start: startListing(id)
            }
        }
    }

    /// Reads a directory on a worker thread and hands the result to every waiter.
    private func startListing(_ id: String) {
        let path = FileNameCoding.displayPath(self.path(of: id))
        let generation = state.withLock { $0.generation }
        worker.submit(
            "reading \(path)", { [self] in readListing(id) },
            completion: { [self] result in
                let waiters = state.withLock { state in
                    if case .success(let listing) = result, state.generation == generation {
                        state.listings[id] = listing
                        state.identities[id] = listing.identity
                    }
                    return state.pendingListings.removeValue(forKey: id) ?? []
                }
                for waiter in waiters { waiter.resolve(result.mapError { $0 }) }
            })
    }

    /// Reads and checks one directory (blocking; runs on a worker thread).
    private func readListing(_ id: String) -> Result<DirectoryListing, HierarchySourceError> {
        let systemPath = self.path(of: id)
        let path = FileNameCoding.displayPath(systemPath)
        switch readDirectory(systemPath, includesHiddenFiles, statCounter) {
        case .success(var listing):
            if id != Self.rootID,
                ancestorIdentities(ofDirectoryID: Self.parentID(of: id) ?? Self.rootID)
                    .contains(listing.identity)
            {
                listing = .empty(identity: listing.identity, isLoop: true)
            }
            return .success(listing)
        case .failure(.notADirectory):
            // A folder shown before and replaced by a file since is an error in its own column.
            if state.withLock({ $0.nodes[id]?.isContainer == true }) {
                return .failure(HierarchySourceError(.notFound, "not a folder any more", path: path))
            }
            return .success(.empty(identity: FileIdentity(device: 0, inode: 0)))
        case .failure(.notFound):
            return .failure(HierarchySourceError(.notFound, "no such folder", path: path))
        case .failure(.permissionDenied):
            return .failure(HierarchySourceError(.permissionDenied, "permission denied", path: path))
        case .failure(.other(let reason)):
            return .failure(HierarchySourceError(.io, "cannot read the folder: \(reason)", path: path))
        }
    }

    /// The device and inode of a directory and of all its ancestors, up to the file system root
    /// (blocking: stats what is not known yet; runs on a worker thread).
    func ancestorIdentities(ofDirectoryID id: String) -> Set<FileIdentity> {
        var ids = [id]
        while let parent = Self.parentID(of: ids[ids.count - 1]) { ids.append(parent) }
        let (known, outer) = state.withLock { state in
            (ids.map { state.identities[$0] }, state.outerAncestors)
        }
        var result: Set<FileIdentity> = []
        for (index, identity) in known.enumerated() {
            if let identity {
                result.insert(identity)
            } else if let identity = FileStatus.identity(of: path(of: ids[index]), counter: statCounter) {
                result.insert(identity)
                state.withLock { $0.identities[ids[index]] = identity }
            }
        }
        let outerIdentities = outer ?? computeOuterAncestors()
        result.formUnion(outerIdentities)
        return result
    }

    /// Stats the directories above the root once (blocking).
    private func computeOuterAncestors() -> [FileIdentity] {
        var identities: [FileIdentity] = []
        var path = rootPath
        while path != "/" {
            path = (path as NSString).deletingLastPathComponent
            if path.isEmpty { path = "/" }
            if let identity = FileStatus.identity(of: path, counter: statCounter) { identities.append(identity) }
        }
        state.withLock { $0.outerAncestors = identities }
        return identities
    }

    /// The nodes of some identifiers, from the cache or from one `lstat` each in a single worker job.
    ///
    /// - Parameters:
    ///   - ids: Normalized identifiers.
    ///   - listed: Whether the entries come from a listing (then a missing entry is
    ///     shown as vanished instead of being `nil`).
    /// - Returns: One node or `nil` per identifier, in order, with known child counts filled in.
    func nodes(forIDs ids: [String], listed: Bool) async throws -> [HierarchyNode?] {
        let cached: [HierarchyNode?] = state.withLock { state in ids.map { state.nodes[$0] } }
        let missing = ids.indices.filter { cached[$0] == nil }
        var result = cached
        if !missing.isEmpty {
            let missingIDs = missing.map { ids[$0] }
            let made: [HierarchyNode?] = try await worker.run(
                "reading \(FileNameCoding.displayPath(path(of: missingIDs[0])))"
            ) { [self] in
                .success(missingIDs.map { makeNode($0, listed: listed) })
            }
            state.withLock { state in
                for node in made.compactMap({ $0 }) where node.subtitle != FileSystemSource.vanishedKind {
                    state.nodes[node.id] = node
                }
            }
            for (slot, node) in zip(missing, made) { result[slot] = node }
        }
        let counts: [Int?] = state.withLock { state in result.map { $0.flatMap { state.listings[$0.id]?.count } } }
        for index in result.indices {
            if let count = counts[index], result[index]?.isContainer == true { result[index]?.childCount = count }
        }
        return result
    }
}
