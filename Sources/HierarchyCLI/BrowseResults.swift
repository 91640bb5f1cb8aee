import ArgumentParser
import Foundation
import HierarchyFileSystem
import HierarchyKit
import HierarchySources
import TerminalUI

#if canImport(Glibc)
    import Glibc
#endif

/// What `browse` tells the shell when it ends: the chosen items (`--choose`,
/// `--print-selection FILE`) or the last folder (`--print-last-dir`).
///
/// Standard output is the shell's (`vim "$(hierarchy --choose .)"`), so the browser draws on
/// the terminal instead: ``takeTerminal(for:)`` keeps standard output aside and puts
/// `/dev/tty` in its place, as fzf and nnn do. A supervised child (see ``ProcessSupervisor``)
/// finds the descriptor kept aside in ``resultVariable``.
struct BrowseResults {
    /// The environment variable naming the descriptor the results go to in a supervised child.
    static let resultVariable = "HIERARCHY_RESULT_FD"

    var choose: Bool
    var selectionFile: String?
    var nulSeparated: Bool
    var printLastDir: Bool

    /// Whether anything is printed at the end.
    var isWanted: Bool { choose || selectionFile != nil || printLastDir }

    /// Whether something is printed on standard output.
    var printsOnStandardOutput: Bool { (choose && selectionFile == nil) || printLastDir }

    /// The problem with the flags, if any, for `validate()`.
    func usageProblem(layout: BrowseLayout) -> String? {
        if nulSeparated, !choose, selectionFile == nil {
            return "-0 separates the chosen items of --choose or --print-selection"
        }
        if choose, printLastDir, selectionFile == nil {
            return
                "--choose and --print-last-dir both print on standard output; write the choice with --print-selection FILE"
        }
        if isWanted, layout != .columns, layout != .table {
            return "--choose, --print-selection and --print-last-dir work with --layout columns or table"
        }
        return nil
    }

    /// Where the results go when they go to standard output, once the terminal took its place:
    /// set by ``takeTerminal(for:)``.
    nonisolated(unsafe) private static var resultFD: Int32 = STDOUT_FILENO

    /// Before browsing: when results go to standard output and it is no terminal (the shell
    /// captures it), keeps it aside and draws on `/dev/tty`. In a supervised child, picks up the
    /// descriptor the supervisor kept aside.
    ///
    /// - Throws: Exit 1 after a message when there is no terminal to draw on.
    func takeTerminal() throws {
        if let text = ProcessInfo.processInfo.environment[Self.resultVariable], let fd = Int32(text) {
            unsetenv(Self.resultVariable)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            Self.resultFD = fd
            return
        }
        guard printsOnStandardOutput, isatty(STDOUT_FILENO) == 0 else { return }
        let kept = dup(STDOUT_FILENO)
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard kept >= 0, tty >= 0, dup2(tty, STDOUT_FILENO) >= 0 else {
            CommandLineError.printError("no terminal to browse on (/dev/tty cannot be opened)")
            throw ExitCode(1)
        }
        close(tty)
        Self.resultFD = kept
        // A supervised child (started later, inheriting the descriptor) writes there too.
        setenv(Self.resultVariable, String(kept), 1)
    }

    /// After browsing: writes the chosen items and the last folder.
    ///
    /// - Parameters:
    ///   - view: The view as the user left it.
    ///   - source: Its source.
    /// - Throws: Exit 73 when the selection file cannot be written, 74 when the output fails.
    @MainActor
    func write(view: HierarchyView, source: any HierarchySource) throws {
        let folder = source as? FileSystemSource
        func bytes(_ id: String) -> [UInt8] {
            if let folder { return folder.systemPath(ofID: id).dropLast().map { UInt8(bitPattern: $0) } }
            return Array(id.utf8)
        }
        if choose || selectionFile != nil {
            var ids = view.selectedUUIDs
            if ids.isEmpty, let focused = view.focusedUUID { ids = [focused] }
            let separator: UInt8 = nulSeparated ? 0 : 0x0A
            var output: [UInt8] = []
            for id in ids { output += bytes(id) + [separator] }
            if let selectionFile {
                let fd = open(selectionFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                guard fd >= 0 else {
                    CommandLineError.printError("\(selectionFile): cannot create: \(String(cString: strerror(errno)))")
                    throw ExitCode(73)
                }
                defer { close(fd) }
                try Self.writeAll(output, to: fd, name: selectionFile)
            } else {
                try Self.writeAll(output, to: Self.resultFD, name: "standard output")
            }
        }
        if printLastDir, folder != nil {
            var directory = FileSystemSource.rootID
            if let focused = view.focusedUUID, focused != FileSystemSource.rootID {
                directory = focused.lastIndex(of: "/").map { String(focused[..<$0]) } ?? FileSystemSource.rootID
            }
            try Self.writeAll(bytes(directory) + [0x0A], to: Self.resultFD, name: "standard output")
        }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, name: String) throws {
        let error = StandardOutput.writeAll(bytes, to: fd)
        guard error == 0 else {
            CommandLineError.printError("\(name): cannot write: \(String(cString: strerror(error)))")
            throw ExitCode(74)
        }
    }
}
