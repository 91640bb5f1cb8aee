#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Spawn attributes for a program started as a shell would start it: no blocked signal and
/// every signal's default action, whatever this process blocks or ignores (the terminal face
/// blocks the signals its threads wait for; the supervisor ignores the job-control ones).
///
/// - Parameters:
///   - flags: More `POSIX_SPAWN_*` flags (a process group, say); set their values in `body`.
///   - body: Given the attributes to pass to `posix_spawn`.
package func withShellSpawnAttributes<T>(flags: Int32 = 0, _ body: (inout posix_spawnattr_t) throws -> T) rethrows
    -> T
{
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signo: Int32 in 1..<32 where signo != SIGKILL && signo != SIGSTOP { sigaddset(&defaults, signo) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | flags))
    return try body(&attributes)
}
