import Foundation

/// Runs blocking work (processes, waits, thousands of file system calls) on a thread of its
/// own and awaits its result, so that it never holds one of the few threads of Swift's
/// cooperative pool: on a 2-core machine the pool has two, and a test that blocks one for
/// seconds starves every other test of the run.
///
/// - Parameter body: The blocking work.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}

/// ``offPool(_:)`` for work that cannot fail.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: body()) }
    }
}
