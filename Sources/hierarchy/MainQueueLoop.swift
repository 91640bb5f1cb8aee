import Dispatch
import Foundation
#if canImport(Glibc)
import CMainQueue
import Glibc
#endif

/// Serves the main dispatch queue, the main actor's executor, on the main thread: the program's
/// alternative to an `async` `main`.
///
/// An `async` `main` hands the main thread to `dispatch_main()`, which on Linux ends it with
/// `pthread_exit`: a forced unwind that reads the unwind tables of every frame on the thread's
/// stack and so keeps 3.8 MB of the executable's `.eh_frame` and `.eh_frame_hdr` resident for
/// the whole run (docs/performance.md, "Memory: a run loop on the main thread"). Here the main
/// thread stays alive, waits on the queue's descriptor and runs its work.
///
/// Signals are delivered as before: the main thread keeps the asynchronous signals blocked while
/// it runs main-actor work (so the threads that work starts inherit the mask of Dispatch's worker
/// threads, as when the main actor ran on them) and takes them only while it waits, with an empty
/// mask, as the thread `dispatch_main()` parked in `sigsuspend` did.
enum MainQueueLoop {
    /// Runs `body` on the main actor and serves the main queue until the process exits.
    ///
    /// - Parameter body: The program; the process exits with status 0 when it returns (a
    ///   command that fails exits on its own with its status).
    static func run(_ body: @escaping @MainActor @Sendable () async -> Void) -> Never {
        Task { @MainActor in
            await body()
            exit(0)
        }
        #if canImport(Glibc)
        var blocked = sigset_t()
        sigfillset(&blocked)
        // Synchronous signals stay deliverable to the thread that causes them (as in Dispatch's workers).
        for signo in [SIGILL, SIGTRAP, SIGFPE, SIGBUS, SIGSEGV, SIGSYS, SIGPIPE, SIGPROF] { sigdelset(&blocked, signo) }
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        let descriptor = c_main_queue_descriptor()
        guard descriptor >= 0 else { dispatchMain() }
        while true {
            c_main_queue_drain()
            guard c_main_queue_wait(descriptor) == 0 else { dispatchMain() }
            // The queue's eventfd counts wake-ups; reading it resets the count (non-blocking).
            var count: UInt64 = 0
            _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
        }
        #else
        dispatchMain()
        #endif
    }
}
