#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A ``TerminalOutput`` that writes to a file descriptor, standard output by default.
///
/// Each ``write(_:)`` loops over `write(2)` until every byte is out: partial
/// writes continue where they stopped, `EINTR` retries, and `EAGAIN` (a
/// non-blocking descriptor whose buffer is full) waits with `poll` for the
/// descriptor to become writable, at most ``stallTimeoutMilliseconds`` per wait.
/// Any other error, or a stall longer than that, drops the rest of the bytes
/// and is counted in ``failedWrites``; it never blocks forever or crashes.
public final class StandardOutput: TerminalOutput {
    /// The descriptor written to.
    public let fileDescriptor: Int32
    /// The longest single wait for a full descriptor to accept bytes.
    public let stallTimeoutMilliseconds: Int32
    /// Serialises writes; guards the count of failed writes.
    private let state = Mutex<Int>(0)

    /// Creates an output.
    ///
    /// - Parameters:
    ///   - fileDescriptor: The descriptor, `STDOUT_FILENO` by default. It is not closed.
    ///   - stallTimeoutMilliseconds: The longest wait for a full descriptor, 2 s by default.
    public init(fileDescriptor: Int32 = STDOUT_FILENO, stallTimeoutMilliseconds: Int32 = 2000) {
        self.fileDescriptor = fileDescriptor
        self.stallTimeoutMilliseconds = stallTimeoutMilliseconds
    }

    /// How many writes could not be completed.
    public var failedWrites: Int {
        state.withLock { $0 }
    }

    public func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        state.withLock { failures in
            let complete = bytes.withUnsafeBytes { raw -> Bool in
                guard let base = raw.baseAddress else { return true }
                return Self.writeAll(fileDescriptor, base, raw.count, stallTimeout: stallTimeoutMilliseconds)
            }
            if !complete { failures += 1 }
        }
    }

    /// Writes `count` bytes from `base` to `fd`, handling partial writes, `EINTR` and `EAGAIN`.
    ///
    /// - Returns: Whether every byte was written.
    static func writeAll(_ fd: Int32, _ base: UnsafeRawPointer, _ count: Int, stallTimeout: Int32) -> Bool {
        var offset = 0
        while offset < count {
            #if canImport(Glibc)
            let n = Glibc.write(fd, base + offset, count - offset)
            #else
            let n = Darwin.write(fd, base + offset, count - offset)
            #endif
            if n > 0 {
                offset += n
                continue
            }
            if n == 0 { return false }
            switch errno {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                var result: Int32
                repeat {
                    result = poll(&descriptor, 1, stallTimeout)
                } while result < 0 && errno == EINTR
                if result <= 0 || descriptor.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                    return false
                }
            default:
                return false
            }
        }
        return true
    }
}
