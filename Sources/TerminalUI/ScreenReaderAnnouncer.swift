import Dispatch
import Foundation
import Synchronization

/// Where the terminal's screen-reader mode sends each announcement (the focused item's text,
/// a message) besides the status line: a file or FIFO that gets one line per announcement, or
/// a command (a speech synthesizer such as `espeak-ng`) that reads it on standard input.
///
/// Announcing never blocks the caller: lines are written and commands started on a queue of
/// the announcer's own. Making a file or command announcer ignores `SIGPIPE` in the process,
/// so a reader or speech command that went away ends only its announcements, never the program.
public struct ScreenReaderAnnouncer: Sendable {
    private let sink: @Sendable (String) -> Void

    /// An announcer calling `sink` with each announcement (on the caller's thread).
    ///
    /// - Parameter sink: Receives the announcement's text, one line.
    public init(_ sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
    }

    /// Announces a text: control characters and line breaks become spaces, so it is one line.
    ///
    /// - Parameter text: What to say.
    public func callAsFunction(_ text: String) {
        sink(Self.oneLine(text))
    }

    /// The text as one line without control characters.
    static func oneLine(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
    }

    /// Appends each announcement as a line to a file, created if missing (mode 0644). A FIFO
    /// works when something reads it; a line the reader is too slow for is dropped, never
    /// waited for.
    ///
    /// - Parameter path: The file's path.
    /// - Returns: The announcer.
    /// - Throws: ``Failure`` when the file cannot be opened (a FIFO without a reader among them).
    public static func file(_ path: String) throws -> ScreenReaderAnnouncer {
        signal(SIGPIPE, SIG_IGN)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Failure(message: "cannot open \(path) for announcements: \(String(cString: strerror(errno)))")
        }
        let file = AnnouncementFile(descriptor: descriptor)
        return ScreenReaderAnnouncer { text in file.append(text) }
    }

    /// Runs `/bin/sh -c command` for each announcement with the text on its standard input
    /// (`espeak-ng`, `spd-say -e`); the previous announcement's command, if still running, is
    /// ended first, so speech follows the focus. Its output goes to `/dev/null`, never to the
    /// screen. Item text reaches the command only on standard input, never in its command line.
    ///
    /// - Parameter command: The shell command.
    /// - Returns: The announcer.
    public static func command(_ command: String) -> ScreenReaderAnnouncer {
        signal(SIGPIPE, SIG_IGN)
        let speaker = AnnouncementCommand(command: command)
        return ScreenReaderAnnouncer { text in speaker.say(text) }
    }

    /// Why an announcer could not be made.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// A one-line message.
        public var message: String
        public var description: String { message }
    }
}

/// A file announcements are appended to, written on a queue of its own.
///
/// `@unchecked Sendable`: the descriptor is written only on `queue` and closed in `deinit`.
final class AnnouncementFile: @unchecked Sendable {
    private let descriptor: Int32
    private let queue = DispatchQueue(label: "TerminalUI.AnnouncementFile")

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Appends one line, dropping it when the file cannot take it now (a full FIFO).
    func append(_ text: String) {
        queue.async { [self] in
            let bytes = Array((text + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }
}

/// A command started per announcement, one at a time.
final class AnnouncementCommand: Sendable {
    private let command: String
    private let queue = DispatchQueue(label: "TerminalUI.AnnouncementCommand")
    /// The command speaking the previous announcement.
    private let running = Mutex<Process?>(nil)

    init(command: String) {
        self.command = command
    }

    /// Ends the previous announcement's command if it still runs and starts one for `text`.
    func say(_ text: String) {
        queue.async { [self] in
            running.withLock { process in
                if let process, process.isRunning { process.terminate() }
                process = nil
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                return
            }
            try? input.fileHandleForWriting.write(contentsOf: Data((text + "\n").utf8))
            try? input.fileHandleForWriting.close()
            running.withLock { $0 = process }
        }
    }
}
