import Foundation
import HierarchySources
import HierarchyTestSupport
import Testing

@testable import HierarchySQLite

@Suite("SQLiteExporter")
struct SQLiteExporterTests {
    func export(_ db: URL, _ format: SQLiteExporter.Format, to file: URL) async throws -> String {
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try await SQLiteExporter(source: SQLiteSource(path: db.path)).export(format, to: handle)
        try handle.close()
        return try String(contentsOf: file, encoding: .utf8)
    }

    static let json = """
        {"root": [{"id": "site", "title": "Plant \\"A\\"", "status": "OK", "rank": 3, "children": [
          {"id": "p", "title": "Pump, big", "subtitle": "Rotating", "footnote": "Line\\nTwo", "color": "red"},
          {"id": "v", "title": "Välve ☃", "type": "static", "children": [{"id": "w", "title": "Deep"}]}]}]}
        """

    @Test("JSON → store → JSON → store keeps every item and field", arguments: [SQLiteExporter.Format.json, .csv])
    func roundTrip(format: SQLiteExporter.Format) async throws {
        let directory = try TemporaryDirectory()
        let first = directory.file("first.db")
        try await importText(Self.json, named: "in.json", into: first, in: directory)
        let exported = directory.file("out.\(format.rawValue)")
        let text = try await export(first, format, to: exported)
        let second = directory.file("second.db")
        try await SQLiteImporter(destination: second).importFile(at: exported)
        let original = try await dump(SQLiteSource(path: first.path))
        #expect(original.count == 4)
        #expect(try await dump(SQLiteSource(path: second.path)) == original)
        // And the export of the copy is the same text again.
        #expect(try await export(second, format, to: directory.file("again.\(format.rawValue)")) == text)
    }

    @Test("CSV export lists parents before children with the attribute columns")
    func csvShape() async throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("a.db")
        try await importText(Self.json, named: "in.json", into: db, in: directory)
        let text = try await export(db, .csv, to: directory.file("out.csv"))
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines[0] == "id,parent_id,title,subtitle,footnote,status,color,rank,type")
        #expect(lines[1] == "site,,\"Plant \"\"A\"\"\",,,OK,,3,")
        #expect(lines[2] == "p,site,\"Pump, big\",Rotating,\"Line\nTwo\",,red,,")
        #expect(lines.count == 6)  // header, 4 items, trailing empty
    }

    @Test("large stores export across many pages", arguments: [0, 1, 1500])
    func manyPages(nodes: Int) async throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("g.db")
        if nodes == 0 {
            try await importText("[]", named: "e.json", into: db, in: directory)
        } else {
            try await SQLiteImporter(destination: db).generate(SyntheticHierarchy(nodes: nodes, levels: 3))
        }
        let json = try await export(db, .json, to: directory.file("out.json"))
        let back = directory.file("back.db")
        try await SQLiteImporter(destination: back).importFile(at: directory.file("out.json"))
        #expect(try await dump(SQLiteSource(path: back.path), pageSize: 700).count == nodes)
        #expect(json.hasPrefix("{\"root\":["))
    }
}
