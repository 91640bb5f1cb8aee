import Foundation
import HierarchySources
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input as a document: the path `-` names it in every command.
///
/// The document is read from standard input's descriptor, once; a full-screen command that
/// reads its keys from standard input first moves the document to a descriptor of its own
/// and puts the terminal (`/dev/tty`) in its place (``moveAsideForTerminal()``).
public enum StandardInputDocument {
    /// The path that names standard input.
    public static let path = "-"

    /// The name a document read from standard input goes by (a structure's root title).
    public static let name = "stdin"

    private static let documentDescriptor = Atomic<Int32>(STDIN_FILENO)

    /// Whether a path names standard input.
    public static func isStandardInput(_ path: String) -> Bool { path == Self.path }

    /// Whether standard input holds a document to read when no path is given: a pipe, a socket
    /// or a file, not a terminal and not a device such as `/dev/null` (still so once moved aside).
    public static var isPiped: Bool {
        let descriptor = documentDescriptor.load(ordering: .acquiring)
        if descriptor != STDIN_FILENO { return true }
        guard isatty(descriptor) == 0 else { return false }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFSOCK || type == S_IFREG
    }

    /// A new descriptor for the document: a duplicate (the reader closes it), at the document's
    /// start when it is a regular file, so a second reading starts over.
    ///
    /// - Throws: ``HierarchySourceError`` (`.io`) when the descriptor cannot be duplicated.
    public static func openDescriptor() throws(HierarchySourceError) -> Int32 {
        let descriptor = dup(documentDescriptor.load(ordering: .acquiring))
        guard descriptor >= 0 else {
            throw HierarchySourceError(
                .io, "cannot read standard input: \(String(cString: strerror(errno)))", path: path)
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG { lseek(descriptor, 0, SEEK_SET) }
        return descriptor
    }

    /// Makes standard input the terminal again, for a command that reads keys from it, and keeps
    /// the document on a descriptor of its own. Does nothing when standard input is a terminal.
    ///
    /// - Throws: ``HierarchySourceError`` (`.unsupported`) when there is no terminal to read keys from.
    public static func moveAsideForTerminal() throws(HierarchySourceError) {
        guard isatty(STDIN_FILENO) == 0 else { return }
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard terminal >= 0 else {
            throw HierarchySourceError(
                .unsupported,
                "standard input is the document and there is no terminal to read keys from (/dev/tty: \(String(cString: strerror(errno))))"
            )
        }
        let document = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3)
        guard document >= 0, dup2(terminal, STDIN_FILENO) >= 0 else {
            let message = String(cString: strerror(errno))
            close(terminal)
            throw HierarchySourceError(.io, "cannot move standard input aside: \(message)")
        }
        close(terminal)
        documentDescriptor.store(document, ordering: .releasing)
    }
}
