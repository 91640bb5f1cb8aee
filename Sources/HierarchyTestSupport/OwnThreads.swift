import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A task executor with threads of its own, outside Swift's cooperative pool.
///
/// The cooperative pool has as many threads as the machine has cores: two on the CI machine.
/// A test that computes for seconds on one of them (a debug build parsing a large document,
/// a property test of thousands of random steps) leaves the whole run one thread; two such
/// tests leave it none, and every other test's timers and waits stop until they end. Tests run
/// on these threads instead share the cores through the system's scheduler, and the pool stays
/// free for the waits.
public final class OwnThreadsExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor the ``OwnThreadsTrait`` runs tests on.
    public static let shared = OwnThreadsExecutor(threads: 4)

    // Guards `jobs` and `threads`; the threads waiting on it are the executor's.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var threads: [pthread_t] = []

    /// Starts `threads` threads that run the jobs enqueued, in order.
    public init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [self] in work() }
            thread.name = "HierarchyTestSupport.OwnThreads.\(index)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Whether the calling thread is one of this executor's.
    public var isCurrent: Bool {
        let current = pthread_self()
        condition.lock()
        defer { condition.unlock() }
        return threads.contains { pthread_equal($0, current) != 0 }
    }

    private func work() -> Never {
        condition.lock()
        threads.append(pthread_self())
        condition.unlock()
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Runs each test of a suite (or one test) on ``OwnThreadsExecutor/shared``: for tests that
/// compute for a long time without waiting, so that they do not hold the cooperative pool.
/// Tests isolated to the main actor still run on it.
public struct OwnThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(OwnThreadsExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// Runs the tests on threads outside the cooperative pool; see ``OwnThreadsTrait``.
    public static var ownThreads: Self { OwnThreadsTrait() }
}
