import Foundation
import Testing

@testable import HierarchyFileSystem
@testable import HierarchySources

#if canImport(Glibc)
    import Glibc
#endif

/// Names that are not valid UTF-8 keep their bytes from the listing to the system calls.
@Suite struct FileNameCodingTests {
    /// Makes an entry at a path given as bytes (a folder when `isFolder`).
    private func make(_ path: [UInt8], isFolder: Bool) throws {
        let made = (path + [0]).map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer -> Int32 in
            isFolder ? mkdir(buffer.baseAddress!, 0o755) : open(buffer.baseAddress!, O_CREAT | O_WRONLY, 0o644)
        }
        try #require(made >= 0, "cannot make the test entry")
        if !isFolder { close(made) }
    }

    @Test func aValidNameIsItsOwnComponentAndOtherBytesRoundTrip() {
        let valid = Array("Ordner ü 日本".utf8)
        let plain = valid.withUnsafeBufferPointer { FileNameCoding.component($0) }
        #expect(plain == "Ordner ü 日本")
        let bytes: [UInt8] = [0x62, 0x61, 0x64, 0xFF, 0xFE, 0x20, 0xC3]
        let encoded = bytes.withUnsafeBufferPointer { FileNameCoding.component($0) }
        #expect(encoded.first == FileNameCoding.marker)
        #expect(FileNameCoding.bytes(ofComponent: Substring(encoded)) == bytes)
        #expect(FileNameCoding.displayName(ofComponent: Substring(encoded)) == "bad\u{FFFD}\u{FFFD} \u{FFFD}")
        let path = "/tmp/" + encoded + "/x"
        let system = FileNameCoding.systemPath(path).map { UInt8(bitPattern: $0) }
        #expect(system == Array("/tmp/".utf8) + bytes + Array("/x".utf8) + [0])
        #expect(FileNameCoding.displayPath(path) == "/tmp/bad\u{FFFD}\u{FFFD} \u{FFFD}/x")
    }

    @Test func entriesWithInvalidNamesAreStatedListedFoundAndLocated() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let root = Array(dir.path.utf8) + [0x2F]
        let fileName: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array("name".utf8)
        let folderName: [UInt8] = Array("dir".utf8) + [0xFE]
        try make(root + fileName, isFolder: false)
        try make(root + folderName, isFolder: true)
        try make(root + folderName + [0x2F, 0x69, 0xFF], isFolder: false)
        try make(root + folderName + Array("/ok".utf8), isFolder: false)

        let source = FileSystemSource(root: dir.path)
        let children = try await source.children(ofID: FileSystemSource.rootID, in: 0..<10)
        #expect(children.map(\.title) == ["dir\u{FFFD}", "bad\u{FFFD}\u{FFFD}name"])
        #expect(children.map(\.subtitle) == ["Folder", "File"])
        #expect(children.allSatisfy { $0.status == nil })

        let folder = children[0]
        #expect(try await source.childCount(ofID: folder.id) == 2)
        let inner = try await source.children(ofID: folder.id, in: 0..<10)
        #expect(inner.map(\.title) == ["i\u{FFFD}", "ok"])
        #expect(inner.map(\.subtitle) == ["File", "File"])
        #expect(try await source.index(ofChildID: inner[0].id, inParentID: folder.id) == 0)
        #expect(try await source.index(ofChildID: children[1].id, inParentID: FileSystemSource.rootID) == 1)
        #expect(try await source.path(toID: inner[0].id).map(\.title).suffix(2) == ["dir\u{FFFD}", "i\u{FFFD}"])
        #expect(try await source.node(withID: inner[0].id)?.subtitle == "File")

        let found = try await source.search("name", in: 0..<10)
        #expect(found.map(\.id) == [children[1].id])
        #expect(found.map(\.title) == ["bad\u{FFFD}\u{FFFD}name"])
    }
}
