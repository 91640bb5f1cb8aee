import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Spawn attributes for a program a test starts, as a shell would start it: an empty signal
/// mask and every signal's default action.
///
/// The test process blocks the signals its threads wait for and ignores SIGPIPE, and a spawned
/// child inherits both: a tmux server started so never sees its children end nor the hangup it
/// sends them, and outlives `kill-server`; a program under test would run with signals it never
/// gets in a terminal.
///
/// - Parameters:
///   - flags: More `POSIX_SPAWN_*` flags (a process group, say); set their values in `body`.
///   - body: Given the attributes to pass to `posix_spawn`.
public func withShellSpawnAttributes<T>(flags: Int32 = 0, _ body: (inout posix_spawnattr_t) throws -> T) rethrows
    -> T
{
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signo: Int32 in 1..<32 where signo != SIGKILL && signo != SIGSTOP { sigaddset(&defaults, signo) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | flags))
    return try body(&attributes)
}
