import Foundation
import GRDB
import HierarchyDocuments
import HierarchySources
import HierarchyTestSupport
import Synchronization
import Testing

@testable import HierarchySQLite

@Suite("SQLiteImporter")
struct SQLiteImporterTests {
    @Test("JSON {\"root\": [one item]} makes that item the root; field mapping")
    func jsonSingleRoot() async throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("a.db")
        let json = """
            {"root": [{"id": "site", "name": "Plant", "type": "static", "location": "Walldorf",
              "status": "Operational", "serial": 42, "ok": true, "nested": {"ignored": [1, 2]},
              "children": [
                {"title": "Pump", "type": "Rotating", "body": "Basement"},
                {"id": "v", "title": "Valve", "subtitle": "Static", "type": "dynamic", "footnote": "F", "location": "L"}
              ]}]}
            """
        // Forced to items: read automatically, `nested` (which items leave out) makes the
        // document import as its structure.
        let file = try directory.write("plant.json", json)
        let summary = try await SQLiteImporter(destination: db).importFile(at: file, shape: .items)
        #expect(summary.items == 3)
        let source = try SQLiteSource(path: db.path)
        #expect(
            try await dump(source) == [
                "0|site|Plant|-|Walldorf|Operational|ok=true;serial=42;type=static|2",
                "1|#2|Pump|Rotating|Basement|-||0",
                "1|v|Valve|Static|F|-|location=L;type=dynamic|0",
            ])
    }

    @Test("top-level arrays and wrappers with several items get a root named after the file")
    func jsonSeveralTopLevel() async throws {
        let items = "[{\"id\":\"a\",\"title\":\"a\"},{\"id\":\"b\",\"title\":\"b\"}]"
        for text in [items, "{\"root\":\(items)}"] {
            let directory = try TemporaryDirectory()
            let db = directory.file("a.db")
            try await importText(text, named: "doc.json", into: db, in: directory)
            let lines = try await dump(SQLiteSource(path: db.path))
            #expect(lines == ["0|.|doc.json|-|-|-||2", "1|a|a|-|-|-||0", "1|b|b|-|-|-||0"])
        }
    }

    @Test("an empty document makes an empty store; one item makes a one-item store")
    func edgeSizes() async throws {
        let directory = try TemporaryDirectory()
        try await importText("[]", named: "empty.json", into: directory.file("e.db"), in: directory)
        #expect(try await SQLiteSource(path: directory.file("e.db").path).root() == nil)
        try await importText(
            "{\"id\":\"x\",\"title\":\"X\"}", named: "one.json", into: directory.file("o.db"), in: directory)
        #expect(try await dump(SQLiteSource(path: directory.file("o.db").path)) == ["0|x|X|-|-|-||0"])
        try await importText("id,parent_id\n", named: "none.csv", into: directory.file("n.db"), in: directory)
        #expect(try await SQLiteSource(path: directory.file("n.db").path).root() == nil)
    }

    @Test("CSV rows in any order, quoting, extra columns as attributes, counts")
    func csvAnyOrder() async throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("a.db")
        let csv =
            "id,parent_id,title,subtitle,footnote,status,color\r\n"
            + "c2,b,\"Leaf, two\",,,,\r\n"
            + "b,a,B,Sub,Foot,Error,red\r\n"
            + "c1,b,\"Leaf \"\"one\"\"\nsecond line\",,,,\r\n"
            + "a,,A,,,,\r\n"
        try await importText(csv, named: "in.csv", into: db, in: directory)
        let lines = try await dump(SQLiteSource(path: db.path))
        #expect(
            lines == [
                "0|a|A|-|-|-||1",
                "1|b|B|Sub|Foot|Error|color=red|2",
                "2|c2|Leaf, two|-|-|-||0",
                "2|c1|Leaf \"one\"\nsecond line|-|-|-||0",
            ])
    }

    @Test("CSV columns go through the field mapping of every document format")
    func csvFieldMapping() async throws {
        let directory = try TemporaryDirectory()
        let csv =
            "id,parent_id,name,type,location,body,serial,status\n"
            + "p,site,Pump,Rotating,,Basement,,\n"
            + "site,,Plant,static,Walldorf,,42,Operational\n"
            + "bare,site,,,,,,\n"
        try await importText(csv, named: "in.csv", into: directory.file("c.db"), in: directory)
        let json = """
            {"id": "site", "name": "Plant", "type": "static", "location": "Walldorf", "serial": 42,
             "status": "Operational", "children": [{"id": "p", "name": "Pump", "type": "Rotating", "body": "Basement"},
             {"id": "bare", "title": "bare"}]}
            """
        try await importText(json, named: "in.json", into: directory.file("j.db"), in: directory)
        let fromCSV = try await dump(SQLiteSource(path: directory.file("c.db").path))
        let fromJSON = try await dump(SQLiteSource(path: directory.file("j.db").path))
        #expect(
            fromCSV == [
                "0|site|Plant|-|Walldorf|Operational|serial=42;type=static|2",
                "1|p|Pump|Rotating|Basement|-||0",
                "1|bare|bare|-|-|-||0",
            ])
        #expect(fromCSV == fromJSON)
    }

    @Test("CSV bad rows are reported by line and nothing is written")
    func csvBadRows() async throws {
        let cases: [(String, HierarchySourceError.Code, Int)] = [
            ("id,parent_id\na,\nb,a\nc,zz\n", .unknownParent, 4),
            ("id,parent_id\na,\nb,a\na,b\n", .duplicateID, 4),
            ("id,parent_id\na,\nb,c\nc,b\n", .cycle, 3),
            ("id,parent_id\na,\nb,b\n", .cycle, 3),
        ]
        for (csv, code, line) in cases {
            let directory = try TemporaryDirectory()
            let db = directory.file("a.db")
            let error = await #expect(throws: SQLiteImportError.self) {
                try await importText(csv, named: "in.csv", into: db, in: directory)
            }
            let first = try #require(error?.problems.first)
            #expect(first.code == code)
            #expect(first.line == line)
            #expect(first.path?.hasSuffix("in.csv") == true)
            #expect(try directory.contents() == ["in.csv"])
        }
    }

    @Test("JSON duplicate ids are reported with the line of the second one")
    func jsonDuplicate() async throws {
        let directory = try TemporaryDirectory()
        let json =
            "{\"root\": [\n {\"id\": \"a\", \"title\": \"A\"},\n {\"id\": \"b\", \"title\": \"B\", \"children\": [\n  {\"id\": \"a\", \"title\": \"A\"}]}]}"
        let error = await #expect(throws: SQLiteImportError.self) {
            try await importText(json, named: "d.json", into: directory.file("a.db"), in: directory)
        }
        #expect(error?.problems.first?.line == 4)
        #expect(error?.problems.first?.description.contains("first on line 2") == true)
        #expect(error?.totalCount == 1)
        #expect(try directory.contents() == ["d.json"])
    }

    @Test(
        "malformed files leave no database behind",
        arguments: [
            ("bad.json", "{\"root\": [{\"id\": \"a\",}]}"),
            ("bad.json", "{\"root\": [{\"id\": \"a\"}"),
            ("bad.json", "[1, 2,]"),
            ("bad.csv", "id,parent_id\na,\"unterminated\n"),
            ("bad.csv", "id,parent_id\na,,extra\n"),
            ("bad.csv", "title\nx\n"),
        ])
    func malformed(name: String, text: String) async throws {
        let directory = try TemporaryDirectory()
        let error = await #expect(throws: HierarchySourceError.self) {
            try await importText(text, named: name, into: directory.file("a.db"), in: directory)
        }
        #expect(error?.code == .malformed)
        #expect(error?.description.contains("\n") == false)
        #expect(try directory.contents() == [name])
    }

    @Test("an existing database is kept unless replacing; a locked one is not replaced")
    func replace() async throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("a.db")
        try await importText("[{\"id\":\"first\",\"title\":\"F\"}]", named: "1.json", into: db, in: directory)
        let error = await #expect(throws: HierarchySourceError.self) {
            try await importText("[{\"id\":\"second\",\"title\":\"S\"}]", named: "2.json", into: db, in: directory)
        }
        #expect(error?.description.contains("--replace") == true)
        #expect(try await SQLiteSource(path: db.path).root()?.id == "first")
        try await importText(
            "[{\"id\":\"second\",\"title\":\"S\"}]", named: "2.json", into: db, in: directory, replace: true)
        #expect(try await SQLiteSource(path: db.path).root()?.id == "second")

        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: db.path, configuration: configuration)
        try holder.inDatabase { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
        let locked = await #expect(throws: HierarchySourceError.self) {
            try await importText("[{\"id\":\"third\"}]", named: "3.json", into: db, in: directory, replace: true)
        }
        #expect(locked?.description.contains("locked") == true)
        try holder.inDatabase { db in try db.execute(sql: "ROLLBACK") }
        try holder.close()
        #expect(try await SQLiteSource(path: db.path).root()?.id == "second")
    }

    @Test("a missing or read-only directory is a clear error")
    func unwritableDirectory() async throws {
        let directory = try TemporaryDirectory()
        let missing = await #expect(throws: HierarchySourceError.self) {
            try await importText("[]", named: "x.json", into: directory.file("no/such/a.db"), in: directory)
        }
        #expect(missing?.code == .notFound)
        guard getuid() != 0 else { return }  // Permissions do not bind root.
        let locked = directory.file("ro")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        #expect(chmod(locked.path, 0o555) == 0)
        let error = await #expect(throws: HierarchySourceError.self) {
            try await importText("[]", named: "x.json", into: locked.appendingPathComponent("a.db"), in: directory)
        }
        #expect(error?.code == .permissionDenied)
    }

    @Test("any HierarchySource is copied page by page", arguments: [1, 2, 1000])
    func fromSource(pageSize: Int) async throws {
        let directory = try TemporaryDirectory()
        let tree = TreeSource([("r", nil), ("a", "r"), ("b", "r"), ("a1", "a"), ("a2", "a"), ("b1", "b"), ("c", "r")])
        let db = directory.file("s.db")
        let summary = try await SQLiteImporter(destination: db).importSource(tree, pageSize: pageSize)
        #expect(summary.items == 7)
        #expect(try await dump(SQLiteSource(path: db.path)) == dump(tree))
    }

    @Test("property lists import like JSON")
    func propertyList() async throws {
        let directory = try TemporaryDirectory()
        let value: [String: Any] = [
            "root": [["id": "a", "name": "A", "children": [["id": "b", "title": "B", "status": "Error"]]]]
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0)
        let file = directory.file("p.plist")
        try data.write(to: file)
        try await SQLiteImporter(destination: directory.file("p.db")).importFile(at: file)
        #expect(
            try await dump(SQLiteSource(path: directory.file("p.db").path))
                == ["0|a|A|-|-|-||1", "1|b|B|-|-|Error||0"])
    }

    @Test("progress is reported, throttled, ending with the last phase")
    func progress() async throws {
        let directory = try TemporaryDirectory()
        let events = Mutex<[ImportProgress]>([])
        var importer = SQLiteImporter(destination: directory.file("g.db")) { progress in
            events.withLock { $0.append(progress) }
        }
        importer.progressInterval = .seconds(3600)
        try await importer.generate(SyntheticHierarchy(nodes: 50_000, levels: 4))
        let phases = events.withLock { $0.map(\.phase) }
        // One throttled reading update at most, then each later phase once.
        #expect(phases.filter { $0 == .reading }.count <= 1)
        #expect(phases.last == .finishing)
        #expect(phases.contains(.fullTextIndexing))
    }
}
