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

/// Waits for a child to end, blocking the calling thread in the kernel (`waitid`), and reaps it;
/// past `timeout` a guard kills `target` (the child, or `-pid` for its process group). The child
/// is reaped only once the guard can no longer fire, so it never signals a reused pid.
///
/// - Returns: The wait status, and whether the guard killed it.
public func reapChild(_ pid: pid_t, killing target: pid_t, after timeout: Duration) -> (status: Int32, killed: Bool) {
    let state = Mutex((reaped: false, killed: false))
    let (seconds, attoseconds) = timeout.components
    let delay = Double(seconds) + Double(attoseconds) / 1e18
    DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
        state.withLock { state in
            guard !state.reaped else { return }
            state.killed = true
            kill(target, SIGKILL)
        }
    }
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
    return state.withLock { state in
        state.reaped = true
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status, state.killed)
    }
}
