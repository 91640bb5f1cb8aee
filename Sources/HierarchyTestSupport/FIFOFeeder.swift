import Foundation
import HierarchySources

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A named pipe that a test writes in steps, from a thread of its own, to feed a reader slowly.
///
/// The thread opens the pipe for writing, which returns when a reader opens it (``untilOpened()``
/// is that event), then writes each chunk given to ``write(_:)`` as it comes, and closes the
/// pipe after ``close()`` (or, should a test never call it, after ten minutes: a guard against a
/// leaked thread, far past any test, so a loaded run that takes minutes never sees its document
/// end early). Should no reader ever come, the thread stays in `open` until the test process
/// ends. Writes to a reader that went away are dropped (SIGPIPE is ignored in the test process).
public final class FIFOFeeder: @unchecked Sendable {
    // `@unchecked`: `chunks` and `isClosed` are guarded by `condition`.
    public let path: String
    private let condition = NSCondition()
    private var chunks: [Data] = []
    private var isClosed = false
    /// Whether the writing end is open: a reader came.
    private let opened = ObservedValue<Bool>(false)

    /// Makes the pipe and starts the writing thread.
    ///
    /// - Parameter path: Where to make the pipe (it must not exist).
    /// - Throws: `POSIXError` when the pipe cannot be made.
    public init(path: String) throws {
        self.path = path
        signal(SIGPIPE, SIG_IGN)
        guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let thread = Thread { [self] in feed() }
        thread.start()
    }

    /// Writes a chunk once a reader has the pipe open.
    public func write(_ text: String) {
        condition.lock()
        chunks.append(Data(text.utf8))
        condition.signal()
        condition.unlock()
    }

    /// Ends the input: the reader sees the end of the file after the chunks written so far.
    public func close() {
        condition.lock()
        isClosed = true
        condition.signal()
        condition.unlock()
    }

    /// Waits until a reader has opened the pipe: an event, with no clock (`false` when the task
    /// is cancelled first, as by a test's time limit).
    public func untilOpened() async -> Bool {
        await opened.until { $0 }
    }

    private func feed() {
        // Returns when a reader opens the pipe.
        var descriptor: Int32
        repeat { descriptor = open(path, O_WRONLY) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { return }
        opened.withLock { $0 = true }
        defer { Glibc.close(descriptor) }
        let deadline = Date().addingTimeInterval(600)
        while true {
            condition.lock()
            while chunks.isEmpty, !isClosed {
                if !condition.wait(until: deadline) { break }
            }
            let pending = chunks
            chunks.removeAll()
            let done = isClosed || Date() >= deadline
            condition.unlock()
            for chunk in pending {
                let written = chunk.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 { return }
            }
            if done { return }
        }
    }
}

/// Lets a writer thread of a FIFO end once the program that read it has exited, and waits for it.
///
/// The writer either still blocks in `open` (its reader never came, or has not come yet) or
/// writes to a pipe that no longer has a reader. Each round opens and closes a reader of our
/// own, which lets a blocked `open` return and leaves the next write failing with `EPIPE`
/// (SIGPIPE is ignored), until the writer says it is done. The rounds wait on the writer's
/// signal, not on a time; the limit only keeps a broken writer from hanging the test.
///
/// - Parameters:
///   - path: The FIFO.
///   - done: Signalled by the writer thread when it has closed its end.
/// - Returns: Whether the writer ended.
@discardableResult
public func releaseFIFOWriter(path: String, done: DispatchSemaphore) -> Bool {
    let limit = Date().addingTimeInterval(600)
    while Date() < limit {
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        if reader >= 0 { Glibc.close(reader) }
        if done.wait(timeout: .now() + .milliseconds(100)) == .success { return true }
    }
    return false
}
