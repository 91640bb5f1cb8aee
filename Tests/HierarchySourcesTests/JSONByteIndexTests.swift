import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

#if canImport(Glibc)
    import Glibc
#endif

/// The byte index over a JSON file: members found by a scan of the bytes, checkpoints in large
/// containers, strings skipped across blocks, and no crash or hang on any input.
@Suite struct JSONByteIndexTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../../shared/testdata/JSONTestSuite/test_parsing")
        .standardizedFileURL

    static func index(_ text: String, in directory: TemporaryDirectory, name: String = "doc.json") throws
        -> JSONByteIndex
    {
        try Data(text.utf8).write(to: directory.url(name))
        return JSONByteIndex(file: try JSONByteFile(path: directory.url(name).path))
    }

    /// Each member's key and value as the strict reader decodes them.
    static func described(_ index: JSONByteIndex, _ container: JSONMember) throws -> [String] {
        try index.members(of: container, in: 0..<Int.max).map { member in
            let value = try index.scalar(member).flatMap(DocumentRecordBuilder.scalarText) ?? "<\(member.first)>"
            return member.key >= 0 ? "\(try index.key(of: member))=\(value)" : value
        }
    }

    @Test func membersOfObjectsAndArraysWithStructuralCharactersInsideStrings() throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let index = try Self.index(
            #"{"a]": "x\"}]", "b" : [1, {"c": "\\"}, "[["], "d\\\"": -1.5e3, "e": true, "f": null}"#, in: directory)
        let top = try #require(try index.top())
        #expect(try index.count(of: top) == 5)
        #expect(try Self.described(index, top) == [#"a]=x"}]"#, "b=<91>", #"d\"=-1.5e3"#, "e=true", "f=null"])
        let array = try #require(try index.member(of: top, key: "b")?.member)
        #expect(try Self.described(index, array) == ["1", "<123>", "[["])
        let inner = try #require(try index.member(of: array, at: 1))
        #expect(try Self.described(index, inner) == [#"c=\"#])
        #expect(try index.member(of: array, at: 3) == nil)
        #expect(try index.members(of: top, in: 3..<10).count == 2)
    }

    /// A string longer than a block, with escaped quotes and backslashes where blocks meet.
    @Test func stringsAcrossBlocks() throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let block = JSONByteFile.blockSize
        for shift in 0..<4 {
            let filler = String(repeating: "x", count: block - 8 + shift)
            let long = filler + #"\"\\\"]"# + filler
            let index = try Self.index(#"[["\#(long)"], "after", {"k": "\#(long)"}, 7]"#, in: directory)
            let top = try #require(try index.top())
            let members = try index.members(of: top, in: 0..<10)
            #expect(members.count == 4)
            #expect(try index.scalar(members[1]) == .string("after"))
            #expect(try index.scalar(members[3]) == .number("7"))
            let object = try index.members(of: members[2], in: 0..<1)
            #expect(try index.scalar(object[0]) == .string(filler + #""\"]"# + filler))
        }
    }

    /// Any member of a large array is reached from the checkpoint before it, and the count is kept.
    @Test func checkpointsInALargeArray() throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let count = JSONByteIndex.checkpointStride * 3 + 17
        let text = "[" + (0..<count).map { #"{"n": \#($0), "s": "v\#($0)"}"# }.joined(separator: ",\n ") + "]"
        let index = try Self.index(text, in: directory)
        let top = try #require(try index.top())
        let probe = JSONByteIndex.checkpointStride * 2 + 5
        let member = try #require(try index.member(of: top, at: probe))
        #expect(try Self.described(index, member) == ["n=\(probe)", "s=v\(probe)"])
        let stride = JSONByteIndex.checkpointStride
        #expect(index.entry(top.value)?.checkpoints.map(\.index) == [stride, 2 * stride])
        #expect(index.entry(top.value)?.count == nil)
        #expect(try index.count(of: top) == count)
        #expect(index.entry(top.value)?.checkpoints.map(\.index) == [stride, 2 * stride, 3 * stride])
        for position in [0, count - 1, JSONByteIndex.checkpointStride, JSONByteIndex.checkpointStride - 1] {
            let found = try #require(try index.member(of: top, at: position))
            #expect(try Self.described(index, found) == ["n=\(position)", "s=v\(position)"])
        }
        #expect(try index.members(of: top, in: count - 2..<count + 5).count == 2)
    }

    /// A few large members: a checkpoint every MiB reaches the last one without a scan, and a
    /// count with a budget stops inside a large member rather than scan it.
    @Test func checkpointsBetweenLargeMembersAndCountsWithinABudget() throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let large = "[" + Array(repeating: "\"0123456789abcdef\"", count: 70_000).joined(separator: ",") + "]"
        let text = "[" + (0..<5).map { #"{"n": \#($0), "big": \#(large)}"# }.joined(separator: ",") + "]"
        let index = try Self.index(text, in: directory)
        let top = try #require(try index.top())
        let first = try #require(try index.member(of: top, at: 0))
        #expect(try index.count(of: first, within: 64 << 10) == nil)
        #expect(try index.count(of: first, within: 4 << 20) == 2)
        #expect(try index.count(of: top, within: 64 << 10) == nil)
        let big = try #require(try index.member(of: first, key: "big")?.member)
        // Known already: skipped whole to count `first`, its members were counted by the skip.
        #expect(try index.count(of: big, within: 64 << 10) == 70_000)
        let second = try #require(try index.member(of: top, at: 1))
        let secondBig = try #require(try index.member(of: second, key: "big")?.member)
        #expect(try index.count(of: secondBig, within: 64 << 10) == nil)
        #expect(try index.count(of: top) == 5)
        #expect(index.entry(top.value)?.checkpoints.map(\.index) == [1, 2, 3, 4])
        let last = try #require(try index.member(of: top, at: 4))
        #expect(try Self.described(index, last).first == "n=4")
        #expect(try index.count(of: big) == 70_000)
    }

    /// A large container skipped on the way to a member is counted by the skip, and so are its
    /// large members (an empty one, strings holding commas and brackets, escapes): the counts
    /// and ends kept are those a scan of each finds.
    @Test func aSkipCountsTheLargeContainersItPasses() throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let strings = Array(repeating: #""a,]}\"[{""#, count: 3_000).joined(separator: ",")
        let spaces = String(repeating: " ", count: 20_000)
        // The empty one lies in the file's first block: its emptiness is told within that block.
        let object =
            #"{"c": [\#(spaces)], "a": [\#(strings)], "b": {"x": [1, 2], "y": "\#(String(repeating: "x,", count: 10_000))"}, "d": [{"z": 1}, [], "q,]"]}"#
        let text = "[\(object), 1]"
        let path = directory.path + "/skip.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let index = JSONByteIndex(file: try JSONByteFile(path: path))
        let top = try #require(try index.top())
        #expect(try index.count(of: top) == 2)
        let skipped = try #require(try index.member(of: top, at: 0))
        #expect(index.entry(skipped.value)?.count == 4)
        let fresh = JSONByteIndex(file: try JSONByteFile(path: path))
        let freshTop = try #require(try fresh.top())
        let freshObject = try #require(try fresh.member(of: freshTop, at: 0))
        for key in ["a", "b", "c"] {
            let member = try #require(try index.member(of: skipped, key: key)?.member)
            let kept = try #require(index.entry(member.value), "\(key)")
            let scanned = try #require(try fresh.member(of: freshObject, key: key)?.member)
            #expect(kept.count == (try fresh.count(of: scanned)), "\(key)")
            #expect(kept.end == (try fresh.end(of: scanned)), "\(key)")
        }
        let empty = try #require(try index.member(of: skipped, key: "c")?.member)
        #expect(index.entry(empty.value)?.count == 0)
        let small = try #require(try index.member(of: skipped, key: "d")?.member)
        #expect(index.entry(small.value) == nil)
    }

    /// Every valid document of JSONTestSuite: the members the index finds, decoded, are the ones
    /// the strict reader reads, container by container.
    @Test func jsonTestSuiteAcceptedFilesAreIndexedAsTheReaderReadsThem() async throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter {
            $0.hasPrefix("y_")
        }
        #expect(names.count > 90)
        for name in names.sorted() {
            let path = Self.corpus.appendingPathComponent(name).path
            let expected = try await dump(
                try await DocumentSource.load(contentsOf: URL(fileURLWithPath: path), shape: .structure), pageSize: 50)
            let source = try IndexedJSONSource(path: path, shape: .structure)
            let found = try await Self.countedDump(source, pageSize: 50)
            #expect(Self.anonymous(found) == Self.anonymous(expected), "\(name)")
            try await source.waitForValidation()
        }
    }

    /// Every invalid document of JSONTestSuite is refused by the background pass with its line and
    /// column, and browsing what the index finds before that ends without a crash or a hang.
    @Test func jsonTestSuiteRejectedFilesFailValidationWithAPlace() async throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter {
            $0.hasPrefix("n_")
        }
        #expect(names.count > 180)
        for name in names.sorted() {
            let path = Self.corpus.appendingPathComponent(name).path
            let source: IndexedJSONSource
            do {
                source = try IndexedJSONSource(path: path, shape: .structure)
            } catch let error as HierarchySourceError {
                #expect(error.code == .malformed && error.line != nil, "\(name): \(error)")
                continue
            }
            _ = try? await dump(source, pageSize: 7)
            do {
                try await source.waitForValidation()
                Issue.record("\(name) was accepted")
            } catch let error as HierarchySourceError {
                #expect(error.code == .malformed, "\(name): \(error)")
                #expect(error.line != nil && error.column != nil, "\(name): \(error)")
                #expect(error.description.hasPrefix(path + ":"), "\(name): \(error)")
            }
        }
    }

    /// A file truncated while it is browsed: members past the new end that are not cached are an
    /// error, not a crash.
    @Test func truncatedWhileBrowsed() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        // Twice the block cache: the middle of the file is read again from the file.
        let count = 700_000
        let text = "[" + (0..<count).map { #"{"n": \#($0)}"# }.joined(separator: ",") + "]"
        #expect(text.utf8.count > 2 * JSONByteFile.blockSize * 64)
        let path = directory.url("doc.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let source = try IndexedJSONSource(path: path, shape: .structure, validates: false)
        let root = try #require(try await source.root())
        #expect(try await source.children(ofID: root.id, in: 0..<3).map(\.title) == ["[0]", "[1]", "[2]"])
        #expect(truncate(path, off_t(text.utf8.count / 3)) == 0)
        await #expect(throws: HierarchySourceError.self) {
            _ = try await source.children(ofID: root.id, in: count * 45 / 100..<count * 45 / 100 + 3)
        }
        #expect(try await source.children(ofID: root.id, in: 0..<1).map(\.title) == ["[0]"])
    }

    /// Whether the strict reader reads a file to its end without an error.
    static func readerAccepts(_ path: String) -> Bool {
        guard var reader = try? JSONEventReader(input: DocumentSource.openInput(path)) else { return false }
        do {
            while try reader.next() != nil {}
            return true
        } catch {
            return false
        }
    }

    static func validatorAccepts(_ path: String, capacity: Int) -> Bool {
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var validator = JSONValidator(descriptor: descriptor, capacity: capacity)
        defer { validator.close() }
        return validator.validate() == .valid
    }

    /// The validator accepts exactly what the strict reader accepts: every file of JSONTestSuite
    /// (y_, n_ and i_), read in buffers of 4 bytes and of 1 MiB.
    @Test func validatorAgreesWithTheReaderOnJSONTestSuite() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
        #expect(names.count > 300)
        for name in names.sorted() {
            let path = Self.corpus.appendingPathComponent(name).path
            let expected = Self.readerAccepts(path)
            if name.hasPrefix("y_") { #expect(expected, "\(name)") }
            if name.hasPrefix("n_") { #expect(!expected, "\(name)") }
            #expect(Self.validatorAccepts(path, capacity: 4) == expected, "\(name)")
            #expect(Self.validatorAccepts(path, capacity: 1 << 20) == expected, "\(name)")
        }
    }

    /// A quote, an escape, a control character or a byte above ASCII at every place of an
    /// eight-byte word of a string, after plain bytes: the validator and the reader agree.
    @Test func validatorAgreesOnEveryPlaceInAWordOfAString() throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let path = directory.url("doc.json").path
        let specials: [[UInt8]] = [
            [], Array(#"\""#.utf8), Array(#"\n"#.utf8), Array(#"\u00e9"#.utf8), [0x01], [0x7F], Array("é".utf8),
            [0xC3], [0xFF], Array(#"\x"#.utf8), Array("😀".utf8), Array(#"""#.utf8),
        ]
        var accepted = 0
        for offset in 0..<17 {
            for special in specials {
                for tail in [0, 1, 7, 9] {
                    let text =
                        Array(#"[""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: offset) + special
                        + Array(repeating: UInt8(ascii: "b"), count: tail) + Array(#"", 1]"#.utf8)
                    try Data(text).write(to: URL(fileURLWithPath: path))
                    let expected = Self.readerAccepts(path)
                    if expected { accepted += 1 }
                    for capacity in [5, 64, 1 << 20] {
                        #expect(
                            Self.validatorAccepts(path, capacity: capacity) == expected, "\(offset) \(special) \(tail)")
                    }
                }
            }
        }
        #expect(accepted > 300)
    }

    /// Documents with one byte changed, inserted or removed: the validator and the reader agree.
    @Test func validatorAgreesWithTheReaderOnMutatedDocuments() throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let original = Array(
            #"{"a": [1, -2.5e+3, true, false, null, "x\"\u00e9\ud83d\ude00é😀"], "b": {"c": [], "d": {}}, "e": 0}"#
                .utf8)
        let alphabet = Array(#"{}[]":,.-+eE0159 \u"tfnlrx"#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        var random = SplitMix64(seed: 29)
        let path = directory.url("doc.json").path
        var accepted = 0
        for _ in 0..<3000 {
            var bytes = original
            let position = Int(random.next() % UInt64(bytes.count))
            let byte = alphabet[Int(random.next() % UInt64(alphabet.count))]
            switch random.next() % 3 {
            case 0: bytes[position] = byte
            case 1: bytes.insert(byte, at: position)
            default: bytes.remove(at: position)
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let expected = Self.readerAccepts(path)
            if expected { accepted += 1 }
            #expect(Self.validatorAccepts(path, capacity: 3) == expected, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(Self.validatorAccepts(path, capacity: 64) == expected, "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(accepted > 100)
    }

    /// ``dump(_:pageSize:)`` of an indexed source, with the counts of rows that show none yet
    /// (containers larger than the count budget) asked for: the counts a view shows once it asks.
    static func countedDump(_ source: IndexedJSONSource, pageSize: Int) async throws -> [String] {
        guard let root = try await source.root() else { return [] }
        var lines: [String] = []
        func visit(_ node: HierarchyNode, depth: Int) async throws {
            let attributes = node.attributes.keys.sorted().map { "\($0)=\(node.attributes[$0] ?? "")" }
                .joined(separator: ";")
            let count = try await source.childCount(ofID: node.id)
            if let shown = node.childCount { #expect(shown == count, "\(node.id)") } else { #expect(node.isContainer) }
            lines.append(
                "\(depth)|\(node.id)|\(node.title)|\(node.subtitle ?? "-")|\(node.footnote ?? "-")|\(node.status ?? "-")|\(attributes)|\(node.childCount == nil && node.isContainer && count == 0 ? -1 : count)"
            )
            var start = 0
            while start < count {
                let page = try await source.children(ofID: node.id, in: start..<min(count, start + pageSize))
                if page.isEmpty { break }
                for child in page { try await visit(child, depth: depth + 1) }
                start += page.count
            }
        }
        try await visit(root, depth: 0)
        return lines
    }

    /// Generated identifiers differ (`#N` against pointers): the dump with them left out.
    static func anonymous(_ lines: [String]) -> [String] {
        lines.map { line in
            var fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            if fields.count > 1, fields[1].hasPrefix("#") || fields[1].hasPrefix("/") { fields[1] = "*" }
            return fields.joined(separator: "|")
        }
    }
}
