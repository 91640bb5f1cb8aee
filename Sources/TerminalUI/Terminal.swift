import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The controlling terminal: raw mode, alternate screen, mouse and paste modes, and their restoration.
///
/// ``enter()`` saves the terminal settings of the input descriptor, switches
/// it to raw mode (no echo, no line editing, no signal keys: Ctrl-C and Ctrl-Z
/// arrive as input), and writes the sequences for the alternate screen, a
/// hidden cursor, no auto-wrap, SGR mouse reporting (1000, 1002, 1006), focus
/// reports and bracketed paste. ``restore()`` undoes all of it and is
/// idempotent.
///
/// Restoration is guaranteed:
/// - on normal exit, by an `atexit` handler registered on the first ``enter()``;
/// - on SIGINT, SIGTERM, SIGHUP and SIGQUIT: the terminal is restored and
///   ``TerminalEvent/terminate(signal:)`` is sent; if the process has not exited
///   after ``terminationGracePeriod``, the signal is re-raised with its default action;
/// - on SIGTSTP (also sent by ``suspend()``): the terminal is restored,
///   ``TerminalEvent/suspend`` is sent and the process stops with the default
///   action; when it continues, the terminal is entered again and
///   ``TerminalEvent/resume`` asks for a full redraw (also after a SIGSTOP);
/// - on SIGWINCH, ``TerminalEvent/resize(columns:rows:)`` is sent.
///
/// Signal handlers only write to a pipe (see `SignalRelay`); the work runs on
/// an ordinary thread. Events go to the handler set with ``setEventHandler(_:)``
/// (``TerminalEventSource`` sets it).
public final class Terminal: Sendable {
    /// Where the control sequences and frames go.
    public let output: any TerminalOutput
    /// The descriptor whose termios settings are changed (standard input by default).
    public let inputFileDescriptor: Int32
    /// How long a termination signal waits for the application to exit before it takes effect; `nil` waits forever.
    public let terminationGracePeriod: Duration?
    /// The environment used for the size fallback (`COLUMNS`, `LINES`).
    private let environment: [String: String]
    /// Whether to install signal handlers on ``enter()``.
    private let handlesSignals: Bool

    /// The mutable state: whether the screen is set up, what to restore, who hears events.
    private struct State {
        /// Whether the terminal is in full-screen mode now.
        var isActive = false
        /// Whether the application wants full-screen mode (stays `true` while suspended).
        var wantsActive = false
        /// The settings before ``enter()``, if the input is a terminal.
        var originalSettings: termios?
        /// The signal relay, from the first ``enter()`` until ``restore()``.
        var relay: SignalRelay?
        /// Whether the next SIGCONT was already answered after a SIGTSTP stop.
        var skipNextContinue = false
        /// Receives events.
        var eventHandler: (@Sendable (TerminalEvent) -> Void)?
    }

    /// Guards all mutable state; frames and restoration are written while holding it, so they never interleave.
    private let state = Mutex(State())

    /// The signals whose arrival restores the terminal and ends the program.
    public static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// The termination signals the keyboard sends to the terminal's foreground group.
    private static let keyboardSignals: [Int32] = [SIGINT, SIGQUIT]

    /// Creates a terminal; nothing changes until ``enter()``.
    ///
    /// - Parameters:
    ///   - output: Where bytes go, standard output by default.
    ///   - inputFileDescriptor: The terminal input, standard input by default.
    ///   - environment: For the size fallback, the process environment by default.
    ///   - handlesSignals: Whether ``enter()`` installs signal handling (tests pass `false`).
    ///   - terminationGracePeriod: How long a termination signal waits for the application to exit.
    public init(
        output: any TerminalOutput = StandardOutput(),
        inputFileDescriptor: Int32 = STDIN_FILENO,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        handlesSignals: Bool = true,
        terminationGracePeriod: Duration? = .seconds(1)
    ) {
        self.output = output
        self.inputFileDescriptor = inputFileDescriptor
        self.environment = environment
        self.handlesSignals = handlesSignals
        self.terminationGracePeriod = terminationGracePeriod
    }

    deinit {
        restore()
    }

    /// Whether both standard input and standard output are terminals.
    public static func isInteractive() -> Bool {
        isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
    }

    /// Whether the terminal is in full-screen mode now.
    public var isActive: Bool {
        state.withLock { $0.isActive }
    }

    /// Sets the receiver of resize, suspend, resume and terminate events.
    ///
    /// - Parameter handler: Called on the signal thread; keep it short.
    public func setEventHandler(_ handler: (@Sendable (TerminalEvent) -> Void)?) {
        state.withLock { $0.eventHandler = handler }
    }

    /// The window size in cells.
    ///
    /// Asks the input, then standard output, then standard error with `TIOCGWINSZ`;
    /// falls back to `COLUMNS` and `LINES` from the environment, then to 80×24.
    ///
    /// - Returns: Columns and rows, both at least 1.
    public func size() -> (columns: Int, rows: Int) {
        Self.size(fileDescriptors: [inputFileDescriptor, STDOUT_FILENO, STDERR_FILENO], environment: environment)
    }

    /// The window size of the first descriptor that knows it, else from `COLUMNS` and `LINES`, else 80×24.
    static func size(fileDescriptors: [Int32], environment: [String: String]) -> (columns: Int, rows: Int) {
        for fd in fileDescriptors {
            var window = winsize()
            if ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
                return (Int(window.ws_col), Int(window.ws_row))
            }
        }
        let columns = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 80
        let rows = environment["LINES"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
        return (columns, rows)
    }

    /// The bytes that set the screen up: alternate screen, hidden cursor, no auto-wrap, mouse, focus, paste.
    static let enterSequence: [UInt8] = {
        var writer = ANSIWriter()
        for mode in [1049, 25, 7, 1000, 1002, 1006, 1004, 2004] {
            writer.privateMode(mode, mode != 25 && mode != 7)
        }
        return writer.bytes
    }()

    /// The bytes that undo ``enterSequence`` (and end a synchronized update cut short).
    static let restoreSequence: [UInt8] = {
        var writer = ANSIWriter()
        writer.privateMode(2026, false)
        writer.resetStyle()
        for mode in [2004, 1004, 1006, 1002, 1000] {
            writer.privateMode(mode, false)
        }
        writer.privateMode(7, true)
        writer.privateMode(25, true)
        writer.privateMode(1049, false)
        return writer.bytes
    }()

    /// Switches to full-screen mode. Does nothing if already active.
    ///
    /// When the input is not a terminal, the termios step is skipped and only the
    /// sequences are written.
    public func enter() {
        let needsRelay = state.withLock { state -> Bool in
            state.wantsActive = true
            enterLocked(&state)
            return handlesSignals && state.relay == nil
        }
        if needsRelay { startSignalHandling() }
        Self.registerForExit(self)
    }

    /// Leaves full-screen mode: mouse and paste modes off, cursor shown, main screen, original settings back.
    ///
    /// Idempotent; also stops signal handling. Safe to call from any thread.
    public func restore() {
        let relay = state.withLock { state -> SignalRelay? in
            state.wantsActive = false
            restoreLocked(&state)
            let relay = state.relay
            state.relay = nil
            return relay
        }
        relay?.stop()
        Self.unregisterForExit(self)
    }

    /// Writes bytes (a frame, an OSC 52 sequence) only while the terminal is active.
    ///
    /// Frames drawn after a signal restored the terminal are dropped instead of
    /// landing on the main screen; the renderer that produced a dropped frame must
    /// be invalidated (``FrameRenderer/invalidate()``), which ``TerminalEvent/resume``
    /// calls for anyway.
    ///
    /// - Parameter bytes: The bytes.
    /// - Returns: Whether they were written.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        state.withLock { state in
            guard state.isActive else { return false }
            output.write(bytes)
            return true
        }
    }

    /// Puts text on the system clipboard through the terminal (OSC 52), if the terminal is active.
    ///
    /// - Parameter text: The text to copy.
    /// - Returns: Whether the sequence was written (terminals without OSC 52 support ignore it).
    @discardableResult
    public func copyToClipboard(_ text: String) -> Bool {
        write(OSC52.copy(text))
    }

    /// Suspends the program as Ctrl-Z would in a shell: restores the terminal and stops the process.
    ///
    /// On resume the terminal is entered again and ``TerminalEvent/resume`` is sent.
    /// Without signal handling, only restores.
    public func suspend() {
        if state.withLock({ $0.relay != nil }) {
            kill(getpid(), SIGTSTP)
        } else {
            state.withLock { restoreLocked(&$0) }
        }
    }

    /// Gives the terminal to another program run in the foreground (an editor, a pager): the
    /// screen and settings are restored as at exit, and until ``takeBack()`` the keyboard's
    /// SIGINT and SIGQUIT are left to that program instead of ending this one. Stop reading
    /// input before, so the program gets every key.
    ///
    /// The two signals are ignored, as a shell ignores them while its foreground job runs: the
    /// kernel then discards them for this process when the key is typed, so none can wait in
    /// the relay to be read after ``takeBack()``, when it would end the program.
    public func handOver() {
        state.withLock { state in
            state.wantsActive = false
            for signo in Self.keyboardSignals { state.relay?.ignore(signo) }
            restoreLocked(&state)
        }
    }

    /// Takes the terminal back after ``handOver()``: full-screen mode again, from the settings
    /// saved at the first ``enter()`` (the program may have left others). Draw a whole frame next.
    public func takeBack() {
        state.withLock { state in
            for signo in Self.keyboardSignals { state.relay?.reinstall(signo) }
            state.wantsActive = true
            enterLocked(&state)
        }
    }

    // MARK: - Internals

    private func enterLocked(_ state: inout State) {
        guard !state.isActive else { return }
        var settings = termios()
        if tcgetattr(inputFileDescriptor, &settings) == 0 {
            if state.originalSettings == nil { state.originalSettings = settings }
            var raw = state.originalSettings ?? settings
            cfmakeraw(&raw)
            _ = tcsetattr(inputFileDescriptor, TCSANOW, &raw)
        }
        output.write(Self.enterSequence)
        state.isActive = true
    }

    private func restoreLocked(_ state: inout State) {
        guard state.isActive else { return }
        output.write(Self.restoreSequence)
        if var original = state.originalSettings {
            _ = tcsetattr(inputFileDescriptor, TCSANOW, &original)
        }
        state.isActive = false
    }

    private func startSignalHandling() {
        let signals = Self.terminationSignals + [SIGTSTP, SIGCONT, SIGWINCH]
        let relay = SignalRelay(signals: signals) { [weak self] signo in
            self?.handleSignal(signo)
        }
        state.withLock { $0.relay = relay }
    }

    /// Reacts to a relayed signal on the relay thread.
    func handleSignal(_ signo: Int32) {
        switch signo {
        case SIGWINCH:
            let size = size()
            emit(.resize(columns: size.columns, rows: size.rows))
        case SIGTSTP:
            let relay = state.withLock { state -> SignalRelay? in
                restoreLocked(&state)
                return state.relay
            }
            emit(.suspend)
            // On the relay thread, which does not block SIGTSTP: the process stops before raise returns
            // (unless its process group is orphaned, when the kernel discards the stop).
            signal(SIGTSTP, SIG_DFL)
            raise(SIGTSTP)
            relay?.reinstall(SIGTSTP)
            let resumed = state.withLock { state -> Bool in
                guard state.wantsActive else { return false }
                enterLocked(&state)
                // The SIGCONT that woke the process is already handled here.
                state.skipNextContinue = true
                return true
            }
            if resumed { emit(.resume) }
        case SIGCONT:
            let resumed = state.withLock { state -> Bool in
                if state.skipNextContinue {
                    state.skipNextContinue = false
                    return false
                }
                guard state.wantsActive else { return false }
                // Stopped by SIGSTOP, which cannot be caught: the shell may have changed the settings.
                state.isActive = false
                enterLocked(&state)
                return true
            }
            if resumed { emit(.resume) }
        default:
            state.withLock { state in
                state.wantsActive = false
                restoreLocked(&state)
            }
            emit(.terminate(signal: signo))
            if let grace = terminationGracePeriod {
                let nanoseconds =
                    grace.components.seconds * 1_000_000_000 + grace.components.attoseconds / 1_000_000_000
                DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
                    // Process-directed: worker threads block signals, the relay thread does not.
                    signal(signo, SIG_DFL)
                    kill(getpid(), signo)
                }
            }
        }
    }

    private func emit(_ event: TerminalEvent) {
        let handler = state.withLock { $0.eventHandler }
        handler?(event)
    }

    // MARK: - Exit handling

    /// A terminal to restore at exit.
    private struct WeakTerminal: @unchecked Sendable {
        // Safe: only read and written under `activeTerminals`' lock; `Terminal` itself is Sendable.
        weak var terminal: Terminal?
    }

    /// The terminals entered and not yet restored, restored by the `atexit` handler.
    private static let activeTerminals = Mutex<(registered: Bool, terminals: [WeakTerminal])>((false, []))

    private static func registerForExit(_ terminal: Terminal) {
        let needsAtexit = activeTerminals.withLock { registry -> Bool in
            registry.terminals.removeAll { $0.terminal == nil || $0.terminal === terminal }
            registry.terminals.append(WeakTerminal(terminal: terminal))
            defer { registry.registered = true }
            return !registry.registered
        }
        if needsAtexit {
            atexit {
                let terminals = Terminal.activeTerminals.withLock { $0.terminals.compactMap(\.terminal) }
                for terminal in terminals { terminal.restore() }
            }
        }
    }

    private static func unregisterForExit(_ terminal: Terminal) {
        activeTerminals.withLock { registry in
            registry.terminals.removeAll { $0.terminal == nil || $0.terminal === terminal }
        }
    }
}
