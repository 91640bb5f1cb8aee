import Foundation
import HierarchySources
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads terminal input on a dedicated thread and delivers it, with the terminal's signals, as an async stream.
///
/// The thread blocks in `poll` on the input and a wake pipe. Everything
/// readable at once is read (up to 64 KiB) and decoded into one
/// ``TerminalEvent/input(_:)`` burst, so the application renders at most once per
/// burst. While the decoder holds an unfinished sequence, `poll` waits only
/// ``escapeTimeout``: if nothing follows, a lone ESC becomes ``Key/escape``
/// (a paste in progress waits ``pasteTimeout`` instead). End of input is
/// reported as ``TerminalEvent/terminate(signal:)`` with SIGHUP and ends the stream.
///
/// ``stop(timeout:)`` wakes the thread by closing the wake pipe and waits a bounded time for it to end.
public final class TerminalEventSource: Sendable {
    /// The events, in order. The stream ends after ``TerminalEventSource/stop(timeout:)`` or at end of input.
    public let events: AsyncStream<TerminalEvent>
    /// The input descriptor read (standard input by default). It is not closed.
    public let inputFileDescriptor: Int32
    /// How long an unfinished escape sequence waits for more bytes.
    public let escapeTimeout: Duration
    /// How long an unfinished bracketed paste waits for more bytes.
    public let pasteTimeout: Duration

    private let continuation: AsyncStream<TerminalEvent>.Continuation
    /// The terminal whose events are forwarded, if any.
    private let terminal: Terminal?

    /// The lifecycle: not started, running (with the wake pipe's write end), or stopped.
    private enum Lifecycle {
        case idle
        case running(wakeFD: Int32)
        case stopped
    }

    /// Guards the lifecycle.
    private let lifecycle = Mutex<Lifecycle>(.idle)
    /// Finished by the thread when it ends.
    private let threadEnd = AsyncStream<Never>.makeStream()

    /// Creates a source; nothing is read until ``start()``.
    ///
    /// - Parameters:
    ///   - inputFileDescriptor: The descriptor to read, standard input by default.
    ///   - terminal: A terminal whose resize, suspend, resume and terminate events join the stream.
    ///   - escapeTimeout: How long a lone ESC waits before it counts as the Escape key, 25 ms by default.
    ///   - pasteTimeout: How long an unfinished paste waits for more bytes, 500 ms by default.
    public init(
        inputFileDescriptor: Int32 = STDIN_FILENO,
        terminal: Terminal? = nil,
        escapeTimeout: Duration = .milliseconds(25),
        pasteTimeout: Duration = .milliseconds(500)
    ) {
        self.inputFileDescriptor = inputFileDescriptor
        self.terminal = terminal
        self.escapeTimeout = escapeTimeout
        self.pasteTimeout = pasteTimeout
        (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .unbounded)
        let continuation = continuation
        terminal?.setEventHandler { event in
            continuation.yield(event)
        }
    }

    deinit {
        _ = requestStop()
        continuation.finish()
    }

    /// Starts the reading thread. Does nothing if already started or stopped.
    public func start() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            continuation.finish()
            return
        }
        // Close-on-exec: a child process started later must not hold the wake pipe open (its
        // copy of the write end would keep `stop()` from waking the reading thread).
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let started = lifecycle.withLock { lifecycle -> Bool in
            guard case .idle = lifecycle else { return false }
            lifecycle = .running(wakeFD: fds[1])
            return true
        }
        guard started else {
            _ = close(fds[0])
            _ = close(fds[1])
            return
        }
        let configuration = ReadLoop(
            inputFD: inputFileDescriptor,
            wakeFD: fds[0],
            escapeTimeout: Self.milliseconds(escapeTimeout),
            pasteTimeout: Self.milliseconds(pasteTimeout),
            continuation: continuation
        )
        let ended = threadEnd.continuation
        let readFD = fds[0]
        let thread = Thread {
            configuration.run()
            _ = close(readFD)
            ended.finish()
        }
        thread.name = "TerminalUI.TerminalEventSource"
        thread.start()
    }

    /// Stops the reading thread and ends the stream. Idempotent. No thread waits meanwhile.
    ///
    /// - Parameter timeout: The longest wait for the thread to end, 1 s by default.
    /// - Returns: Whether the thread ended within `timeout` (or was never started).
    @discardableResult
    public func stop(timeout: Duration = .seconds(1)) async -> Bool {
        guard requestStop() else {
            continuation.finish()
            return true
        }
        let threadEnded = threadEnd.stream
        let ended = try? await withTimeout(timeout) {
            for await _ in threadEnded {}
            return true
        }
        continuation.finish()
        return ended ?? false
    }

    /// Wakes the reading thread to end, if it runs, and lets go of the terminal's events.
    ///
    /// - Returns: Whether a thread was running.
    private func requestStop() -> Bool {
        let wakeFD = lifecycle.withLock { lifecycle -> Int32? in
            defer { lifecycle = .stopped }
            if case .running(let fd) = lifecycle { return fd }
            return nil
        }
        terminal?.setEventHandler(nil)
        guard let wakeFD else { return false }
        // Closing the write end wakes the thread (POLLHUP) and, unlike a write, can never raise SIGPIPE.
        _ = close(wakeFD)
        return true
    }

    /// A duration in whole milliseconds, at least 1 and at most a day.
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return Int(min(max(total, 1), 86_400_000))
    }

    /// The reading thread's work.
    private struct ReadLoop: Sendable {
        let inputFD: Int32
        let wakeFD: Int32
        let escapeTimeout: Int
        let pasteTimeout: Int
        let continuation: AsyncStream<TerminalEvent>.Continuation

        /// The longest single wait in `poll`, so the loop re-checks its state regularly.
        static let idleTimeout: Int32 = 250
        /// The most bytes decoded as one burst.
        static let maximumBurst = 64 * 1024

        func run() {
            var decoder = InputDecoder()
            var buffer = [UInt8](repeating: 0, count: 4096)
            var descriptors = [
                pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
            ]
            while true {
                let timeout: Int32 =
                    decoder.hasPending
                    ? Int32(decoder.isInPaste ? pasteTimeout : escapeTimeout)
                    : Self.idleTimeout
                let result = poll(&descriptors, 2, timeout)
                if result < 0 {
                    if errno == EINTR { continue }
                    finishInput(&decoder)
                    return
                }
                if descriptors[1].revents != 0 { return }
                if result == 0 {
                    if decoder.hasPending { deliver(decoder.flushPending()) }
                    continue
                }
                let inputEvents = descriptors[0].revents
                if inputEvents & Int16(POLLIN) != 0 {
                    let (burst, ended) = readBurst(into: &buffer)
                    if !burst.isEmpty { deliver(decoder.feed(burst)) }
                    if ended {
                        finishInput(&decoder)
                        return
                    }
                } else if inputEvents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                    finishInput(&decoder)
                    return
                }
            }
        }

        /// Reads everything available now; reports whether the input ended.
        private func readBurst(into buffer: inout [UInt8]) -> ([UInt8], Bool) {
            var burst: [UInt8] = []
            while burst.count < Self.maximumBurst {
                let count = buffer.withUnsafeMutableBytes { read(inputFD, $0.baseAddress, $0.count) }
                if count > 0 {
                    burst.append(contentsOf: buffer[0..<count])
                } else if count == 0 {
                    return (burst, true)
                } else if errno == EINTR {
                    continue
                } else if errno == EAGAIN || errno == EWOULDBLOCK {
                    break
                } else {
                    return (burst, true)
                }
                var more = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
                guard poll(&more, 1, 0) > 0, more.revents & Int16(POLLIN) != 0 else { break }
            }
            return (burst, false)
        }

        /// Delivers pending input and reports the end of input.
        private func finishInput(_ decoder: inout InputDecoder) {
            deliver(decoder.flushPending())
            continuation.yield(.terminate(signal: SIGHUP))
            continuation.finish()
        }

        private func deliver(_ events: [InputEvent]) {
            guard !events.isEmpty else { return }
            continuation.yield(.input(events))
        }
    }
}
