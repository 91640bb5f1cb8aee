import Foundation
import HierarchyFileSystem
import HierarchySources

#if canImport(Glibc)
    import Glibc
#endif

/// Browsing a directory on a network, FUSE or unknown file system (``MountKind``), or with
/// `--supervise`, runs in a child process that a small supervisor waits for, so that quitting
/// gives the shell back at once even when a thread is stuck in the kernel on a hung mount. A
/// folder on a local disk is browsed in one process.
///
/// Linux cannot end a process while one of its threads waits, uninterruptibly, for a FUSE or
/// NFS request the server already took; the shell waits for that process. The supervisor is
/// the process the shell waits for: it starts the program again as its child, and exits with
/// the child's status as soon as the child says it is done (after the terminal is restored),
/// whether or not the child's stuck thread has returned. The stuck child ends on its own once
/// the mount answers.
///
/// The supervisor leaves the terminal to the child: it ignores the keyboard's SIGINT and
/// SIGQUIT (the child gets them too), passes SIGTERM and SIGHUP on to the child, and stops
/// itself when the child stops (Ctrl-Z), so the shell sees the job stop only after the child
/// restored the terminal.
enum ProcessSupervisor {
    /// The environment variable that tells the child which descriptor to report its status on.
    static let reportVariable = "HIERARCHY_SUPERVISOR_FD"

    /// The child's pid, for the signal handler that passes signals on.
    nonisolated(unsafe) private static var child: pid_t = 0
    /// The status the child reports when it exits; set by ``willExit(status:)``.
    nonisolated(unsafe) private static var reportedStatus: Int32 = 1
    /// The descriptor the child reports on, or -1.
    nonisolated(unsafe) private static var reportFD: Int32 = -1

    /// Whether this process is the supervised child.
    static var isSupervised: Bool { ProcessInfo.processInfo.environment[reportVariable] != nil }

    /// In the child: arranges for the exit status to reach the supervisor when the process
    /// exits (after everything else it prints), and forgets the variable for any process it
    /// starts.
    static func attachToSupervisor() {
        guard let text = ProcessInfo.processInfo.environment[reportVariable], let fd = Int32(text), fd > 2 else {
            return
        }
        unsetenv(reportVariable)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        reportFD = fd
        atexit {
            var byte = UInt8(truncatingIfNeeded: ProcessSupervisor.reportedStatus)
            _ = write(ProcessSupervisor.reportFD, &byte, 1)
        }
    }

    /// In the child: the status it is about to exit with.
    static func willExit(status: Int32) {
        reportedStatus = status
    }

    /// Runs this program again, with the same arguments, as a supervised child and exits
    /// with its status. Returns only when the child cannot be started (the caller then runs
    /// the program itself).
    static func runSupervised() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        let (readFD, writeFD) = (fds[0], fds[1])
        _ = fcntl(readFD, F_SETFD, FD_CLOEXEC)
        var environment = ProcessInfo.processInfo.environment
        environment[reportVariable] = String(writeFD)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let argv = [executable] + CommandLine.arguments.dropFirst()
        let envp = environment.map { "\($0.key)=\($0.value)" }
        // The handlers are in place before the child exists, so no signal is lost.
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        signal(SIGTSTP, SIG_IGN)
        signal(SIGTTOU, SIG_IGN)
        for forwarded in [SIGTERM, SIGHUP] {
            signal(forwarded) { signo in
                if ProcessSupervisor.child > 0 { kill(ProcessSupervisor.child, signo) }
            }
        }
        var pid: pid_t = 0
        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnvp = envp.map { strdup($0) } + [nil]
        defer { for string in cArgv + cEnvp { free(string) } }
        // The child starts with the default signal actions, not the ones ignored above.
        guard withShellSpawnAttributes({ posix_spawn(&pid, executable, nil, &$0, cArgv, cEnvp) }) == 0 else {
            for signo in [SIGINT, SIGQUIT, SIGTSTP, SIGTTOU, SIGTERM, SIGHUP] { signal(signo, SIG_DFL) }
            close(readFD)
            close(writeFD)
            return
        }
        child = pid
        close(writeFD)
        exit(waitForChild(pid, readFD: readFD))
    }

    /// Waits for the child's report (or its end) and follows it into a stop; returns the status
    /// to exit with.
    private static func waitForChild(_ pid: pid_t, readFD: Int32) -> Int32 {
        while true {
            var poller = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready > 0 {
                var byte: UInt8 = 0
                let count = read(readFD, &byte, 1)
                if count == 1 { return Int32(byte) }
                if count == 0 {
                    // The child ended without a report (killed): its own status.
                    var status: Int32 = 0
                    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                    return Self.exitStatus(status)
                }
            }
            var status: Int32 = 0
            let changed = waitpid(pid, &status, WNOHANG | WUNTRACED)
            if changed == pid {
                if Self.isStopped(status) {
                    // Ctrl-Z: the child restored the terminal and stopped; the job stops now.
                    kill(getpid(), SIGSTOP)
                } else {
                    return Self.exitStatus(status)
                }
            }
        }
    }

    private static func isStopped(_ status: Int32) -> Bool { status & 0xFF == 0x7F }

    /// A `waitpid` status as an exit status: the code, or 128 + the signal.
    private static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
