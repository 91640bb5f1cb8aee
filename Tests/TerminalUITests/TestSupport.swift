import Foundation
import Testing

@testable import TerminalUI

/// Errors of the test helpers.
enum TestSupportError: Error {
    case timedOut
}

/// Runs `operation`, failing if it takes longer than `limit`: a guard against hangs, not a
/// synchronisation, so generous (a loaded machine may leave a task waiting minutes for a turn).
func withTimeout<T: Sendable>(_ limit: Duration = .seconds(300), _ operation: @escaping @Sendable () async -> T)
    async throws -> T
{
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { await operation() }
        group.addTask {
            try? await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw TestSupportError.timedOut
        }
        return value
    }
}

/// A pipe whose ends are closed when the value is released.
final class TestPipe: @unchecked Sendable {
    // Safe: the descriptors are set once in init; `closeWriteEnd` is called from one test at a time.
    let readFD: Int32
    private(set) var writeFD: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        // Close-on-exec: processes other tests start must not hold the write end open.
        _ = pipe(&fds)
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readFD = fds[0]
        writeFD = fds[1]
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Foundation.write(writeFD, $0.baseAddress, $0.count) }
    }

    func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Foundation.write(writeFD, $0.baseAddress, $0.count) }
    }

    func closeWriteEnd() {
        if writeFD >= 0 { close(writeFD) }
        writeFD = -1
    }

    deinit {
        close(readFD)
        if writeFD >= 0 { close(writeFD) }
    }
}
