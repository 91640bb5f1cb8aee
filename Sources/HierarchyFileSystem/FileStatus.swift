import Foundation
import HierarchySources

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `lstat` (and `stat` for symbolic links) says about one entry.
struct FileStatus: Sendable {
    /// The kind of an entry.
    enum Kind: Sendable, Equatable {
        case folder
        case file
        case symbolicLink(target: Target)
        case pipe
        case socket
        case device
        /// The entry was listed but is gone now.
        case vanished
        /// `lstat` failed for another reason (the `errno` text).
        case unreadable(String)
    }

    /// Where a symbolic link leads.
    enum Target: Sendable, Equatable {
        case folder(FileIdentity)
        case file
        /// The target does not exist or cannot be reached (including `ELOOP`).
        case broken
    }

    var kind: Kind
    var size: Int64 = 0
    var modified: Date?
    var permissions: UInt32 = 0
    var identity: FileIdentity?
    var linkDestination: String?

    /// Reads the status of a path without following a final symbolic link
    /// (and then follows it once, with `stat`, to learn the target's kind).
    ///
    /// - Parameters:
    ///   - path: An absolute path.
    ///   - counter: Counts the `lstat`/`stat` calls made (a test hook).
    /// - Complexity: one `lstat`, plus one `stat` and one `readlink` for a link.
    static func read(_ path: String, counter: StatCounter?) -> FileStatus {
        let path = FileNameCoding.systemPath(path)
        var info = stat()
        counter?.add(1)
        guard lstat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return FileStatus(kind: .vanished) }
            return FileStatus(kind: .unreadable(String(cString: strerror(code))))
        }
        var status = FileStatus(kind: .file)
        status.size = Int64(info.st_size)
        status.modified = Date(
            timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec)
                + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
        status.permissions = UInt32(info.st_mode) & 0o7777
        status.identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        switch info.st_mode & S_IFMT {
        case S_IFDIR: status.kind = .folder
        case S_IFREG: status.kind = .file
        case S_IFIFO: status.kind = .pipe
        case S_IFSOCK: status.kind = .socket
        case S_IFCHR, S_IFBLK: status.kind = .device
        case S_IFLNK:
            status.linkDestination = readLink(path)
            var target = stat()
            counter?.add(1)
            if stat(path, &target) != 0 {
                status.kind = .symbolicLink(target: .broken)
            } else if target.st_mode & S_IFMT == S_IFDIR {
                let identity = FileIdentity(device: UInt64(target.st_dev), inode: UInt64(target.st_ino))
                status.kind = .symbolicLink(target: .folder(identity))
            } else {
                status.kind = .symbolicLink(target: .file)
            }
        default: status.kind = .file
        }
        return status
    }

    /// The destination text of a symbolic link, if readable.
    static func readLink(_ path: [CChar]) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, 4096)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The identity of a path, following symbolic links, or `nil` if it cannot be stat'ed.
    static func identity(of path: String, counter: StatCounter?) -> FileIdentity? {
        var info = stat()
        counter?.add(1)
        guard stat(FileNameCoding.systemPath(path), &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
