/// Where terminal bytes go.
///
/// ``StandardOutput`` writes to a file descriptor; ``CapturedOutput`` keeps the
/// bytes for tests. Implementations must be safe to call from any thread and
/// must not interleave two concurrent writes.
public protocol TerminalOutput: AnyObject, Sendable {
    /// Writes all of `bytes`, or as much as the destination accepts before it fails.
    ///
    /// - Parameter bytes: The bytes, typically one whole frame.
    func write(_ bytes: [UInt8])
}
