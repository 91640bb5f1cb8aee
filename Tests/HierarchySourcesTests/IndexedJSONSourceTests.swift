import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

/// The indexed JSON source shows what ``DocumentSource`` shows (titles, subtitles, footnotes,
/// statuses, attributes, counts, explicit ids), names the other items by their JSON Pointer,
/// and finds items by pointer, by `#N` and by `id`.
@Suite struct IndexedJSONSourceTests {
    static let hostileCorpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../HostileCorpus").standardizedFileURL
    static let sample = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent(
            "../../Sources/HierarchyDocuments/Resources/sample-plant.json"
        )
        .standardizedFileURL

    static func write(_ text: String, in directory: TemporaryDirectory, name: String = "doc.json") throws -> String {
        try Data(text.utf8).write(to: directory.url(name))
        return directory.url(name).path
    }

    /// An `id` is found by a scan of the bytes for its quoted text, past the same text elsewhere
    /// (a title, a subtitle, another case, another field); a numeric id, an escaped one and
    /// a non-ASCII one by the walk. Each in a fresh source that handed out nothing yet.
    @Test func idsAreFoundPastTheirTextElsewhere() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.write(
            #"""
            {"title": "Top", "children": [
              {"title": "x", "subtitle": "X", "note": "x"},
              {"title": "other", "id": "X", "children": [{"title": "deep", "id": "x"}]},
              {"title": "number", "id": 42},
              {"title": "escaped", "id": "esc"},
              {"title": "accented", "id": "é1"}
            ]}
            """#, in: directory)
        func found(_ id: String) async throws -> String? {
            try await IndexedJSONSource(path: path).node(withID: id)?.title
        }
        #expect(try await found("x") == "deep")
        #expect(try await found("X") == "other")
        #expect(try await found("42") == "number")
        #expect(try await found("esc") == "escaped")
        #expect(try await found("é1") == "accented")
        #expect(try await found("y") == nil)
        #expect(try await IndexedJSONSource(path: path).path(toID: "x").map(\.title) == ["Top", "other", "deep"])
    }

    /// Both sources read the same file in the same shape: the same dump, generated ids aside.
    static func compare(_ path: String, shape: DocumentShape) async throws {
        let expected: [String]
        do {
            expected = try await dump(
                try await DocumentSource.load(contentsOf: URL(fileURLWithPath: path), shape: shape), pageSize: 4)
        } catch let error as HierarchySourceError {
            // A document refused today is refused when opened, or by the background pass.
            do {
                let source = try IndexedJSONSource(path: path, shape: shape)
                try await source.waitForValidation()
                Issue.record("\(path) (\(shape)) was accepted; today: \(error)")
            } catch let refused as HierarchySourceError {
                #expect(refused.code == error.code, "\(path): \(refused) against \(error)")
            }
            return
        }
        let source = try IndexedJSONSource(path: path, shape: shape)
        let found = try await JSONByteIndexTests.countedDump(source, pageSize: 4)
        #expect(JSONByteIndexTests.anonymous(found) == JSONByteIndexTests.anonymous(expected), "\(path) \(shape)")
        try await source.waitForValidation()
    }

    @Test(arguments: [DocumentShape.automatic, .items, .structure])
    func sameItemsAsTheDocumentSourceOnTheSampleAndTheCorpus(shape: DocumentShape) async throws {
        var paths = [Self.sample.path]
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.hostileCorpus.path).sorted()
        where name.hasSuffix(".json") && !name.hasPrefix("deep-") {
            paths.append(Self.hostileCorpus.appendingPathComponent(name).path)
        }
        for path in paths { try await Self.compare(path, shape: shape) }
    }

    /// `yp`, `yq` and `yv` copy what they copy from the document read whole: each item's path
    /// and compact JSON, found by walking both sources side by side.
    @Test func copiesAreThoseOfTheDocumentReadWhole() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        var paths = [
            Self.sample.path,
            try Self.write(
                #"{"a": {"b/c": [10, {"d e": "x~", "q": "\"\u00e9\u007f"}], "a": 1, "a": [true, null, -1.5e3]}, "~": {}}"#,
                in: directory),
        ]
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.hostileCorpus.path).sorted()
        where name.hasSuffix(".json") && !name.hasPrefix("deep-") {
            paths.append(Self.hostileCorpus.appendingPathComponent(name).path)
        }
        var compared = 0
        for path in paths {
            guard let whole = try? await DocumentSource.load(contentsOf: URL(fileURLWithPath: path), shape: .structure)
            else { continue }
            let indexed = try IndexedJSONSource(path: path, shape: .structure)
            #expect(indexed.isDocumentStructure && whole.isDocumentStructure)
            var pending = [(try #require(try await whole.root()).id, try #require(try await indexed.root()).id)]
            var walked = 0
            while walked < 200, let (left, right) = pending.popLast() {
                walked += 1
                #expect(indexed.documentPath(ofID: right) == whole.documentPath(ofID: left), "\(path) \(right)")
                #expect(
                    try indexed.documentJSON(ofID: right, limit: 1 << 20)
                        == whole.documentJSON(ofID: left, limit: 1 << 20), "\(path) \(right)")
                compared += 1
                let a = try await whole.children(ofID: left, in: 0..<50).map(\.id)
                let b = try await indexed.children(ofID: right, in: 0..<50).map(\.id)
                #expect(a.count == b.count, "\(path) \(right)")
                pending += zip(a, b).map { ($0, $1) }
            }
            #expect(throws: DocumentJSONTooLarge.self) { try indexed.documentJSON(ofID: "", limit: 2) }
        }
        #expect(compared > 100)
        let items = try IndexedJSONSource(path: Self.sample.path, shape: .items)
        let root = try #require(try await items.root())
        #expect(!items.isDocumentStructure && items.documentPath(ofID: root.id) == nil)
    }

    @Test func itemsDocumentsOfEveryWrapper() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let documents = [
            #"[{"title": "A", "children": [{"name": "B", "type": "Kind"}, "leaf", 3, true]}, {"title": "C"}]"#,
            #"[{"title": "Only", "id": "o", "children": [{"title": "x", "children": [{"title": "y"}]}]}]"#,
            #"{"root": [{"title": "A"}, {"title": "B", "footnote": "F", "location": "L", "body": "Bd"}]}"#,
            #"{"title": "T", "status": "ok", "children": [{"title": "x"}], "children": [{"title": "y"}], "n": 1}"#,
            #"{"title": "Dyn", "children": [{"title": "d", "type": "dynamic", "children": [{"title": "z"}]}]}"#,
            #"[]"#,
        ]
        for (number, text) in documents.enumerated() {
            try await Self.compare(try Self.write(text, in: directory, name: "doc\(number).json"), shape: .automatic)
        }
    }

    @Test func pointersNameItemsWithoutAnID() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let path = try Self.write(
            #"{"title": "Top", "children": [{"title": "a", "children": [{"title": "a0"}, {"id": "b1", "title": "b1"}]}]}"#,
            in: directory)
        let source = try IndexedJSONSource(path: path)
        #expect(source.shape == .items)
        let root = try #require(try await source.root())
        #expect(root.id == "#0")
        let first = try await source.children(ofID: "#0", in: 0..<5)
        #expect(first.map(\.id) == ["/children/0"])
        let second = try await source.children(ofID: "/children/0", in: 0..<5)
        #expect(second.map(\.id) == ["/children/0/children/0", "b1"])
        #expect(try await source.node(withID: "/children/0/children/0")?.title == "a0")
        #expect(try await source.parent(ofID: "b1")?.id == "/children/0")
        #expect(try await source.parent(ofID: "/children/0")?.id == "#0")
        #expect(try await source.path(toID: "b1").map(\.title) == ["Top", "a", "b1"])
        #expect(try await source.index(ofChildID: "b1", inParentID: "/children/0") == 1)
        // `#N`: document order, as the document source numbers items.
        #expect(try await source.node(withID: "#2")?.title == "a0")
        #expect(try await source.node(withID: "#3")?.title == "b1")
        // Not items: a pointer into a field, past the end, or an unknown id.
        #expect(try await source.node(withID: "/title") == nil)
        #expect(try await source.node(withID: "/children/5") == nil)
        #expect(try await source.node(withID: "nope") == nil)
        // An id found by a scan, in a fresh source that handed out nothing yet.
        let fresh = try IndexedJSONSource(path: path)
        #expect(try await fresh.parent(ofID: "b1")?.title == "a")
    }

    @Test func structurePointersEscapeKeys() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let path = try Self.write(#"{"a/b": {"c~d": [10, 20]}, "e": null}"#, in: directory)
        let source = try IndexedJSONSource(path: path)
        #expect(source.shape == .structure)
        let top = try await source.children(ofID: "#0", in: 0..<5)
        #expect(top.map(\.id) == ["/a~1b", "/e"])
        #expect(top.map(\.subtitle) == [nil, "null"])
        let inner = try await source.children(ofID: "/a~1b", in: 0..<5)
        #expect(inner.map(\.id) == ["/a~1b/c~0d"])
        let values = try await source.children(ofID: "/a~1b/c~0d", in: 0..<5)
        #expect(values.map(\.title) == ["[0]", "[1]"])
        #expect(values.map(\.subtitle) == ["10", "20"])
        #expect(try await source.node(withID: "/a~1b/c~0d/1")?.subtitle == "20")
        #expect(try await source.node(withID: "#4")?.subtitle == "20")
        #expect(try await source.node(withID: "")?.id == "#0")
        #expect(try await source.parent(ofID: "/a~1b/c~0d/1")?.title == "c~d")
    }

    /// A key an earlier member has too names its member by position (`~2` and the position):
    /// every item keeps an identifier of its own.
    @Test func repeatedKeysGetIdentifiersOfTheirOwn() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let path = try Self.write(#"{"a": 1, "b": {"x": 2}, "a": 3, "b": {"y": 4}}"#, in: directory)
        let source = try IndexedJSONSource(path: path)
        let children = try await source.children(ofID: "#0", in: 1..<4)
        #expect(children.map(\.id) == ["/b", "/~22", "/~23"])
        #expect(children.map(\.title) == ["b", "a", "b"])
        #expect(try await source.children(ofID: "/~23", in: 0..<2).map(\.id) == ["/~23/y"])
        #expect(try await source.node(withID: "/~22")?.subtitle == "3")
        #expect(try await source.parent(ofID: "/~23/y")?.id == "/~23")
        let items = try Self.write(
            #"{"title": "T", "children": [{"title": "x"}], "children": [{"title": "y", "tags": [{"title": "no"}]}]}"#,
            in: directory, name: "items.json")
        let itemSource = try IndexedJSONSource(path: items, shape: .items)
        let rows = try await itemSource.children(ofID: "#0", in: 0..<2)
        #expect(rows.map(\.id) == ["/children/0", "/~22/0"])
        #expect(try await itemSource.node(withID: "/~22/0")?.title == "y")
        #expect(try await itemSource.node(withID: "/~22/0/tags/0") == nil)
    }

    /// The scan of the bytes finds exactly the items the walk over the same source finds, in
    /// titles, subtitles and footnotes, including text that matches only once decoded and
    /// folded (escapes, accented letters).
    @Test func searchFindsWhatTheWalkFinds() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let structure = try Self.write(
            #"{"Café": {"name": "\u0041pple", "note": "Crème brûlée", "n": 12}, "list": ["pump", "PUMP", "x\"y"],"#
                + #" "apple": [{"cafe": "e"}], "deep": {"deeper": {"pump house": true}}}"#,
            in: directory, name: "structure.json")
        let items = try Self.write(
            #"[{"title": "Pump A", "children": [{"name": "Éclair", "type": "Pastry", "notes": "pump"},"#
                + #" "pump leaf", {"title": "x", "footnote": "apple pie", "location": "pump"}]},"#
                + #" {"title": "Apple", "status": "pump"}]"#,
            in: directory, name: "items.json")
        let queries = ["pump", "a", "cafe", "apple", "eclair", "É", "x\"y", "12", "true", "house", "e", "zzz"]
        // The sample (about 3,500 items) is walked for a few of the queries: each walk reads it all.
        for (path, queries) in [(structure, queries), (items, queries), (Self.sample.path, ["pump", "a", "zzz"])] {
            let source = try IndexedJSONSource(path: path)
            for query in queries {
                let walked = try await HierarchySearchScan(source: source).matches(query, in: 0..<10_000)
                let scanned = try await source.search(query, in: 0..<10_000)
                #expect(Set(scanned.map(\.id)) == Set(walked.map(\.id)), "\(path): \(query)")
                #expect(scanned.count == Set(scanned.map(\.id)).count, "\(path): \(query)")
            }
        }
        let source = try IndexedJSONSource(path: structure)
        #expect(
            try await source.search("pump", in: 0..<10).map(\.id) == ["/list/0", "/list/1", "/deep/deeper/pump house"])
        #expect(try await source.search("pump", in: 1..<2).map(\.id) == ["/list/1"])
        #expect(try await source.search("apple", in: 0..<10).map(\.id) == ["/Café/name", "/apple"])
    }

    /// JSON Lines (by name, or a first line that is a whole value with another after it): one
    /// root whose children are the lines, each read as its structure.
    @Test func jsonLinesBrowseAsOneRootOfLines() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let text = "{\"level\": \"info\", \"n\": 1}\n[1, 2]\n\n\"three\"\r\n{\"level\": \"warn\"}\n"
        for name in ["log.jsonl", "log.ndjson", "log.json", "log.txt"] {
            let path = try Self.write(text, in: directory, name: name)
            let source = try IndexedJSONSource(path: path)
            let root = try #require(try await source.root())
            #expect(root.title == name)
            #expect(try await source.childCount(ofID: root.id) == 4)
            let lines = try await source.children(ofID: root.id, in: 0..<10)
            #expect(lines.map(\.id) == ["/0", "/1", "/2", "/3"])
            #expect(lines.map(\.title) == ["[0]", "[1]", "[2]", "[3]"])
            #expect(lines.map(\.subtitle) == [nil, nil, "three", nil])
            #expect(try await source.children(ofID: "/3", in: 0..<5).map(\.subtitle) == ["warn"])
            #expect(try await source.parent(ofID: "/1/0")?.id == "/1")
            #expect(try await source.search("warn", in: 0..<5).map(\.id) == ["/3/level"])
            try await source.waitForValidation()
        }
        // A bad line: the error names its line; the lines before it stay browsable.
        let bad = try Self.write("{\"a\": 1}\n{\"b\": 2}\n{\"c\": tru}\n{\"d\": 4}\n", in: directory, name: "bad.jsonl")
        let source = try IndexedJSONSource(path: bad)
        #expect(try await source.children(ofID: "#0", in: 0..<2).map(\.id) == ["/0", "/1"])
        await #expect(throws: HierarchySourceError.self) { try await source.waitForValidation() }
        let error = try #require(source.validationError)
        #expect(error.line == 3 && error.code == .malformed, "\(error)")
        // One value on its first line and nothing after it: a document, not lines.
        let single = try Self.write("{\"a\": 1}\n\n", in: directory, name: "single.json")
        #expect(try await IndexedJSONSource(path: single).children(ofID: "#0", in: 0..<5).map(\.title) == ["a"])
    }

    /// Items nested 20,000 deep: found by pointer, with their parents, without deep recursion.
    @Test func deeplyNestedItemsByPointer() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let depth = 20_000
        let text =
            String(repeating: #"{"title": "t", "children": ["#, count: depth) + #"{"title": "leaf"}"#
            + String(repeating: "]}", count: depth)
        let path = try Self.write(text, in: directory)
        let source = try IndexedJSONSource(path: path, shape: .items)
        let pointer = String(repeating: "/children/0", count: depth)
        #expect(try await source.node(withID: pointer)?.title == "leaf")
        #expect(try await source.parent(ofID: pointer)?.id == String(repeating: "/children/0", count: depth - 1))
        #expect(try await source.node(withID: pointer + "/children/0") == nil)
        #expect(try await source.node(withID: String(pointer.dropLast()) + "1") == nil)
    }

    /// Hostile files: whitespace only is refused at once; a million levels browse from the top
    /// and fail validation at the nesting limit, with a place.
    @Test func whitespaceOnlyAndAMillionLevels() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let blank = try Self.write(" \n\t \r\n", in: directory, name: "blank.json")
        do {
            _ = try IndexedJSONSource(path: blank)
            Issue.record("accepted")
        } catch let error as HierarchySourceError {
            #expect(error.code == .malformed && error.line != nil)
        }
        let deep = try Self.write(String(repeating: "[", count: 1_000_000), in: directory, name: "deep.json")
        let source = try IndexedJSONSource(path: deep, shape: .structure)
        #expect(try await source.children(ofID: "#0", in: 0..<2).map(\.id) == ["/0"])
        await #expect(throws: HierarchySourceError.self) { try await source.waitForValidation() }
        let error = try #require(source.validationError)
        #expect(error.code == .malformed && error.line == 1, "\(error)")
    }

    @Test func duplicateIDsAreRefusedAsToday() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let path = try Self.write(#"[{"id": "x", "title": "a"}, {"id": "x", "title": "b"}]"#, in: directory)
        await #expect(throws: HierarchySourceError.self) {
            try await DocumentSource.load(contentsOf: URL(fileURLWithPath: path))
        }
        do {
            _ = try IndexedJSONSource(path: path)
            Issue.record("accepted")
        } catch let error as HierarchySourceError {
            #expect(error.code == .duplicateID)
        }
    }

    /// An error after the part browsed: what comes before stays browsable, the background pass
    /// reports the error with its place.
    @Test func errorAfterTheFirstScreenLeavesThePrefixBrowsable() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let rows = (0..<2000).map { #"{"n": \#($0)}"# }.joined(separator: ",\n")
        let path = try Self.write("[" + rows + ",\n{\"n\": 01}]", in: directory)
        let source = try IndexedJSONSource(path: path)
        let first = try await source.children(ofID: "#0", in: 0..<3)
        #expect(first.map(\.title) == ["[0]", "[1]", "[2]"])
        await #expect(throws: HierarchySourceError.self) { try await source.waitForValidation() }
        let error = try #require(source.validationError)
        #expect(error.line == 2001 && error.code == .malformed)
        #expect(try await source.children(ofID: "/1999", in: 0..<1).map(\.subtitle) == ["1999"])
        // The status line's note: the error with its place, for a view that subscribes late too.
        var notes: [String?] = []
        for await change in source.changes() {
            if case .progress(let note) = change { notes.append(note) }
        }
        #expect(notes == ["⚠ \(error.description)"])
        #expect(error.description.hasPrefix(path + ":2001:"))
    }

    /// A column larger than a first count scans is shown with the children found so far; the
    /// rest are counted in the background and views are told the whole count.
    @Test func aLargeColumnGrowsWhileItIsCounted() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let filler = String(repeating: "x", count: 10_000)
        let rows = (0..<2_000).map { #"{"n": \#($0), "text": "\#(filler)"}"# }.joined(separator: ",\n")
        let path = try Self.write("[" + rows + "]", in: directory)
        let source = try IndexedJSONSource(path: path)
        let changes = source.changes()
        let root = try #require(try await source.root())
        #expect(root.childCount == nil && root.isContainer)
        let first = try await source.childCount(ofID: root.id)
        #expect(first > 0 && first < 2_000)
        #expect(try await source.children(ofID: root.id, in: 0..<first).count == first)
        // The changes end once the pass and the count are done.
        var told: [Int] = []
        for await change in changes {
            if case .appended(let parent, let count) = change, parent == root.id { told.append(count) }
        }
        #expect(told == [2_000])
        #expect(try await source.childCount(ofID: root.id) == 2_000)
        #expect(try await source.children(ofID: root.id, in: 1_998..<2_010).map(\.id) == ["/1998", "/1999"])
    }

    /// A column whose first member alone is longer than a count's budget still gets its count:
    /// the background count reaches further each time, though no checkpoint lies within reach.
    @Test func aColumnWhoseFirstMemberOutgrowsTheBudgetIsCountedToo() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let filler = String(repeating: "x", count: 1 << 20)
        let big = (0..<17).map { _ in "\"\(filler)\"" }.joined(separator: ",")
        let document =
            #"{"id": "root", "title": "Root", "children": [{"id": "big", "title": "Big", "tags": ["#
            + big + #"]}, {"id": "small", "title": "Small"}]}"#
        let path = try Self.write(document, in: directory)
        let source = try IndexedJSONSource(path: path, shape: .structure)
        let changes = source.changes()
        let root = try #require(try await source.root())
        let first = try await source.childCount(ofID: root.id)
        let rootID = root.id
        // Bounded: a count that never ends would keep the changes open.
        let told = try await withTimeout(.seconds(300)) {
            var told: [Int] = []
            for await change in changes {
                if case .appended(let parent, let count) = change, parent == rootID { told.append(count) }
            }
            return told
        }
        #expect(first < 3)
        #expect(told == [3])
        #expect(try await source.childCount(ofID: root.id) == 3)
    }

    /// A large document is read as items from its first bytes; when the background pass finds
    /// the rest is no items document, views start again (`.reset`) on its structure.
    @Test func aLargeDocumentThatTurnsOutNoItemsDocumentIsShownAsItsStructure() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let rows = (0..<60_000).map { #"{"title": "Item \#($0)"}"# }.joined(separator: ",\n")
        let path = try Self.write("[" + rows + #", {"n": 1}]"#, in: directory)
        let source = try IndexedJSONSource(path: path)
        let changes = source.changes()
        #expect(source.shape == .items)
        #expect(try await source.children(ofID: ".", in: 0..<2).map(\.title) == ["Item 0", "Item 1"])
        var resets = 0
        for await change in changes where change == .reset { resets += 1 }
        try await source.waitForValidation()
        #expect(resets == 1 && source.shape == .structure && source.isDocumentStructure)
        let root = try #require(try await source.root())
        #expect(root.id == "#0" && root.title == "doc.json")
        #expect(try await source.children(ofID: "#0", in: 60_000..<60_001).map(\.title) == ["[60000]"])
    }

    /// An items document whose error lies past its first bytes opens; the background pass
    /// reports the error (here a repeated id) with its place.
    @Test func aLargeItemsDocumentsErrorIsTheBackgroundPasss() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let rows = (0..<60_000).map { #"{"id": "i\#($0)", "title": "Item \#($0)"}"# }.joined(separator: ",\n")
        let path = try Self.write("[" + rows + #", {"id": "i7", "title": "again"}]"#, in: directory)
        let source = try IndexedJSONSource(path: path, shape: .items)
        #expect(try await source.node(withID: "i1")?.title == "Item 1")
        await #expect(throws: HierarchySourceError.self) { try await source.waitForValidation() }
        let error = try #require(source.validationError)
        #expect(error.code == .duplicateID && error.description.contains("\"i7\" (at line 60000)"), "\(error)")
        #expect(source.shape == .items)
    }

    /// The background pass keeps the first ids it meets, not all of them: a later id that
    /// repeats one of them is refused; two equal ids past them are not (memory stays flat).
    @Test func theBackgroundPassKeepsTheFirstIDs() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let count = IndexedJSONSource.backgroundIDLimit + 20_000
        let rows = (0..<count).map { #"{"id": "i\#($0)", "title": "T"}"# }.joined(separator: ",\n")
        let late = try Self.write("[" + rows + #", {"id": "i\#(count - 1)", "title": "again"}]"#, in: directory)
        let source = try IndexedJSONSource(path: late, shape: .items)
        try await source.waitForValidation()
        #expect(try await source.node(withID: "i\(count - 1)")?.title == "T")
        let early = try Self.write("[" + rows + #", {"id": "i5", "title": "again"}]"#, in: directory, name: "e.json")
        let refused = try IndexedJSONSource(path: early, shape: .items)
        await #expect(throws: HierarchySourceError.self) { try await refused.waitForValidation() }
        #expect(refused.validationError?.code == .duplicateID)
    }

    /// While the background pass runs, the status line says how far it is; at its end, nothing.
    @Test func progressOfTheBackgroundPass() async throws {
        let directory = try TemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let rows = (0..<300_000).map { #"{"n": \#($0)}"# }.joined(separator: ",\n")
        let path = try Self.write("[" + rows + "]", in: directory)
        let source = try IndexedJSONSource(path: path)
        var notes: [String?] = []
        for await change in source.changes() {
            if case .progress(let note) = change { notes.append(note) }
        }
        try await source.waitForValidation()
        #expect(notes.last == .some(nil) || notes.isEmpty)
        for note in notes.dropLast() {
            #expect(note?.hasPrefix("checking ") == true && note?.contains(" MB of ") == true)
        }
    }
}
