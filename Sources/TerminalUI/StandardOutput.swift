import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// Serialises writes; guards the count of failed writes and the first one's error.
    private let state = Mutex<(failures: Int, firstError: Int32?)>((0, nil))

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
        state.withLock { $0.failures }
    }

    /// The error (`errno`) of the first write that could not be completed, if any.
    public var firstError: Int32? {
        state.withLock { $0.firstError }
    }

    public func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        state.withLock { state in
            let error = Self.writeAll(bytes, to: fileDescriptor, stallTimeout: stallTimeoutMilliseconds)
            if error != 0 {
                state.failures += 1
                if state.firstError == nil { state.firstError = error }
            }
        }
    }

    /// Writes every byte of `bytes` to `fd`, handling partial writes, `EINTR` and `EAGAIN`.
    ///
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - fd: The descriptor.
    ///   - stallTimeout: The longest wait, in milliseconds, for a full non-blocking descriptor.
    /// - Returns: 0 when every byte was written, else the error (`errno`; `ETIMEDOUT` for a
    ///   stall, `EIO` for a descriptor that took nothing).
    public static func writeAll(_ bytes: [UInt8], to fd: Int32, stallTimeout: Int32 = 2000) -> Int32 {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            return writeAll(fd, base, raw.count, stallTimeout: stallTimeout)
        }
    }

    static func writeAll(_ fd: Int32, _ base: UnsafeRawPointer, _ count: Int, stallTimeout: Int32) -> Int32 {
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
            if n == 0 { return EIO }
            switch errno {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                var result: Int32
                repeat {
                    result = poll(&descriptor, 1, stallTimeout)
                } while result < 0 && errno == EINTR
                if result == 0 { return ETIMEDOUT }
                if result < 0 { return errno }
                if descriptor.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return EPIPE }
            default:
                return errno
            }
        }
        return 0
    }
}
