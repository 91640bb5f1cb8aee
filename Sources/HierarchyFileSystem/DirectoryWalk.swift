import Foundation
import HierarchySources

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A walk of a directory tree for entry names containing a text, by a few threads
/// that read names only.
///
/// Each folder is read once with `opendir`/`readdir` and forgotten: nothing of the tree
/// is cached, no entry is stat'ed unless the file system does not report its type
/// (`DT_UNKNOWN`), symbolic links are not followed (so the walk cannot loop), and a
/// name becomes a `String` only when it matches or names a folder. Folders that cannot
/// be read are skipped. The threads share one queue of folders still to read; each
/// folder's matches are handed to `emit` as one batch, from the thread that read it.
///
/// With one thread the queue is first in, first out: the matches come breadth first,
/// each folder's entries in `readdir` order, the same order on every walk of an
/// unchanged tree. With several, the order depends on timing.
struct DirectoryWalk: Sendable {
    /// One entry whose name matches.
    struct Match: Sendable, Equatable {
        /// The entry's identifier (its path relative to the root, see ``FileSystemSource``).
        var id: String
        /// Whether the entry is a folder (not a link to one).
        var isFolder: Bool
    }

    /// The root directory (absolute).
    var rootPath: String
    /// Whether names starting with a dot are read (and hidden folders entered).
    var includeHidden: Bool
    /// The number of threads reading folders.
    var threads: Int
    /// The matching rule.
    var matcher: NameMatcher

    /// Starts the walk on `threads` threads of its own and returns at once.
    ///
    /// - Parameters:
    ///   - emit: Called with the matches of each folder that has some; returns `false` to
    ///     stop the walk. Called from the walking threads, one call at a time.
    ///   - finished: Called once, after the last thread ended.
    /// - Returns: A handle that stops the walk early.
    /// - Complexity: one `opendir`/`readdir` per folder reached, no `stat` where the file
    ///   system reports entry types; memory proportional to the folders waiting to be read.
    @discardableResult
    func start(emit: @escaping @Sendable ([Match]) -> Bool, finished: @escaping @Sendable () -> Void) -> Handle {
        let shared = Shared(root: FileSystemSource.rootID, threads: max(1, threads))
        let handle = Handle(shared: shared)
        let walk = self
        for _ in 0..<max(1, threads) {
            let thread = Thread {
                walk.work(shared, emit: emit)
                if shared.threadEnded() { finished() }
            }
            thread.name = "HierarchySources.walk"
            thread.start()
        }
        return handle
    }

    /// Stops a walk started by ``start(emit:finished:)``.
    struct Handle: Sendable {
        fileprivate let shared: Shared

        /// Asks every thread to end after the folder it is reading; no `emit` call follows.
        func stop() { shared.stop() }
    }

    private func work(_ shared: Shared, emit: @Sendable ([Match]) -> Bool) {
        var batch: [Match] = []
        var folders: [String] = []
        while let folder = shared.next() {
            read(folder, matches: &batch, folders: &folders)
            if !batch.isEmpty {
                if !shared.emit(batch, emit) { shared.stop() }
                batch.removeAll(keepingCapacity: true)
            }
            shared.finish(folder: folders)
            folders.removeAll(keepingCapacity: true)
        }
    }

    /// Reads one folder: its matching entries into `matches`, its subfolders into `folders`.
    private func read(_ id: String, matches: inout [Match], folders: inout [String]) {
        let path = id == FileSystemSource.rootID ? rootPath : rootPath == "/" ? "/" + id : rootPath + "/" + id
        guard let directory = opendir(FileNameCoding.systemPath(path)) else { return }
        defer { closedir(directory) }
        let prefix = id == FileSystemSource.rootID ? "" : id + "/"
        while let entry = readdir(directory) {
            var type = entry.pointee.d_type
            withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: 256) { name in
                    let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
                    if name[0] == 0x2E {
                        if length == 1 || (length == 2 && name[1] == 0x2E) || !includeHidden { return }
                    }
                    let bytes = UnsafeBufferPointer(start: name, count: length)
                    if type == UInt8(DT_UNKNOWN) {
                        var info = stat()
                        let full = FileNameCoding.systemPath(path + "/" + FileNameCoding.component(bytes))
                        if lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { type = UInt8(DT_DIR) }
                    }
                    let isFolder = type == UInt8(DT_DIR)
                    let matched = matcher.matches(bytes)
                    guard matched || isFolder else { return }
                    let child = prefix + FileNameCoding.component(bytes)
                    if matched { matches.append(Match(id: child, isFolder: isFolder)) }
                    if isFolder { folders.append(child) }
                }
            }
        }
    }

    /// The queue of folders shared by the threads.
    ///
    /// `@unchecked Sendable`: every stored property is read and written only while
    /// `condition` is locked.
    fileprivate final class Shared: @unchecked Sendable {
        private let condition = NSCondition()
        private var queue: [String]
        private var head = 0
        private var busy = 0
        private var stopped = false
        private var running: Int
        /// Serializes `emit` calls.
        private let emitLock = NSLock()

        init(root: String, threads: Int) {
            queue = [root]
            running = threads
        }

        /// The next folder to read, waiting while other threads may still find some;
        /// `nil` when the walk is over or stopped.
        func next() -> String? {
            condition.lock()
            defer { condition.unlock() }
            while !stopped, head == queue.count, busy > 0 { condition.wait() }
            guard !stopped, head < queue.count else {
                condition.broadcast()
                return nil
            }
            let folder = queue[head]
            head += 1
            busy += 1
            if head > 4096, head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
            return folder
        }

        /// Queues the subfolders of a folder read, and marks it done.
        func finish(folder subfolders: [String]) {
            condition.lock()
            queue += subfolders
            busy -= 1
            condition.broadcast()
            condition.unlock()
        }

        func emit(_ batch: [Match], _ body: @Sendable ([Match]) -> Bool) -> Bool {
            emitLock.lock()
            defer { emitLock.unlock() }
            guard !isStopped else { return false }
            return body(batch)
        }

        var isStopped: Bool {
            condition.lock()
            defer { condition.unlock() }
            return stopped
        }

        func stop() {
            condition.lock()
            stopped = true
            condition.broadcast()
            condition.unlock()
        }

        /// Notes that a thread ended; `true` for the last one.
        func threadEnded() -> Bool {
            condition.lock()
            defer { condition.unlock() }
            running -= 1
            return running == 0
        }
    }
}
