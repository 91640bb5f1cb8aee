import HierarchySources

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads directory names with `opendir`/`readdir`: blocking calls, run on a
/// ``BlockingWorker`` thread, never on the caller's.
enum DirectoryReader {
    /// What went wrong opening a directory.
    enum Failure: Error, Sendable, Equatable {
        case notFound
        case notADirectory
        case permissionDenied
        case other(String)
    }

    /// The signature of ``read(_:includeHidden:counter:)``: path, include hidden names, stat counter.
    typealias Read = @Sendable (String, Bool, StatCounter?) -> Result<DirectoryListing, Failure>

    /// Lists a directory (without `.` and `..`) and sorts it.
    ///
    /// - Parameters:
    ///   - path: An absolute path.
    ///   - includeHidden: Whether names starting with a dot are listed.
    ///   - counter: Counts `lstat` calls made for entries of unknown type.
    /// - Returns: The sorted listing, or why it could not be read.
    /// - Complexity: O(n log n) for n entries; no entry is stat'ed when the file
    ///   system reports entry types.
    @Sendable static func read(_ path: String, includeHidden: Bool, counter: StatCounter?) -> Result<
        DirectoryListing, Failure
    > {
        guard let directory = opendir(FileNameCoding.systemPath(path)) else {
            let code = errno
            switch code {
            case ENOENT: return .failure(.notFound)
            case ENOTDIR: return .failure(.notADirectory)
            case EACCES, EPERM: return .failure(.permissionDenied)
            default: return .failure(.other(String(cString: strerror(code))))
            }
        }
        defer { closedir(directory) }
        var info = stat()
        let identity: FileIdentity
        if fstat(dirfd(directory), &info) == 0 {
            identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        } else {
            identity = FileIdentity(device: 0, inode: 0)
        }
        var names = NameTable()
        var isFolder: [Bool] = []
        var unknown: [Int] = []
        while true {
            guard let entry = readdir(directory) else { break }
            let type = entry.pointee.d_type
            let isUnknown = type == UInt8(DT_UNKNOWN)
            let isDirectory = type == UInt8(DT_DIR)
            withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: 256) { name in
                    let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
                    if name[0] == 0x2E {
                        if length == 1 || (length == 2 && name[1] == 0x2E) || !includeHidden { return }
                    }
                    // Past 2 GiB of names in one folder the rest are left out.
                    guard names.append(UnsafeBufferPointer(start: name, count: length)) else { return }
                    if isUnknown { unknown.append(names.count - 1) }
                    isFolder.append(isDirectory)
                }
            }
        }
        let base = path.hasSuffix("/") ? path : path + "/"
        for index in unknown {
            var entryInfo = stat()
            counter?.add(1)
            if lstat(FileNameCoding.systemPath(base + names.component(at: index)), &entryInfo) == 0 {
                isFolder[index] = entryInfo.st_mode & S_IFMT == S_IFDIR
            }
        }
        let order = FileNameOrder.order(names, isFolder: isFolder)
        return .success(DirectoryListing(names: names.reordered(order), identity: identity))
    }
}
