import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Scratch directories for tests, all inside one directory per test process
/// (`hierarchy-test-run-PID` in the temporary directory) that is removed when the process exits.
///
/// A test that opens a store keeps its file open past the test's end, so its directory can't be
/// removed in a `defer`; collecting every scratch directory under the process's own directory
/// removes them all at exit. Directories left by test processes that were killed (their process
/// no longer exists) are removed the first time a later process asks for one.
public enum ScratchDirectory {
    /// The directory of this process, made (and stale ones of dead processes removed) once.
    private static let root: URL = {
        let temporary = FileManager.default.temporaryDirectory
        removeDirectoriesOfEndedProcesses(in: temporary)
        let url = temporary.appendingPathComponent("hierarchy-test-run-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-test-run-\(getpid())")
            makeWritable(path.path)
            try? FileManager.default.removeItem(at: path)
        }
        return url
    }()

    /// Makes a new, empty directory whose name starts with `prefix`.
    ///
    /// - Parameter prefix: A name that says which test made it, e.g. `"hierarchy-e2e"`.
    /// - Returns: The directory's URL.
    public static func make(_ prefix: String) throws -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Removes the `hierarchy-test-run-PID` directories whose process has ended.
    private static func removeDirectoriesOfEndedProcesses(in temporary: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
        for name in names where name.hasPrefix("hierarchy-test-run-") {
            guard let pid = pid_t(name.dropFirst("hierarchy-test-run-".count)), pid != getpid() else { continue }
            if kill(pid, 0) == -1, errno == ESRCH {
                let path = temporary.appendingPathComponent(name).path
                makeWritable(path)
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }

    /// Gives the owner write and search permission on every directory under `path`, so tests
    /// that made a folder unreadable don't keep it from being removed.
    private static func makeWritable(_ path: String) {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return }
        _ = chmod(path, 0o755)
        while let relative = enumerator.nextObject() as? String {
            var info = stat()
            let full = path + "/" + relative
            if lstat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { _ = chmod(full, 0o755) }
        }
    }
}
