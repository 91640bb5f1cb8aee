import Foundation
import HierarchySources

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An output that cannot be written as asked (exit 73, cannot create output): `--replace` of
/// something that is not a regular file, or a device, FIFO or socket that cannot be opened.
public struct OutputFileError: Error, CustomStringConvertible, Sendable {
    /// The path as the user gave it.
    public var path: String
    public var message: String

    public init(_ message: String, path: String) {
        self.message = message
        self.path = path
    }

    public var description: String { "\(path): \(message)" }
}

/// Where a command writes a file, looked at once before anything is written.
///
/// Every command that writes a file goes through here (`export -o`, `import`, `generate`):
/// - a regular file, or a path where nothing is, is written as a temporary file in the same
///   directory and renamed over it when complete, so that a failed write leaves the old file
///   (or nothing) behind;
/// - a symbolic link is followed to its target, and the target is replaced that way in the
///   target's directory: the link stays a link;
/// - a character or block device, a FIFO or a socket is written in place and never replaced.
public struct OutputFile: Sendable {
    /// What is at the target now.
    public enum Kind: Sendable, Equatable {
        /// Nothing: the file is created.
        case missing
        /// A regular file: it is replaced atomically.
        case regular
        /// A directory: nothing can be written there.
        case directory
        /// A device, FIFO or socket: written in place.
        case stream
    }

    /// The path as the user gave it (for messages).
    public let path: String
    /// The path written: `path` with every symbolic link followed.
    public let target: String
    /// What is at `target`.
    public let kind: Kind
    /// The file type bits (`S_IFMT`) of `target`, when something is there.
    private let mode: mode_t

    /// The most links followed before giving up (as the kernel does, `ELOOP`).
    static let maximumLinks = 40

    /// Looks at `path`, following symbolic links to the file they name.
    ///
    /// - Throws: `HierarchySourceError` when a link cannot be read or links loop.
    public init(path: String) throws {
        self.path = path
        var current = path
        var info = stat()
        var links = 0
        while true {
            guard lstat(current, &info) == 0 else {
                guard errno == ENOENT else {
                    throw HierarchySourceError(
                        errno == EACCES ? .permissionDenied : .io, String(cString: strerror(errno)), path: path)
                }
                target = current
                kind = .missing
                mode = 0
                return
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { break }
            links += 1
            guard links <= Self.maximumLinks, let next = Self.readLink(current) else {
                throw HierarchySourceError(.io, "cannot follow the symbolic link", path: path)
            }
            current = next.hasPrefix("/") ? next : Self.directory(of: current) + "/" + next
        }
        target = current
        mode = info.st_mode & S_IFMT
        switch mode {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        default: kind = .stream
        }
    }

    /// Whether the output is written in place (a device, FIFO or socket).
    public var isInPlace: Bool { kind == .stream }

    /// The directory the target is in (where a temporary file goes).
    public var directory: String { Self.directory(of: target) }

    /// A hidden name next to the target for the file being written.
    ///
    /// - Parameter suffix: Ends the name (`exporting`, `importing`).
    public func temporaryPath(_ suffix: String) -> String {
        let name = (target as NSString).lastPathComponent
        return directory + "/.\(name).\(UUID().uuidString.prefix(8)).\(suffix)"
    }

    /// Fails unless the target may be replaced by a new file: only a regular file is replaced
    /// (or created where nothing is).
    ///
    /// - Throws: `OutputFileError` for a device, FIFO, socket or directory.
    public func checkReplaceable() throws {
        switch kind {
        case .missing, .regular:
            return
        case .directory:
            throw OutputFileError("is a directory, not a file; refusing to replace it", path: path)
        case .stream:
            throw OutputFileError("is \(typeName), not a regular file; refusing to replace it", path: path)
        }
    }

    /// Moves the finished temporary file over the target (atomically replacing a regular file).
    ///
    /// - Throws: `HierarchySourceError` when the rename fails; the temporary file is then removed.
    public func commit(temporary: String) throws {
        guard rename(temporary, target) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw HierarchySourceError(.io, "cannot move the file into place: \(message)", path: path)
        }
    }

    /// Runs `body` on a handle writing the output: in place for a device, FIFO or socket;
    /// otherwise a temporary file renamed over the target at the end, so that a failed write
    /// leaves no partial file.
    ///
    /// - Throws: `HierarchySourceError` or `OutputFileError` when the output cannot be written,
    ///   or what `body` throws.
    public func write(_ body: (FileHandle) async throws -> Void) async throws {
        switch kind {
        case .directory:
            throw HierarchySourceError(.io, "is a directory", path: path)
        case .stream:
            let handle = try openInPlace()
            do {
                try await body(handle)
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
        case .missing, .regular:
            let temporary = temporaryPath("exporting")
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else {
                throw HierarchySourceError(.permissionDenied, "cannot create the output file", path: path)
            }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            do {
                try await body(handle)
                try handle.close()
            } catch {
                try? handle.close()
                unlink(temporary)
                throw error
            }
            try commit(temporary: temporary)
        }
    }

    /// Opens a device or FIFO for writing, or connects to a socket.
    private func openInPlace() throws -> FileHandle {
        let descriptor: Int32
        if mode == S_IFSOCK {
            descriptor = try Self.connect(target, path: path)
        } else {
            descriptor = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        }
        guard descriptor >= 0 else {
            let message = String(cString: strerror(errno))
            throw OutputFileError("cannot write to \(typeName): \(message)", path: path)
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Connects a stream socket to the Unix socket at `target`.
    private static func connect(_ target: String, path: String) throws -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(target.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw OutputFileError("the socket's path is too long", path: path)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return -1 }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let saved = errno
            close(descriptor)
            errno = saved
            return -1
        }
        return descriptor
    }

    /// "a character device", "a FIFO", … for messages.
    private var typeName: String {
        switch mode {
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a directory"
        default: "not a regular file"
        }
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
