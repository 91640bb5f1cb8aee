import Foundation
import HierarchySources
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Starts a program as a shell would (no blocked signal, default actions: the test process
/// blocks the signals its threads wait for, and a tmux server that inherited that never saw its
/// shell end and outlived `kill-server`), with no descriptor of the test process past 2 but
/// those `fileActions` place there.
///
/// - Parameters:
///   - argv: The program's path, then its arguments.
///   - flags: More `POSIX_SPAWN_*` flags; `attributes` sets their values.
///   - attributes: Sets more attributes (a process group, say).
///   - fileActions: Sets up its standard descriptors.
/// - Returns: The child's pid.
/// - Throws: `POSIXError` when it cannot be started.
public func spawnAsFromShell(
    _ argv: [String], flags: Int32 = 0, attributes: (inout posix_spawnattr_t) -> Void = { _ in },
    fileActions: (inout posix_spawn_file_actions_t) -> Void
) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    fileActions(&actions)
    // A program that outlives the test (tmux, a database server) must not keep its pipes open.
    _ = spawnFileActionsAddCloseFrom(&actions, 3)
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    var pid: pid_t = 0
    let result = withShellSpawnAttributes(flags: flags) { spawnAttributes in
        attributes(&spawnAttributes)
        return posix_spawn(&pid, argv[0], &actions, &spawnAttributes, cArguments, environ)
    }
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
    return pid
}

/// Waits for a child to end (the kernel's `waitid`: an event, not a poll) on a thread of its own,
/// and reaps it. Nothing is left running if the awaiting task is cancelled (a test's time limit)
/// or, for a measurement that bounds a program, `timeout` passes: `target` (the child, or `-pid`
/// for its process group) is killed then. The child is reaped only once that can no longer
/// happen, so a reused pid is never signalled.
///
/// - Returns: The wait status, and whether it was killed.
public func reapChild(_ pid: pid_t, killing target: pid_t, after timeout: Duration? = nil) async
    -> (status: Int32, killed: Bool)
{
    let child = WaitedChild(target: target)
    let deadline = timeout.map { timeout in
        Task {
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            child.kill()
        }
    }
    defer { deadline?.cancel() }
    return await withTaskCancellationHandler {
        await offPool {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
            return child.reap(pid)
        }
    } onCancel: {
        child.kill()
    }
}

/// Waits for a child to end, blocking the calling thread in the kernel, and reaps it: for a
/// program that bounds its own run (`pg_ctl -t`) where nothing can await (an `atexit` handler).
///
/// - Returns: The wait status.
public func reapChildBlocking(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return status
}

/// A child being waited for: killed at most once, and never after it was reaped.
private final class WaitedChild: Sendable {
    let target: pid_t
    let state = Mutex((reaped: false, killed: false))

    init(target: pid_t) { self.target = target }

    func kill() {
        state.withLock { state in
            guard !state.reaped else { return }
            state.killed = true
            Glibc.kill(target, SIGKILL)
        }
    }

    func reap(_ pid: pid_t) -> (status: Int32, killed: Bool) {
        state.withLock { state in
            state.reaped = true
            return (reapChildBlocking(pid), state.killed)
        }
    }
}
