import Dispatch
import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyFileSystem
@testable import HierarchySources

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct FileSystemSourceTests {
    static let utc = TimeZone(identifier: "UTC") ?? .current

    @Test func timesAreWrittenWithoutCalendarAsFoundationWouldWriteThem() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.75)
        #expect(FileSystemSource.iso8601(date) == date.formatted(.iso8601))
        #expect(FileSystemSource.iso8601(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(FileSystemSource(root: "/", timeZone: Self.utc).dateText(date) == "2023-11-14 22:13")
        let plusFive = try #require(TimeZone(secondsFromGMT: 5 * 3600 + 1800))
        #expect(FileSystemSource(root: "/", timeZone: plusFive).dateText(date) == "2023-11-15 03:43")
        // Local time (no zone given) is the process's zone, as Calendar would break it down.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let expected = String(
            format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0)
        #expect(FileSystemSource(root: "/").dateText(date) == expected)
    }

    @Test func listsFoldersFirstInNaturalOrder() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        for name in ["file10.txt", "file2.txt", "Banana", "apple", "File1.txt"] { try dir.file(name) }
        for name in ["zeta", "Alpha", "dir9", "dir10"] { try dir.folder(name) }
        let source = FileSystemSource(root: dir.path, timeZone: Self.utc)
        #expect(try await source.childCount(ofID: ".") == 9)
        let names = try await source.children(ofID: ".", in: 0..<20).map(\.title)
        #expect(names == ["Alpha", "dir9", "dir10", "zeta", "apple", "Banana", "File1.txt", "file2.txt", "file10.txt"])
        #expect(try await source.index(ofChildID: "file2.txt", inParentID: ".") == 7)
        #expect(try await source.index(ofChildID: "nope", inParentID: ".") == nil)
    }

    @Test func nodesDescribeEntries() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.folder("docs/guide")
        try dir.file("docs/readme.md", bytes: 1_500)
        try dir.file("one", bytes: 1)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: dir.path + "/docs/readme.md")
        let source = FileSystemSource(root: dir.path + "/", timeZone: Self.utc)
        let root = try #require(try await source.root())
        #expect(root.id == ".")
        #expect(root.title == (dir.path as NSString).lastPathComponent)
        #expect(root.subtitle == "Folder")
        #expect(root.isContainer)
        #expect(root.childCount == nil)
        _ = try await source.childCount(ofID: ".")
        #expect(try await source.node(withID: ".")?.childCount == 2)

        let readme = try #require(try await source.node(withID: "docs/readme.md"))
        #expect(readme.title == "readme.md")
        #expect(readme.subtitle == "File")
        #expect(readme.footnote == "1.5 kB, 2023-11-14 22:13")
        #expect(readme.attributes["size"] == "1500")
        #expect(readme.isContainer == false)
        #expect(readme.childCount == 0)
        #expect(try await source.node(withID: "one")?.footnote?.hasPrefix("1 byte, ") == true)
        #expect(try await source.node(withID: "docs")?.subtitle == "Folder")
        #expect(try await source.parent(ofID: "docs/readme.md")?.id == "docs")
        #expect(try await source.parent(ofID: "docs")?.id == ".")
        #expect(try await source.parent(ofID: ".") == nil)
        #expect(try await source.path(toID: "docs/guide").map(\.id) == [".", "docs", "docs/guide"])
        #expect(try await source.path(toID: "docs/missing").isEmpty)
        #expect(try await source.node(withID: "missing") == nil)
        #expect(try await source.node(withID: "../etc") == nil)
        #expect(try await source.childCount(ofID: "docs/readme.md") == 0)
        await #expect { try await source.childCount(ofID: "missing") } throws: {
            ($0 as? HierarchySourceError)?.code == .notFound
        }
        #expect(try await source.search("READ", in: 0..<10).map(\.id) == ["docs/readme.md"])
    }

    @Test func sizesAndPermissionsRead() {
        #expect(FileSystemSource.sizeText(0) == "0 bytes")
        #expect(FileSystemSource.sizeText(999) == "999 bytes")
        #expect(FileSystemSource.sizeText(1_000) == "1.0 kB")
        #expect(FileSystemSource.sizeText(12_345_678) == "12 MB")
        #expect(FileSystemSource.sizeText(999_999) == "1.0 MB")
        #expect(FileSystemSource.permissionsText(0o754) == "rwxr-xr--")
    }

    @Test func statsOnlyWhatIsAskedFor() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        for index in 0..<1_000 { try dir.file("f\(index)") }
        let source = FileSystemSource(root: dir.path)
        #expect(try await source.childCount(ofID: ".") == 1_000)
        #expect(source.statCounter.value == 0)
        let page = try await source.children(ofID: ".", in: 10..<20)
        #expect(page.map(\.title) == (10..<20).map { "f\($0)" })
        #expect(source.statCounter.value == 10)
        _ = try await source.children(ofID: ".", in: 15..<25)
        #expect(source.statCounter.value == 15)
        _ = try await source.children(ofID: ".", in: 2_000..<2_010)
        #expect(source.statCounter.value == 15)
    }

    @Test func startPathStaysInsideTheRoot() throws {
        let source = try FileSystemSource(root: "/srv/data", startPath: "a/./b/../c")
        #expect(source.startID == "a/c")
        #expect(try source.id(forSubpath: "/srv/data/x/y") == "x/y")
        #expect(try source.id(forSubpath: "/srv/data") == ".")
        #expect(try source.id(forSubpath: "") == ".")
        #expect(try source.id(forSubpath: "x/..") == ".")
        #expect(throws: HierarchySourceError.self) { try source.id(forSubpath: "../data2") }
        #expect(throws: HierarchySourceError.self) { try source.id(forSubpath: "/srv/database") }
        #expect(throws: HierarchySourceError.self) { try FileSystemSource(root: "/srv", startPath: "a/../../etc") }
        #expect(FileSystemSource(root: "/").path(of: "etc") == "/etc")
    }

    static func permissionsCanBeDenied() -> Bool {
        guard let dir = try? TemporaryDirectory() else { return false }
        defer { dir.remove() }
        try? dir.folder("closed")
        chmod(dir.path + "/closed", 0)
        return access(dir.path + "/closed", R_OK) != 0
    }

    /// Skipped when running with privileges that ignore permissions (root).
    @Test(.enabled(if: permissionsCanBeDenied()))
    func permissionDeniedIsOneFolderOnly() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.folder("closed")
        try dir.folder("open")
        try dir.file("open/a")
        chmod(dir.path + "/closed", 0)
        let source = FileSystemSource(root: dir.path)
        await #expect { try await source.childCount(ofID: "closed") } throws: {
            ($0 as? HierarchySourceError)?.code == .permissionDenied
        }
        #expect(try await source.childCount(ofID: "open") == 1)
        #expect(try await source.children(ofID: ".", in: 0..<2).map(\.title) == ["closed", "open"])
    }

    @Test func simulatedPermissionDeniedIsOneFolderOnly() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.folder("closed")
        try dir.folder("open")
        try dir.file("open/a")
        let source = FileSystemSource(root: dir.path) { path, hidden, counter in
            path.hasSuffix("/closed")
                ? .failure(.permissionDenied) : DirectoryReader.read(path, includeHidden: hidden, counter: counter)
        }
        await #expect { try await source.childCount(ofID: "closed") } throws: {
            let error = $0 as? HierarchySourceError
            return error?.code == .permissionDenied && error?.path == dir.path + "/closed"
        }
        #expect(try await source.childCount(ofID: "open") == 1)
        #expect(try await source.children(ofID: ".", in: 0..<2).map(\.title) == ["closed", "open"])
    }

    @Test func aHungFolderBlocksOnlyItsOwnRequests() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.folder("hung")
        try dir.folder("fine")
        let gate = DispatchSemaphore(value: 0)
        defer {
            gate.signal()
            gate.signal()
        }
        let hangs: DirectoryReader.Read = { path, hidden, counter in
            if path.hasSuffix("/hung") { gate.wait() }
            return DirectoryReader.read(path, includeHidden: hidden, counter: counter)
        }
        // Other folders answer while one read hangs; the hung caller can cancel.
        let source = FileSystemSource(root: dir.path, timeLimit: .seconds(600), readDirectory: hangs)
        let waiting = Task { try await source.childCount(ofID: "hung") }
        #expect(try await source.childCount(ofID: "fine") == 0)
        #expect(try await source.childCount(ofID: ".") == 2)
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        // Without cancellation, the time limit ends the wait.
        let limited = FileSystemSource(root: dir.path, timeLimit: .milliseconds(100), readDirectory: hangs)
        await #expect { try await limited.childCount(ofID: "hung") } throws: {
            ($0 as? HierarchySourceError)?.message.hasPrefix("timed out after") == true
        }
    }

    @Test func symbolicLinksAreShownAndLoopsNotFollowed() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.folder("a")
        try dir.folder("b")
        try dir.file("b/target.txt")
        try dir.link("a/up", to: "..")
        try dir.link("self", to: ".")
        try dir.link("toB", to: "b")
        try dir.link("toFile", to: "b/target.txt")
        try dir.link("dangling", to: "nowhere")
        let source = FileSystemSource(root: dir.path)
        let nodes = try await source.children(ofID: ".", in: 0..<10)
        let byName = Dictionary(uniqueKeysWithValues: nodes.map { ($0.title, $0) })
        #expect(byName["self"]?.subtitle == "Symbolic link loop")
        #expect(byName["self"]?.isContainer == false)
        #expect(byName["toB"]?.subtitle == "Symbolic link to folder")
        #expect(byName["toB"]?.isContainer == true)
        #expect(byName["toB"]?.attributes["destination"] == "b")
        #expect(byName["toFile"]?.subtitle == "Symbolic link")
        #expect(byName["dangling"]?.subtitle == "Broken symbolic link")
        #expect(try await source.children(ofID: "toB", in: 0..<5).map(\.title) == ["target.txt"])
        let up = try #require(try await source.children(ofID: "a", in: 0..<1).first)
        #expect(up.subtitle == "Symbolic link loop")
        // Asked directly, a looping folder lists as empty rather than recursing.
        #expect(try await source.childCount(ofID: "self") == 0)
        #expect(try await source.childCount(ofID: "a/up") == 0)
    }

    @Test func vanishedEntriesAreReported() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.file("stays")
        try dir.file("goes")
        let source = FileSystemSource(root: dir.path)
        #expect(try await source.childCount(ofID: ".") == 2)
        try FileManager.default.removeItem(atPath: dir.path + "/goes")
        let nodes = try await source.children(ofID: ".", in: 0..<2)
        #expect(nodes.map(\.title) == ["goes", "stays"])
        #expect(nodes[0].subtitle == "Vanished")
        #expect(nodes[0].isContainer == false)
        #expect(nodes[1].subtitle == "File")
        #expect(try await source.node(withID: "goes") == nil)
    }

    @Test func concurrentRequestsShareOneListing() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        for index in 0..<50 { try dir.file("f\(index)") }
        let source = FileSystemSource(root: dir.path)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 { group.addTask { try await source.childCount(ofID: ".") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 50, count: 16))
        #expect(source.state.withLock { $0.pendingListings.isEmpty && $0.listings.count == 1 })
        try dir.file("late")
        #expect(try await source.childCount(ofID: ".") == 50)
        source.invalidate()
        #expect(try await source.childCount(ofID: ".") == 51)
    }

    @Test func twoHundredThousandEntries() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let total = 200_000
        // 200,000 entries, most of them hard links to the first four files: a link is only a
        // directory entry, while a new file is an inode to allocate (slow on a file system
        // that has just freed many). On a thread of their own, not the cooperative pool.
        let created = await offPool { [path = dir.path] in
            (0..<total).allSatisfy { index in
                let name = path + "/entry-\(index).dat"
                guard index >= 4 else {
                    let fd = open(name, O_CREAT | O_WRONLY, 0o644)
                    guard fd >= 0 else { return false }
                    close(fd)
                    return true
                }
                return link(path + "/entry-\(index % 4).dat", name) == 0
            }
        }
        try #require(created)
        let source = FileSystemSource(root: dir.path)
        let clock = ContinuousClock()
        let start = clock.now
        let count = try await source.childCount(ofID: ".")
        let listed = clock.now - start
        let first = try await source.children(ofID: ".", in: 0..<60)
        let firstPage = clock.now - start
        print("200,000 entries: listed and sorted in \(listed), first page of 60 after \(firstPage)")
        #expect(count == total)
        #expect(first.first?.title == "entry-0.dat")
        #expect(first.last?.title == "entry-59.dat")
        #expect(source.statCounter.value == 60)
        #expect(try await source.children(ofID: ".", in: (total - 1)..<total).first?.title == "entry-199999.dat")
    }
}
