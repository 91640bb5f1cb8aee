import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array(
            (NSTemporaryDirectory() as NSString).appendingPathComponent("hierarchy-tests-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    /// The absolute path of a relative path inside the directory.
    func url(_ relative: String) -> URL { URL(fileURLWithPath: path + "/" + relative) }

    /// Creates a folder (and its parents).
    func folder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/" + relative, withIntermediateDirectories: true)
    }

    /// Creates a file with some bytes.
    func file(_ relative: String, bytes: Int = 0) throws {
        try Data(repeating: 0x61, count: bytes).write(to: url(relative))
    }

    /// Creates a file with text.
    func file(_ relative: String, text: String) throws {
        try Data(text.utf8).write(to: url(relative))
    }

    /// Creates a symbolic link at `relative` pointing to `destination` (as written).
    func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path + "/" + relative, withDestinationPath: destination)
    }

    /// Removes the directory, first making every folder in it accessible again.
    func remove() {
        if let enumerator = FileManager.default.enumerator(atPath: path) {
            chmod(path, 0o755)
            while let relative = enumerator.nextObject() as? String {
                var info = stat()
                let full = path + "/" + relative
                if lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { chmod(full, 0o755) }
            }
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}
