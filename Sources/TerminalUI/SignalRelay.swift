import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns process signals into calls on an ordinary thread (the self-pipe trick).
///
/// The installed handler only writes the signal number as one byte to a pipe,
/// saving and restoring `errno`: it is async-signal-safe and allocates nothing.
/// A dedicated thread polls the pipe and passes each signal to the relay's
/// handler, where anything may be done. The thread unblocks the relayed
/// signals, so they are delivered even when every other thread blocks them;
/// the handler runs on the relay thread. ``stop()`` puts the previous signal
/// actions back and ends the thread.
final class SignalRelay: Sendable {
    /// The write end of the pipe of the installed relay, read by the C handler; -1 when none is installed.
    ///
    /// Process-wide by nature: a signal handler cannot carry context.
    private static let handlerWriteFD = Atomic<Int32>(-1)

    /// The signals relayed.
    let signals: [Int32]
    /// The signal pipe: read end, write end; and the wake pipe that stops the thread.
    private let signalPipe: (read: Int32, write: Int32)
    private let wakePipe: (read: Int32, write: Int32)
    /// The signal actions to put back, and whether the relay is running.
    private let state: Mutex<(previous: [Int32: sigaction], running: Bool)>

    /// Installs handlers for `signals` and starts the thread that calls `handler`.
    ///
    /// Returns `nil` if the pipes cannot be created or another relay is installed.
    ///
    /// - Parameters:
    ///   - signals: The signals to relay.
    ///   - handler: Called on the relay's thread, once per signal received.
    init?(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        guard let signalPipe = Self.makePipe(), let wakePipe = Self.makePipe() else { return nil }
        guard
            Self.handlerWriteFD.compareExchange(
                expected: -1, desired: signalPipe.write, ordering: .sequentiallyConsistent
            ).exchanged
        else {
            Self.close(signalPipe)
            Self.close(wakePipe)
            return nil
        }
        self.signals = signals
        self.signalPipe = signalPipe
        self.wakePipe = wakePipe
        var previous: [Int32: sigaction] = [:]
        for signo in signals {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = signalRelayHandler
            #else
                action.__sigaction_u.__sa_handler = signalRelayHandler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var old = sigaction()
            if sigaction(signo, &action, &old) == 0 {
                previous[signo] = old
            }
        }
        self.state = Mutex((previous, true))
        let readFD = signalPipe.read
        let wakeFD = wakePipe.read
        let thread = Thread {
            // Threads inherit the creator's signal mask, and worker threads block everything:
            // unblock the relayed signals here so that some thread can always take them.
            var set = sigset_t()
            sigemptyset(&set)
            for signo in signals { sigaddset(&set, signo) }
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            Self.run(signalFD: readFD, wakeFD: wakeFD, handler: handler)
            Self.close((readFD, -1))
            Self.close((wakeFD, -1))
        }
        thread.name = "TerminalUI.SignalRelay"
        thread.start()
    }

    /// Ignores `signo` until ``reinstall(_:)``: the kernel discards it for this process.
    func ignore(_ signo: Int32) {
        guard state.withLock({ $0.running }) else { return }
        signal(signo, SIG_IGN)
    }

    /// Puts `signo`'s handler back after a temporary default action (used around SIGTSTP)
    /// or ``ignore(_:)``.
    func reinstall(_ signo: Int32) {
        guard state.withLock({ $0.running }) else { return }
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = signalRelayHandler
        #else
            action.__sigaction_u.__sa_handler = signalRelayHandler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(signo, &action, nil)
    }

    /// Restores the previous signal actions and ends the thread. Idempotent.
    func stop() {
        let previous: [Int32: sigaction]? = state.withLock { state in
            guard state.running else { return nil }
            state.running = false
            return state.previous
        }
        guard let previous else { return }
        for (signo, old) in previous {
            var action = old
            sigaction(signo, &action, nil)
        }
        _ = Self.handlerWriteFD.compareExchange(
            expected: signalPipe.write, desired: -1, ordering: .sequentiallyConsistent)
        Self.close((-1, signalPipe.write))
        // Closing the write end wakes the thread (POLLHUP) and, unlike a write, can never raise SIGPIPE.
        Self.close((-1, wakePipe.write))
    }

    deinit {
        stop()
    }

    /// The C signal handler: writes the signal number to the pipe. Async-signal-safe.
    static let cHandler: @convention(c) (Int32) -> Void = { signo in
        let savedErrno = errno
        let fd = handlerWriteFD.load(ordering: .relaxed)
        if fd >= 0 {
            var byte = UInt8(truncatingIfNeeded: signo)
            _ = write(fd, &byte, 1)
        }
        errno = savedErrno
    }

    /// The relay thread's loop: waits for signal bytes or the wake byte.
    private static func run(signalFD: Int32, wakeFD: Int32, handler: @Sendable (Int32) -> Void) {
        var descriptors = [
            pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
        ]
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let result = poll(&descriptors, 2, 500)
            if result < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 { return }
            guard descriptors[0].revents & Int16(POLLIN) != 0 else {
                if descriptors[0].revents != 0 { return }
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(signalFD, $0.baseAddress, $0.count) }
            if count <= 0 {
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                return
            }
            for index in 0..<count {
                handler(Int32(buffer[index]))
            }
        }
    }

    /// Creates a close-on-exec pipe whose ends are non-blocking.
    private static func makePipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        return (fds[0], fds[1])
    }

    /// Closes the valid descriptors of a pair.
    private static func close(_ pair: (read: Int32, write: Int32)) {
        #if canImport(Glibc)
            if pair.read >= 0 { _ = Glibc.close(pair.read) }
            if pair.write >= 0 { _ = Glibc.close(pair.write) }
        #else
            if pair.read >= 0 { _ = Darwin.close(pair.read) }
            if pair.write >= 0 { _ = Darwin.close(pair.write) }
        #endif
    }
}

/// The handler installed for relayed signals.
private let signalRelayHandler: @convention(c) (Int32) -> Void = SignalRelay.cHandler
