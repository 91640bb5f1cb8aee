import Foundation
import HierarchySources

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program the browser runs in the foreground on its terminal (an editor, a pager, the
/// desktop's opener), after handing the terminal over (see ``TerminalRunLoop``).
public struct ExternalProgram: Sendable, Equatable {
    /// The name shown in messages ("vim", "less", "xdg-open").
    public var name: String
    /// The arguments, the first being the program (looked up on `PATH`), each as the
    /// NUL-terminated bytes the system takes (a file name need not be UTF-8).
    public var arguments: [[CChar]]
    /// Called on the main actor once the program has ended and the terminal is taken back,
    /// with a message for the status line when it failed.
    public var finished: @MainActor @Sendable (_ failure: String?) -> Void

    /// Makes a program to run; each parameter sets the property of the same name.
    public init(
        name: String, arguments: [[CChar]], finished: @escaping @MainActor @Sendable (_ failure: String?) -> Void
    ) {
        self.name = name
        self.arguments = arguments
        self.finished = finished
    }

    public static func == (lhs: ExternalProgram, rhs: ExternalProgram) -> Bool {
        lhs.name == rhs.name && lhs.arguments == rhs.arguments
    }

    /// Runs the program with the terminal as its standard input and output, waits for it off
    /// the main thread, and says how it ended.
    ///
    /// The program starts with the default signal actions and no blocked signals, in this
    /// process's group (the terminal's foreground group), as a shell would start it.
    ///
    /// - Parameters:
    ///   - input: The terminal's input descriptor, made the program's standard input.
    ///   - output: The terminal's output descriptor, made its standard output.
    /// - Returns: `nil` when it exited with status 0, else a one-line message.
    func run(input: Int32, output: Int32) async -> String? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input != STDIN_FILENO { posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO) }
        if output != STDOUT_FILENO { posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO) }
        let argv = arguments.map { $0.withUnsafeBufferPointer { strdup($0.baseAddress!) } } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = withShellSpawnAttributes { posix_spawnp(&pid, argv[0]!, &actions, &$0, argv, environ) }
        guard spawned == 0 else {
            return "Cannot run \(name): \(String(cString: strerror(spawned)))"
        }
        let child = pid
        let status = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(child, &status, 0) < 0 && errno == EINTR {}
                continuation.resume(returning: status)
            }
        }
        let signal = status & 0x7F
        if signal != 0 { return "\(name) ended by signal \(signal)" }
        let code = (status >> 8) & 0xFF
        return code == 0 ? nil : "\(name) exited with status \(code)"
    }
}

/// Decides how a file is opened: with the user's editor or pager when it is text, with the
/// desktop's opener otherwise.
///
/// A file is text when its first 4 KiB hold no NUL byte and are valid UTF-8 (a sequence cut
/// off at the end of those bytes counts as valid); an empty file is text. Text opens with
/// `$VISUAL`, else `$EDITOR`, else `$PAGER`, else `less`; anything else with `xdg-open`
/// (`open` on macOS). An editor or pager variable may hold arguments (`code --wait`): it is
/// run by `/bin/sh` as `git` runs it, with the file as its last argument.
public struct FileOpener: Sendable {
    /// Why a file cannot be opened: a one-line message for the status line.
    public struct Failure: Error, Equatable, Sendable {
        /// The message, such as "cannot open photo.png: no program to open it with".
        public var message: String
    }

    /// How many first bytes decide whether a file is text.
    public static let sniffedByteCount = 4096

    /// The environment the variables and `PATH` come from.
    public var environment: [String: String]

    /// Makes an opener that reads `VISUAL`, `EDITOR`, `PAGER` and `PATH` from `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The program that opens a file.
    ///
    /// - Parameters:
    ///   - path: The file's path, as NUL-terminated bytes.
    ///   - name: The file's name, for messages.
    ///   - finished: Called when the program has ended (see ``ExternalProgram/finished``).
    /// - Returns: The program, or why there is none (no such program, an unreadable file).
    public func program(
        forFileAt path: [CChar], name: String, finished: @escaping @MainActor @Sendable (String?) -> Void
    ) -> Result<ExternalProgram, Failure> {
        let head: [UInt8]
        switch Self.readHead(path) {
        case .success(let bytes): head = bytes
        case .failure(let failure): return .failure(failure)
        }
        if Self.isText(head) {
            for variable in ["VISUAL", "EDITOR", "PAGER"] {
                guard let command = environment[variable]?.trimmingCharacters(in: .whitespaces), !command.isEmpty else {
                    continue
                }
                let program = command.split(separator: " ").first.map(String.init) ?? command
                guard isInstalled(program) else {
                    return .failure(Failure(message: "$\(variable) names “\(program)”, which is not found"))
                }
                let shell = Array("/bin/sh".utf8CString)
                let script = Array("\(command) \"$1\"".utf8CString)
                let name = program.split(separator: "/").last.map(String.init) ?? program
                return .success(
                    ExternalProgram(
                        name: name, arguments: [shell, Array("-c".utf8CString), script, Array("sh".utf8CString), path],
                        finished: finished))
            }
            guard isInstalled("less") else {
                return .failure(Failure(message: "No editor or pager: set $EDITOR or $PAGER, or install less"))
            }
            return .success(
                ExternalProgram(name: "less", arguments: [Array("less".utf8CString), path], finished: finished))
        }
        #if os(macOS)
            let opener = "open"
        #else
            let opener = "xdg-open"
        #endif
        guard isInstalled(opener) else {
            return .failure(Failure(message: "Cannot open “\(name)”: it is not text and \(opener) is not installed"))
        }
        return .success(
            ExternalProgram(name: opener, arguments: [Array(opener.utf8CString), path], finished: finished))
    }

    /// Whether the first bytes of a file are text: no NUL byte, valid UTF-8 (but for a
    /// sequence cut off at their end).
    ///
    /// - Parameter head: The first bytes (at most ``sniffedByteCount``).
    /// - Returns: Whether the file is opened as text.
    public static func isText(_ head: [UInt8]) -> Bool {
        guard !head.contains(0) else { return false }
        var bytes = head[...]
        // A character cut off by the sample's end: drop its lead and continuation bytes.
        if head.count == sniffedByteCount, let lead = head.suffix(3).lastIndex(where: { $0 >= 0xC0 }) {
            let expected = head[lead] >= 0xF0 ? 4 : head[lead] >= 0xE0 ? 3 : 2
            if head.count - lead < expected { bytes = head[..<lead] }
        }
        return String(validating: bytes, as: UTF8.self) != nil
    }

    private static func readHead(_ path: [CChar]) -> Result<[UInt8], Failure> {
        // A device or a pipe is never opened: opening one may do something (a tape rewinds).
        var named = stat()
        guard stat(path, &named) == 0 else {
            return .failure(Failure(message: "Cannot open: \(String(cString: strerror(errno)))"))
        }
        guard named.st_mode & S_IFMT == S_IFREG else {
            return .failure(Failure(message: "Cannot open: not a regular file"))
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            return .failure(Failure(message: "Cannot open: \(String(cString: strerror(errno)))"))
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .failure(Failure(message: "Cannot open: not a regular file"))
        }
        var head = [UInt8](repeating: 0, count: sniffedByteCount)
        var count = 0
        while count < head.count {
            let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            count += n
        }
        return .success(Array(head.prefix(count)))
    }

    /// Whether a program can be run: a path to an executable file, or a name found on `PATH`.
    func isInstalled(_ program: String) -> Bool {
        if program.contains("/") { return access(program, X_OK) == 0 }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}
