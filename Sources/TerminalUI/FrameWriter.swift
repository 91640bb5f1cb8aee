import Dispatch
import HierarchySources
import Synchronization

/// Writes frames to a terminal on a queue of its own, one at a time, so a terminal that
/// stops reading (a stalled connection, a paused multiplexer) never blocks the run loop.
///
/// The run loop asks ``isBusy`` before drawing: while a frame is still being written it
/// only remembers that the screen changed, and draws once the write ends (``submit(_:done:)``
/// calls `done` then). So at most one frame is ever in flight and none is queued behind it:
/// the next frame drawn is always the newest state, and no frame is dropped, which keeps the
/// renderer's diff against the previous frame valid.
final class FrameWriter: Sendable {
    /// The terminal written to.
    let terminal: Terminal
    /// Runs the writes, one at a time.
    private let queue = DispatchQueue(label: "TerminalUI.FrameWriter")
    /// Whether a write is in flight.
    private let busy = Mutex(false)

    init(terminal: Terminal) {
        self.terminal = terminal
    }

    /// Whether a frame is still being written.
    var isBusy: Bool {
        busy.withLock { $0 }
    }

    /// Starts writing bytes unless a write is in flight.
    ///
    /// - Parameters:
    ///   - bytes: A frame or another sequence.
    ///   - done: Called on the writer's queue when the bytes are out (or dropped by the terminal).
    /// - Returns: Whether the bytes were accepted; `false` while a write is in flight.
    @discardableResult
    func submit(_ bytes: [UInt8], done: @escaping @Sendable () -> Void) -> Bool {
        let accepted = busy.withLock { busy -> Bool in
            guard !busy else { return false }
            busy = true
            return true
        }
        guard accepted else { return false }
        queue.async { [self] in
            terminal.write(bytes)
            busy.withLock { $0 = false }
            done()
        }
        return true
    }

    /// Queues bytes behind the write in flight (a short sequence such as OSC 52, never a frame).
    ///
    /// - Parameter bytes: The bytes.
    func enqueue(_ bytes: [UInt8]) {
        queue.async { [terminal] in terminal.write(bytes) }
    }

    /// Waits until the write in flight, if any, has ended, at most `timeout`; no thread waits
    /// meanwhile.
    ///
    /// - Returns: Whether the writer is idle.
    @discardableResult
    func drain(timeout: Duration) async -> Bool {
        let queue = self.queue
        let drained = try? await withTimeout(timeout) {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in queue.async { done.resume() } }
            return true
        }
        return drained ?? false
    }
}
