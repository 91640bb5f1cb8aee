import Synchronization

/// A ``TerminalOutput`` that keeps everything written to it, for tests.
public final class CapturedOutput: TerminalOutput {
    /// The bytes written so far and the number of writes.
    private let storage = Mutex<(bytes: [UInt8], writes: Int)>(([], 0))

    /// Creates an empty output.
    public init() {}

    public func write(_ bytes: [UInt8]) {
        storage.withLock {
            $0.bytes.append(contentsOf: bytes)
            $0.writes += 1
        }
    }

    /// Everything written so far.
    public var bytes: [UInt8] {
        storage.withLock { $0.bytes }
    }

    /// Everything written so far, decoded as UTF-8 (invalid sequences replaced).
    public var text: String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// How many times ``write(_:)`` was called.
    public var writeCount: Int {
        storage.withLock { $0.writes }
    }

    /// Forgets everything written so far.
    public func reset() {
        storage.withLock { $0 = ([], 0) }
    }
}
