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

    /// Lists a directory (without `.` and `..`) and sorts it.
    ///
    /// - Parameters:
    ///   - path: An absolute path.
    ///   - includeHidden: Whether names starting with a dot are listed.
    ///   - counter: Counts `lstat` calls made for entries of unknown type.
    /// - Returns: The sorted listing, or why it could not be read.
    /// - Complexity: O(n log n) for n entries; no entry is stat'ed when the file
    ///   system reports entry types.
    static func read(_ path: String, includeHidden: Bool, counter: StatCounter?) -> Result<DirectoryListing, Failure> {
        guard let directory = opendir(path) else {
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
        var names: [String] = []
        var isFolder: [Bool] = []
        var unknown: [Int] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else { break }
            let type = entry.pointee.d_type
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            if !includeHidden, name.hasPrefix(".") { continue }
            if type == UInt8(DT_UNKNOWN) { unknown.append(names.count) }
            names.append(name)
            isFolder.append(type == UInt8(DT_DIR))
        }
        let base = path.hasSuffix("/") ? path : path + "/"
        for index in unknown {
            var entryInfo = stat()
            counter?.add(1)
            if lstat(base + names[index], &entryInfo) == 0 { isFolder[index] = entryInfo.st_mode & S_IFMT == S_IFDIR }
        }
        let order = FileNameOrder.order(names, isFolder: isFolder)
        return .success(DirectoryListing(
            names: order.map { names[$0] }, isFolder: order.map { isFolder[$0] }, identity: identity))
    }
}
